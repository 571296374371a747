import type { ToolDefinitions } from "@tidemark/core"
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import type { EnabledRule } from "../../src/EnabledRule.js"
import type { IssueSeverity } from "../../src/LintResult.js"
import type { SourceFile } from "../../src/SourceTree.js"
import { catalogueHead } from "../CatalogueHeads.js"

/** The catalogue's ShellCheck tool, without its patterns (they do not matter to a run). */
export const shellCheckDefinition: ToolDefinitions.ToolDefinition = catalogueHead("ShellCheck")

export const shellCheckRule = (code: string, severity: IssueSeverity): EnabledRule => ({
  patternId: `ShellCheck_${code}`,
  ruleId: code,
  severity,
  parameters: []
})

/**
 * A checkout on disk (ShellCheck reads the files itself): path → content, in a folder the
 * unprivileged user the run switches to may read. Returns its root and its files as the analysis reads them.
 */
export const checkoutOf = (files: Readonly<Record<string, string>>): { readonly root: string; readonly files: ReadonlyArray<SourceFile> } => {
  const root = mkdtempSync(join(tmpdir(), "tidemark-shellcheck-"))
  chmodSync(root, 0o755)
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true, mode: 0o755 })
    writeFileSync(join(root, path), content, { mode: 0o644 })
  }
  const sorted = Object.entries(files).map(([path, content]) => ({ path, content })).sort((a, b) => (a.path < b.path ? -1 : 1))
  return { root, files: sorted }
}

/** Shell with one issue of each default family the tests look for, each on a line of its own. */
export const quoting = "echo $1\n"
export const unused = "unused=1\n"
export const syntaxError = "if true; then\n  echo yes\n"
