import type { ToolDefinitions } from "@tidemark/core"
import type { EnabledRule } from "../../src/EnabledRule.js"
import type { IssueSeverity } from "../../src/LintResult.js"
import type { SourceFile } from "../../src/SourceTree.js"
import { catalogueHead } from "../CatalogueHeads.js"

/** The catalogue's Ruff tool, without its patterns (they do not matter to a run). */
export const ruffDefinition: ToolDefinitions.ToolDefinition = catalogueHead("Ruff")

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
