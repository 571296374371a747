import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { FileWatch } from "../../src/FileWatch.js"
import { LintCache } from "../../src/LintCache.js"
import type { LintedFile } from "../../src/LintedFile.js"
import * as MemoryAnalysisCache from "../../src/MemoryAnalysisCache.js"
import { prepareRuffLint, type RuffLintInput } from "../../src/ruff/RuffLinter.js"
import { patternSettings, treeSettings } from "../../src/ruff/RuffSettings.js"
import { takesPython } from "../../src/PythonFiles.js"
import { filesOf, noneComparison, ruffDefinition, ruffRule, syntaxError, undefinedName, unusedImport } from "./RuffFixture.js"

const rules = [ruffRule("F401", "Warning"), ruffRule("E711", "Error")]

const files = filesOf({
  "app.py": `${unusedImport}${noneComparison}`,
  "broken.py": syntaxError,
  "README.md": "# not Python\n"
})

const patternInput = (input: Partial<RuffLintInput> = {}): RuffLintInput => ({
  definition: ruffDefinition,
  files,
  takes: takesPython,
  settingsOf: () => patternSettings(rules.map((rule) => rule.ruleId)),
  rules,
  configured: false,
  configurationFile: undefined,
  skippedRules: [],
  ...input
})

/** Counts the files Ruff checked: each check runs inside the watch. */
const countingWatch = () => {
  const checked: Array<string> = []
  const layer = Layer.succeed(FileWatch, {
    during: (_tool, path, work) => (checked.push(path), work()),
    duringAsync: (_tool, path, work) => (checked.push(path), work())
  })
  return { checked, layer }
}

const lintAll = (input: RuffLintInput) =>
  Effect.gen(function*() {
    const lint = yield* prepareRuffLint(input)
    const linted: ReadonlyArray<LintedFile> = yield* Effect.forEach(lint.lintable, lint.lintFile)
    return lint.resultOf(linted)
  })

describe("prepareRuffLint", () => {
  it.effect("lints the Python files with the patterns, their severities, a syntax error as an unparsed file", () =>
    Effect.gen(function*() {
      const result = yield* lintAll(patternInput())
      expect(result.lintedFiles).toBe(2)
      expect(result.issues.map((issue) => [issue.patternId, issue.file, issue.line, issue.severity])).toEqual([
        ["Ruff_F401", "app.py", 1, "Warning"],
        ["Ruff_E711", "app.py", 3, "Error"]
      ])
      expect(result.unparsedFiles.map((file) => [file.file, file.line])).toEqual([["broken.py", 1]])
      expect(result.unparsedFiles[0]?.message).toMatch(/^Syntax error: /)
      expect(result.configurationFile).toBeUndefined()
    }))

  it.effect("with a configuration, counts every code it reports, as a Warning unless a pattern says otherwise", () =>
    Effect.gen(function*() {
      const tree = treeSettings("Ruff", filesOf({ "ruff.toml": "[lint]\nselect = [\"E711\", \"F821\"]\n" }), patternSettings([]))
      const result = yield* lintAll(
        patternInput({ files: filesOf({ "a.py": `${noneComparison}${undefinedName}` }), settingsOf: tree.settingsOf, configured: true, configurationFile: "ruff.toml" })
      )
      expect(result.issues.map((issue) => [issue.patternId, issue.line, issue.severity])).toEqual([
        ["Ruff_E711", 2, "Error"],
        ["Ruff_F821", 4, "Warning"]
      ])
      expect(result.configurationFile).toBe("ruff.toml")
    }))

  it.effect("turns a file's per-file-ignores off whatever selector names them", () =>
    Effect.gen(function*() {
      const toml = "[lint]\nselect = [\"F\", \"E\"]\n[lint.per-file-ignores]\n\"__init__.py\" = [\"F\"]\n\"tests/*\" = [\"E7\"]\n"
      const tree = treeSettings("Ruff", filesOf({ "ruff.toml": toml }), patternSettings([]))
      const source = `${unusedImport}${noneComparison}`
      const result = yield* lintAll(
        patternInput({
          files: filesOf({ "pkg/__init__.py": source, "tests/unit/test_a.py": source, "pkg/a.py": source }),
          settingsOf: tree.settingsOf,
          configured: true
        })
      )
      expect(result.issues.map((issue) => [issue.file, issue.patternId])).toEqual([
        ["pkg/__init__.py", "Ruff_E711"],
        ["pkg/a.py", "Ruff_F401"],
        ["pkg/a.py", "Ruff_E711"],
        ["tests/unit/test_a.py", "Ruff_F401"]
      ])
    }))

  it.effect("checks an unchanged tree only once with a LintCache", () =>
    Effect.gen(function*() {
      const cache = yield* MemoryAnalysisCache.makeLint
      const first = countingWatch()
      const once = yield* lintAll(patternInput()).pipe(Effect.provide(first.layer), Effect.provideService(LintCache, cache))
      expect(first.checked).toEqual(["app.py", "broken.py"])
      const second = countingWatch()
      const again = yield* lintAll(patternInput()).pipe(Effect.provide(second.layer), Effect.provideService(LintCache, cache))
      expect(second.checked).toEqual([])
      expect(again).toEqual(once)
      const changed = countingWatch()
      const otherRules = [ruffRule("F401", "Warning")]
      yield* lintAll(patternInput({ rules: otherRules, settingsOf: () => patternSettings(["F401"]) })).pipe(
        Effect.provide(changed.layer),
        Effect.provideService(LintCache, cache)
      )
      expect(changed.checked).toEqual(["app.py", "broken.py"])
    }))
})

describe("prepareRuffLint's fixes", () => {
  it.effect("keeps Ruff's fix for a rule whose fixes are safe, as edits of the file, and drops an unsafe one's", () =>
    Effect.gen(function*() {
      const source = `value = None\nif value == None:\n    print(f"plain")\n`
      const fixing = [ruffRule("E711", "Warning"), ruffRule("F541", "Warning")]
      const result = yield* lintAll(patternInput({
        files: filesOf({ "fix.py": source }),
        rules: fixing,
        settingsOf: () => patternSettings(fixing.map((rule) => rule.ruleId))
      }))
      expect(result.issues.map((issue) => [issue.patternId, issue.fix])).toEqual([
        ["Ruff_E711", undefined],
        ["Ruff_F541", [{ from: source.indexOf('f"plain"'), to: source.indexOf('f"plain"') + 8, text: '"plain"' }]]
      ])
    }))
})
