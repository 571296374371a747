import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { FileWatch } from "../../src/FileWatch.js"
import { LintCache } from "../../src/LintCache.js"
import * as MemoryAnalysisCache from "../../src/MemoryAnalysisCache.js"
import type { StylelintRunConfig } from "../../src/stylelint/StylelintConfiguration.js"
import { lintStylesheets } from "../../src/stylelint/StylelintLinter.js"
import { filesOf } from "./StylelintFixture.js"

/** Counts the files Stylelint linted: each lint runs inside the watch. */
const countingWatch = () => {
  const linted: Array<string> = []
  const layer = Layer.succeed(FileWatch, {
    during: (_tool, _path, work) => work(),
    duringAsync: (_tool, path, work) => (linted.push(path), work())
  })
  return { linted, layer }
}

const files = filesOf({ "a.css": "div {}\n", "b.scss": "$x: 1;\np { colr: red; }\n" })

const lintWith = (config: StylelintRunConfig) =>
  lintStylesheets({
    tool: "Stylelint",
    files,
    configOf: () => config,
    patternOf: (rule) => ({ patternId: `Stylelint_${rule}`, severity: "Warning" })
  })

const emptyBlocks: StylelintRunConfig = { rules: { "block-no-empty": true, "property-no-unknown": true } }

describe("lintStylesheets", () => {
  it.effect("lints each file with its syntax's parser and its config, in file order", () =>
    Effect.gen(function*() {
      const linted = yield* lintWith(emptyBlocks)
      const result = linted.resultOf({ skippedRules: [], configurationFile: ".stylelintrc" })
      expect(result.issues.map((issue) => [issue.file, issue.line, issue.patternId])).toEqual([
        ["a.css", 1, "Stylelint_block-no-empty"],
        ["b.scss", 2, "Stylelint_property-no-unknown"]
      ])
      expect(result.configurationFile).toBe(".stylelintrc")
      expect(linted.rejected).toEqual([])
    }))

  it.effect("lints an unchanged file once with a LintCache, and again when its config changes", () =>
    Effect.gen(function*() {
      const cache = yield* MemoryAnalysisCache.makeLint
      const runs = [countingWatch(), countingWatch(), countingWatch()]
      const [first, second, third] = runs
      if (first === undefined || second === undefined || third === undefined) throw new Error("three watches")
      const once = yield* lintWith(emptyBlocks).pipe(Effect.provide(first.layer), Effect.provideService(LintCache, cache))
      const again = yield* lintWith(emptyBlocks).pipe(Effect.provide(second.layer), Effect.provideService(LintCache, cache))
      const changed = yield* lintWith({ rules: { "block-no-empty": null } }).pipe(Effect.provide(third.layer), Effect.provideService(LintCache, cache))
      expect(first.linted).toEqual(["a.css", "b.scss"])
      expect(second.linted).toEqual([])
      expect(third.linted).toEqual(["a.css", "b.scss"])
      const issues = (linted: typeof once) => linted.resultOf({ skippedRules: [] }).issues.map((issue) => issue.patternId)
      expect(issues(again)).toEqual(issues(once))
      expect(issues(changed)).toEqual([])
    }))

  it.effect("leaves out, and names once, a rule whose setting Stylelint rejects", () =>
    Effect.gen(function*() {
      const linted = yield* lintWith({ rules: { "block-no-empty": true, "color-hex-length": "shrt" } })
      expect(linted.rejected).toEqual([{ rule: "color-hex-length", reason: `Invalid option value "shrt" for rule "color-hex-length"` }])
      expect(linted.resultOf({ skippedRules: [] }).issues.map((issue) => issue.patternId)).toEqual(["Stylelint_block-no-empty"])
    }))
})
