/**
 * Regenerates `src/data/*.json` from the rule metadata of the linters installed in this package
 * (`pnpm --filter @tidemark/catalogue generate [<ruff-git-dir> [<rev>]]`). Run it after bumping
 * eslint, eslint8 or @typescript-eslint/eslint-plugin; the test suite fails while the data is out
 * of date. Ruff's WASM build lists no rules, so `ruff.json` is only rewritten when a git
 * repository of astral-sh/ruff (bare or not) is given, read at `rev` (default `HEAD`).
 * `markdownlint.json` is read from the installed markdownlint (bump it, then re-run).
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { sourceFile } from "./CatalogueFiles.js"
import { catalogueData, renderFiles } from "./EslintCatalogue.js"
import { markdownlintFile, markdownlintSource, toMarkdownlintTool } from "./MarkdownlintCatalogue.js"
import { installedMarkdownlintRules } from "./MarkdownlintRules.js"
import { ruffFile, ruffSource, toRuffTool } from "./RuffCatalogue.js"
import { installedRuffRules } from "./RuffRuleSet.js"
import { installedRuffVersion } from "./RuffWorkspace.js"
import { installedEslint8, installedEslint9 } from "./RuleMetadata.js"

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..")
const [ruffGitDir, ruffRev = "HEAD"] = process.argv.slice(2)

const write = (path: string, contents: string): void => {
  const target = join(packageDir, path)
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, contents)
}

const data = catalogueData({ eslint9: installedEslint9(), eslint8: installedEslint8() })
for (const [path, contents] of renderFiles(data)) write(path, contents)
const markdownlint = await installedMarkdownlintRules()
write(...markdownlintFile(toMarkdownlintTool(markdownlint.rules)))
write(...sourceFile([...data.source, ruffSource(installedRuffVersion()), markdownlintSource(markdownlint.version)]))
console.log(
  `ESLint9: ${data.eslint9.patterns.length} patterns, ESLint (v8): ${data.eslint8.patterns.length} patterns, markdownlint ${markdownlint.version}: ${markdownlint.rules.length} patterns`
)

if (ruffGitDir !== undefined) {
  const ruff = installedRuffRules(ruffGitDir, ruffRev)
  write(...ruffFile(toRuffTool(ruff.rules)))
  console.log(`Ruff ${ruff.version}: ${ruff.rules.length} patterns, from astral-sh/ruff ${ruff.commit}`)
  for (const change of ruff.statusChanges) {
    console.log(`  ${change.code}: ${change.snapshot} in the snapshot, ${change.installed} in Ruff ${ruff.version}`)
  }
}
