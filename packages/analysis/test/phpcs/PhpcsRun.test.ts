import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Either } from "effect"
import { childFences } from "../../src/external/ChildFences.js"
import { defaultPhpcsLimits, runPhpcs } from "../../src/phpcs/PhpcsRun.js"
import { checkoutOf } from "./PhpcsFixture.js"

const jumbled = "<?php\nfor ($i = 0; $i < 3; $i++) {\n    for ($k = 0; $k < 3; $i++) {\n    }\n}\n"

const request = (root: string, files: ReadonlyArray<string>) => ({
  program: "/usr/bin/phpcs",
  root,
  fences: childFences(["/usr/bin/phpcs"]),
  limits: defaultPhpcsLimits,
  options: ["--report=json", "-q", "--standard=Generic", "--sniffs=Generic.CodeAnalysis.JumbledIncrementer", `--basepath=${root}`],
  files
})

describe("runPhpcs", () => {
  it.effect("gives the real phpcs's messages per file, confined, by the file's path (one that looks like an option too)", () =>
    Effect.gen(function*() {
      const { root } = checkoutOf({ "a.php": jumbled, "-b.php": jumbled, "c.php": "<?php\n" })
      const outcomes = yield* runPhpcs({ ...request(root, ["a.php", "-b.php", "c.php"]), limits: { ...defaultPhpcsLimits, filesPerRun: 2 } })
      const found = (path: string) => Either.map(outcomes.get(path) ?? Either.left("none"), (messages) => messages.map((m) => [m.source, m.line, m.type]))
      expect(found("a.php")).toEqual(Either.right([["Generic.CodeAnalysis.JumbledIncrementer.Found", 2, "WARNING"]]))
      expect(found("-b.php")).toEqual(Either.right([["Generic.CodeAnalysis.JumbledIncrementer.Found", 2, "WARNING"]]))
      expect(found("c.php")).toEqual(Either.right([]))
    }))

  it.effect("fails a file phpcs cannot read, alone, and what is left once the tree's time is spent, never counting it clean", () =>
    Effect.gen(function*() {
      const { root } = checkoutOf({ "a.php": jumbled })
      const outcomes = yield* runPhpcs(request(root, ["a.php", "gone.php"]))
      expect(Either.isRight(outcomes.get("a.php") ?? Either.left("none"))).toBe(true)
      expect(outcomes.get("gone.php")).toEqual(Either.left("phpcs exited with code 3: ERROR: The file \"./gone.php\" does not exist."))
      const spent = yield* runPhpcs({ ...request(root, ["a.php"]), limits: { ...defaultPhpcsLimits, total: Duration.zero } })
      expect(spent.get("a.php")).toEqual(Either.left("phpcs's time for this tree (0) ran out before this file"))
    }))
})
