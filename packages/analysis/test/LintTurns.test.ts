import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { EnabledRule } from "../src/EnabledRule.js"
import { failedFileOf } from "../src/LintedFile.js"
import { lintedTurnData, lintedTurnOf } from "../src/LintThreadProtocol.js"
import { inTreeOrder, lintTurns, makeTurns } from "../src/LintTurns.js"
import { lintWithPatterns, preparePatternLint } from "../src/PatternLinter.js"

const rules: ReadonlyArray<EnabledRule> = [
  { patternId: "ESLint9_no-unused-vars", ruleId: "no-unused-vars", severity: "Error", parameters: [] },
  { patternId: "ESLint9_eqeqeq", ruleId: "eqeqeq", severity: "Warning", parameters: [] }
]

const cTs = { path: "c.ts", content: "export const f = (a: number) => a == 2\n" }

const files = [
  { path: "README.md", content: "# not linted\n" },
  { path: "a.js", content: "const unused = 1\n" },
  { path: "b.js", content: "export const same = (x, y) => x == y\n" },
  { path: "broken.js", content: "const = ;\n" },
  cTs
]

const root = "/tree"

describe("LintTurns", () => {
  it.effect("two linters sharing the turns lint each file once, and together give what one linter alone gives", () =>
    Effect.gen(function*() {
      const alone = yield* lintWithPatterns(root, files, rules)
      const one = yield* preparePatternLint(root, files, rules)
      const other = yield* preparePatternLint(root, files, rules)
      const turns = makeTurns()
      const [mine, theirs] = yield* Effect.all([lintTurns(one, turns), lintTurns(other, turns)], { concurrency: 2 })
      const taken = [...mine, ...theirs].map(([index]) => index).sort()
      expect(taken).toStrictEqual([0, 1, 2, 3])
      // What crosses from the lint thread is rebuilt as this thread would have linted it.
      const crossed = theirs.map(lintedTurnData).flatMap(lintedTurnOf(one.lintable))
      const linted = inTreeOrder(one, [...mine, ...crossed])
      expect(linted === undefined ? undefined : one.resultOf(linted)).toStrictEqual(alone)
      expect(alone.issues.length).toBe(3)
      expect(alone.unparsedFiles.map((f) => f.file)).toStrictEqual(["broken.js"])
    }))

  it.effect("a file neither linter took leaves a gap, not a result", () =>
    Effect.gen(function*() {
      const lint = yield* preparePatternLint(root, files, rules)
      const turns = makeTurns()
      const all = yield* lintTurns(lint, turns)
      expect(inTreeOrder(lint, all.slice(1))).toBeUndefined()
      // Every turn was taken: another linter on the same turns has nothing left.
      expect(yield* lintTurns(lint, turns)).toStrictEqual([])
    }))
})

describe("LintThreadProtocol", () => {
  it.effect("linted files, a parsing error and a rule's failure cross the thread boundary as they were", () =>
    Effect.gen(function*() {
      const lint = yield* preparePatternLint(root, files, rules)
      const all = yield* lintTurns(lint, makeTurns())
      const crossed = all.map(lintedTurnData).flatMap(lintedTurnOf(lint.lintable))
      // The largest file's turn comes first.
      expect(crossed[0]?.[0]).toBe(3)
      expect(crossed.map(([index, file]) => [index, file._tag]).sort(([a], [b]) => Number(a) - Number(b)))
        .toStrictEqual([[0, "Linted"], [1, "Linted"], [2, "Unparsed"], [3, "Linted"]])
      const resultOf = (turns: typeof all) => {
        const linted = inTreeOrder(lint, turns)
        return linted === undefined ? undefined : lint.resultOf(linted)
      }
      expect(resultOf(crossed)).toStrictEqual(resultOf(all))
      const failed = lintedTurnData([3, failedFileOf(cTs, new Error("a rule threw"))])
      expect(lintedTurnOf(lint.lintable)(failed).map(([index, file]) => [index, file._tag === "Failed" ? file.failed.reason : file._tag]))
        .toStrictEqual([[3, "a rule threw"]])
    }))
})
