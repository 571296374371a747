import { ToolDefinitions } from "@tidemark/core"
import type { EnabledRule } from "../../src/EnabledRule.js"
import type { IssueSeverity } from "../../src/LintResult.js"
import type { SourceFile } from "../../src/SourceTree.js"

/** A small Ruff definition, as the catalogue's (its patterns do not matter to a run). */
export const ruffDefinition = new ToolDefinitions.ToolDefinition({
  uuid: "8b1e2f4a-93c6-4d57-a0e1-5c7d2b9f6e31",
  name: "Ruff",
  patternPrefix: "Ruff_",
  family: "Ruff",
  isClientSide: false,
  languages: ["Python"],
  enabledByDefault: true,
  configurationFiles: ["pyproject.toml", "ruff.toml", ".ruff.toml"],
  patterns: []
})

export const ruffRule = (code: string, severity: IssueSeverity): EnabledRule => ({
  patternId: `Ruff_${code}`,
  ruleId: code,
  severity,
  parameters: []
})

/** A tree in memory: path → content. */
export const filesOf = (files: Readonly<Record<string, string>>): ReadonlyArray<SourceFile> =>
  Object.entries(files).map(([path, content]) => ({ path, content })).sort((a, b) => (a.path < b.path ? -1 : 1))

/** Python with one issue of each kind the tests look for, each on a line of its own. */
export const unusedImport = "import os\n"
export const noneComparison = "value = 1\nif value == None:\n    pass\n"
export const undefinedName = "print(missing)\n"
export const syntaxError = "def broken(:\n    pass\n"
/** Unused, but silenced for F401 on its line. */
export const silencedImport = "import sys  # noqa: F401\n"
