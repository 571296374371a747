import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { EnabledRule } from "../../src/EnabledRule.js"
import { makeRuffTool } from "../../src/ruff/RuffTool.js"
import type { SourceFile } from "../../src/SourceTree.js"
import {
  filesOf,
  noneComparison,
  ruffDefinition,
  ruffRule,
  silencedImport,
  syntaxError,
  undefinedName,
  unusedImport
} from "./RuffFixture.js"

const tool = makeRuffTool(ruffDefinition)

const rules = [ruffRule("F401", "Warning"), ruffRule("E711", "Error"), ruffRule("F821", "High")]

const run = (files: ReadonlyArray<SourceFile>, enabled: ReadonlyArray<EnabledRule>, useConfigurationFile: boolean) =>
  Effect.flatten(tool.start("/repository", files, { rules: enabled, useConfigurationFile, configurationByDefault: false }))

const issuesOf = (files: ReadonlyArray<SourceFile>, enabled: ReadonlyArray<EnabledRule>, useConfigurationFile: boolean) =>
  run(files, enabled, useConfigurationFile).pipe(
    Effect.map(({ result }) => result.issues.map((issue) => [issue.file, issue.line, issue.patternId, issue.severity]))
  )

const longLine = `text = "${"x".repeat(100)}"\n`
const pythonFiles = { "app.py": `${unusedImport}${longLine}` }

describe("makeRuffTool", () => {
  it("takes Python modules, stubs and python scripts, not notebooks", () => {
    expect(tool.takes({ path: "a/b.py", content: "" })).toBe(true)
    expect(tool.takes({ path: "types.pyi", content: "" })).toBe(true)
    expect(tool.takes({ path: "bin/run", content: "#!/usr/bin/env python3\nprint(1)\n" })).toBe(true)
    expect(tool.takes({ path: "bin/run.sh", content: "#!/bin/sh\n" })).toBe(false)
    expect(tool.takes({ path: "nb.ipynb", content: "{}" })).toBe(false)
    expect(tool.languages).toEqual(["Python"])
  })

  it("takes the prefix off a pattern id", () => {
    expect(tool.ruleIdOf("Ruff_F401")).toBe("F401")
    expect(tool.ruleIdOf("Ruff_PLR0913")).toBe("PLR0913")
  })

  it("finds the root's configuration in Ruff's order", () => {
    const pyproject = "[tool.ruff]\nline-length = 100\n"
    expect(tool.configurationOf(filesOf({ "pyproject.toml": pyproject, "ruff.toml": "", ".ruff.toml": "" }))).toEqual({ file: ".ruff.toml", readable: true })
    expect(tool.configurationOf(filesOf({ "pyproject.toml": pyproject, "ruff.toml": "" }))).toEqual({ file: "ruff.toml", readable: true })
    expect(tool.configurationOf(filesOf({ "pyproject.toml": pyproject }))).toEqual({ file: "pyproject.toml", readable: true })
    expect(tool.configurationOf(filesOf({ "pyproject.toml": "[tool.black]\n", "pkg/ruff.toml": "" }))).toBeUndefined()
  })

  it.effect("lints with exactly the enabled patterns, honouring noqa comments", () =>
    Effect.gen(function*() {
      const files = filesOf({
        "app.py": `${unusedImport}${noneComparison}${undefinedName}${silencedImport}${longLine}`,
        "broken.py": syntaxError,
        "bin/tool": `#!/usr/bin/env python\n${unusedImport}`,
        ".venv/lib/site.py": unusedImport
      })
      const { problems, result } = yield* run(files, rules, false)
      expect(problems).toEqual([])
      expect(result.lintedFiles).toBe(3)
      expect(result.issues.map((issue) => [issue.file, issue.line, issue.patternId, issue.severity])).toEqual([
        ["app.py", 1, "Ruff_F401", "Warning"],
        ["app.py", 3, "Ruff_E711", "Error"],
        ["app.py", 5, "Ruff_F821", "High"],
        ["bin/tool", 2, "Ruff_F401", "Warning"]
      ])
      expect(result.unparsedFiles.map((file) => file.file)).toEqual(["broken.py"])
    }))

  it.effect("skips a pattern Ruff does not know and runs the others", () =>
    Effect.gen(function*() {
      const { result } = yield* run(filesOf(pythonFiles), [ruffRule("F401", "Warning"), ruffRule("XYZ999", "Info")], false)
      expect(result.skippedRules.map((rule) => [rule.patternId, rule.reason])).toEqual([["Ruff_XYZ999", "UnknownRule"]])
      expect(result.issues.map((issue) => issue.patternId)).toEqual(["Ruff_F401"])
    }))

  it.effect("lints with the repository's configuration, a rule beyond Ruff's defaults included", () =>
    Effect.gen(function*() {
      const files = filesOf({ ...pythonFiles, "ruff.toml": "line-length = 100\n[lint]\nextend-select = [\"E501\"]\n" })
      const { problems, result } = yield* run(files, rules, true)
      expect(problems).toEqual([])
      expect(result.configurationFile).toBe("ruff.toml")
      // Without `select`, Ruff's own default set applies (0.17 made it larger: isort's I001 is in it).
      expect(result.issues.map((issue) => [issue.line, issue.patternId, issue.severity])).toEqual([
        [1, "Ruff_I001", "Warning"],
        [1, "Ruff_F401", "Warning"],
        [2, "Ruff_E501", "Warning"]
      ])
    }))

  it.effect("follows the repository's configuration when it never chose, the patterns when it has none", () =>
    Effect.gen(function*() {
      const byDefault = (files: ReadonlyArray<SourceFile>) =>
        Effect.flatten(tool.start("/repository", files, { rules, useConfigurationFile: false, configurationByDefault: true }))
      const configured = yield* byDefault(filesOf({ ...pythonFiles, "ruff.toml": "line-length = 100\n[lint]\nextend-select = [\"E501\"]\n" }))
      expect(configured.result.configurationFile).toBe("ruff.toml")
      expect(configured.result.issues.map((issue) => issue.patternId)).toEqual(["Ruff_I001", "Ruff_F401", "Ruff_E501"])
      // Without a configuration file the patterns apply, and nothing is reported missing: the repository asked for nothing.
      const unconfigured = yield* byDefault(filesOf(pythonFiles))
      expect(unconfigured.problems).toEqual([])
      expect(unconfigured.result.configurationFile).toBeUndefined()
      expect(unconfigured.result.issues.map((issue) => issue.patternId)).toEqual(["Ruff_F401"])
    }))

  it.effect("follows Ruff's order of the root's three configuration files", () =>
    Effect.gen(function*() {
      const pyproject = "[tool.ruff.lint]\nselect = [\"F401\"]\n"
      const ruffToml = "[lint]\nselect = [\"E501\"]\n"
      const dotRuffToml = "[lint]\nselect = [\"F401\", \"E501\"]\n"
      const codes = (configuration: Record<string, string>) =>
        issuesOf(filesOf({ ...pythonFiles, ...configuration }), [], true).pipe(Effect.map((issues) => issues.map((issue) => issue[2])))
      expect(yield* codes({ "pyproject.toml": pyproject })).toEqual(["Ruff_F401"])
      expect(yield* codes({ "pyproject.toml": pyproject, "ruff.toml": ruffToml })).toEqual(["Ruff_E501"])
      expect(yield* codes({ "pyproject.toml": pyproject, "ruff.toml": ruffToml, ".ruff.toml": dotRuffToml })).toEqual([
        "Ruff_F401",
        "Ruff_E501"
      ])
    }))

  it.effect("applies the configuration's exclude and per-file-ignores", () =>
    Effect.gen(function*() {
      const toml = "[tool.ruff]\nextend-exclude = [\"migrations\"]\n[tool.ruff.lint.per-file-ignores]\n\"__init__.py\" = [\"F401\"]\n"
      const files = filesOf({
        "pyproject.toml": toml,
        "pkg/__init__.py": unusedImport,
        "pkg/core.py": unusedImport,
        "pkg/migrations/0001_initial.py": unusedImport
      })
      const { result } = yield* run(files, rules, true)
      expect(result.lintedFiles).toBe(2)
      expect(result.issues.map((issue) => issue.file)).toEqual(["pkg/core.py"])
    }))

  it.effect("counts the tree's own modules and a file's own package as first-party, as Ruff's isort does", () =>
    Effect.gen(function*() {
      const sorted = "import os\n\nimport pytest\n\nimport shop\nfrom tests.helpers import make\n\nprint(os, pytest, shop, make)\n"
      const files = filesOf({
        "pyproject.toml": "[tool.ruff]\nsrc = [\"src\"]\n[tool.ruff.lint]\nselect = [\"I\"]\n",
        "src/shop/__init__.py": "",
        "tests/__init__.py": "",
        "tests/helpers.py": "make = 1\n",
        "tests/test_shop.py": sorted
      })
      const { result } = yield* run(files, [], true)
      expect(result.issues).toEqual([])
    }))

  it.effect("reports an unreadable configuration and lints with the patterns instead", () =>
    Effect.gen(function*() {
      const files = filesOf({ ...pythonFiles, "ruff.toml": "[lint\nselect = [\"E501\"]\n" })
      const { problems, result } = yield* run(files, [ruffRule("F401", "Info")], true)
      expect(problems.map((problem) => [problem.tool, problem.code, problem.file])).toEqual([["Ruff", "unreadable_configuration", "ruff.toml"]])
      expect(problems[0]?.message).toContain("the enabled patterns apply instead")
      expect(result.configurationFile).toBeUndefined()
      expect(result.issues.map((issue) => [issue.patternId, issue.severity])).toEqual([["Ruff_F401", "Info"]])
    }))

  it.effect("reports a missing configuration and lints with the patterns", () =>
    Effect.gen(function*() {
      const { problems, result } = yield* run(filesOf(pythonFiles), [ruffRule("F401", "Info")], true)
      expect(problems.map((problem) => problem.code)).toEqual(["configuration_not_found"])
      expect(result.issues.map((issue) => issue.patternId)).toEqual(["Ruff_F401"])
    }))
})
