/**
 * Regenerates `src/data/*.json` from the rule metadata of the linters installed in this package
 * (`pnpm --filter @tidemark/catalogue generate [<ruff-git-dir> [<rev>]] [--shellcheck=<git-dir>]`).
 * Run it after bumping eslint, eslint8 or @typescript-eslint/eslint-plugin; the test suite fails
 * while the data is out of date. Ruff's WASM build lists no rules, so `ruff.json` is only
 * rewritten when a git repository of astral-sh/ruff (bare or not) is given, read at `rev`
 * (default `HEAD`). ShellCheck lists none either: `shellcheck.json` is only rewritten when a git
 * repository of koalaman/shellcheck is given, read at the tag of the release Tidemark runs
 * (`--shellcheck-rev=` to read another revision of that release).
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { sourceFile } from "./CatalogueFiles.js"
import { catalogueData, renderFiles } from "./EslintCatalogue.js"
import { ruffFile, ruffSource, toRuffTool } from "./RuffCatalogue.js"
import { installedRuffRules } from "./RuffRuleSet.js"
import { installedRuffVersion } from "./RuffWorkspace.js"
import { installedEslint8, installedEslint9 } from "./RuleMetadata.js"
import { shellCheckFile, shellCheckRelease, shellCheckSource, toShellCheckTool } from "./ShellCheckCatalogue.js"
import { snapshotChecks, snapshotOptionalChecks, snapshotVersion } from "./ShellCheckChecks.js"
import { snapshotCommit } from "./GitSnapshot.js"

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..")
const optionOf = (name: string): string | undefined =>
  process.argv.slice(2).find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3)
const [ruffGitDir, ruffRev = "HEAD"] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"))
const shellCheckGitDir = optionOf("shellcheck")
const shellCheckRev = optionOf("shellcheck-rev") ?? `v${shellCheckRelease}`

const write = (path: string, contents: string): void => {
  const target = join(packageDir, path)
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, contents)
}

const data = catalogueData({ eslint9: installedEslint9(), eslint8: installedEslint8() })
for (const [path, contents] of renderFiles(data)) write(path, contents)
write(...sourceFile([...data.source, ruffSource(installedRuffVersion()), shellCheckSource]))
console.log(
  `ESLint9: ${data.eslint9.patterns.length} patterns, ESLint (v8): ${data.eslint8.patterns.length} patterns`
)

if (ruffGitDir !== undefined) {
  const ruff = installedRuffRules(ruffGitDir, ruffRev)
  write(...ruffFile(toRuffTool(ruff.rules)))
  console.log(`Ruff ${ruff.version}: ${ruff.rules.length} patterns, from astral-sh/ruff ${ruff.commit}`)
  for (const change of ruff.statusChanges) {
    console.log(`  ${change.code}: ${change.snapshot} in the snapshot, ${change.installed} in Ruff ${ruff.version}`)
  }
}

if (shellCheckGitDir !== undefined) {
  const version = snapshotVersion(shellCheckGitDir, shellCheckRev)
  if (version !== shellCheckRelease) {
    throw new Error(`koalaman/shellcheck ${shellCheckRev} is ShellCheck ${version}, not ${shellCheckRelease} (ShellCheckCatalogue.ts)`)
  }
  const tool = toShellCheckTool(snapshotChecks(shellCheckGitDir, shellCheckRev), snapshotOptionalChecks(shellCheckGitDir, shellCheckRev))
  write(...shellCheckFile(tool))
  console.log(`ShellCheck ${version}: ${tool.patterns.length} patterns, from koalaman/shellcheck ${snapshotCommit(shellCheckGitDir, shellCheckRev)}`)
}
