import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Either } from "effect"
import { childFences } from "../../src/external/ChildFences.js"
import { defaultRubocopLimits, rubocopFilesEach, runRubocop } from "../../src/rubocop/RubocopRun.js"
import { checkoutOf } from "./RubocopFixture.js"

const request = (root: string, files: ReadonlyArray<string>) => ({
  program: "/usr/bin/rubocop",
  root,
  fences: childFences(["/usr/bin/rubocop"]),
  limits: defaultRubocopLimits,
  options: ["--format", "json", "--cache", "false", "--only", "Lint/UselessAssignment,Lint/Syntax"],
  files
})

describe("runRubocop", () => {
  it.effect("gives the real RuboCop's offences per file, confined, by the file's path (one that looks like an option too)", () =>
    Effect.gen(function*() {
      const { root } = checkoutOf({ "a.rb": "def f\n  x = 1\nend\n", "-b.rb": "def g\n  y = 2\nend\n", "c.rb": "def h; end\n" })
      const outcomes = yield* runRubocop({ ...request(root, ["a.rb", "-b.rb", "c.rb"]), limits: { ...defaultRubocopLimits, filesPerRun: 2 } })
      const found = (path: string) => Either.map(outcomes.get(path) ?? Either.left("none"), (offences) => offences.map((o) => [o.cop, o.line]))
      expect(found("a.rb")).toEqual(Either.right([["Lint/UselessAssignment", 2]]))
      expect(found("-b.rb")).toEqual(Either.right([["Lint/UselessAssignment", 2]]))
      expect(found("c.rb")).toEqual(Either.right([]))
    }))

  it.effect("fails a file RuboCop cannot read, alone, and what is left once the tree's time is spent, never counting it clean", () =>
    Effect.gen(function*() {
      const { root } = checkoutOf({ "a.rb": "def f\n  x = 1\nend\n" })
      const outcomes = yield* runRubocop(request(root, ["a.rb", "gone.rb"]))
      expect(Either.isRight(outcomes.get("a.rb") ?? Either.left("none"))).toBe(true)
      expect(outcomes.get("gone.rb")).toEqual(Either.left(`RuboCop exited with code 2: Error: No such file or directory: ${root}/gone.rb`))
      const spent = yield* runRubocop({ ...request(root, ["a.rb"]), limits: { ...defaultRubocopLimits, total: Duration.zero } })
      expect(spent.get("a.rb")).toEqual(Either.left("RuboCop's time for this tree (0) ran out before this file"))
    }))

  it.effect("spreads the files over runs side by side when given jobs, each file's offences the same as in one run", () =>
    Effect.gen(function*() {
      const sources = Object.fromEntries(Array.from({ length: 2 * rubocopFilesEach }, (_, i) => [`f${i}.rb`, i % 2 === 0 ? `def f${i}\n  x = ${i}\nend\n` : `def g${i}; end\n`]))
      const { root } = checkoutOf(sources)
      const files = Object.keys(sources)
      const alone = yield* runRubocop(request(root, files))
      const spread = yield* runRubocop({ ...request(root, files), jobs: 2 })
      const found = (outcomes: typeof alone) => files.map((path) => Either.map(outcomes.get(path) ?? Either.left("none"), (offences) => offences.map((o) => [o.cop, o.line])))
      expect(found(spread)).toEqual(found(alone))
      expect(found(spread).filter((outcome) => Either.isRight(outcome) && outcome.right.length === 1)).toHaveLength(rubocopFilesEach)
    }))
})
