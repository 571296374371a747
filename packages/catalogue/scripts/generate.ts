/**
 * Regenerates `src/data/*.json` from the rule metadata of the linters installed in this package
 * (`pnpm --filter @tidemark/catalogue generate [--stylelint <git-dir> [--stylelint-rev <rev>]]
 * [<ruff-git-dir> [<rev>]]`). Run it after bumping eslint, eslint8, @typescript-eslint/eslint-plugin,
 * stylelint or stylelint-config-recommended; the test suite fails while the data is out of date.
 * Ruff's WASM build lists no rules, so `ruff.json` is only rewritten when a git repository of
 * astral-sh/ruff (bare or not) is given, read at `rev` (default `HEAD`). Stylelint's npm package
 * ships no rule documentation: `scripts/stylelint-rule-docs.json` is only rewritten when a git
 * repository of stylelint/stylelint is given (`--stylelint`), read at `--stylelint-rev`.
 * `markdownlint.json` is read from the installed markdownlint (bump it, then re-run).
 * `spectral.json` is read from the installed @stoplight/spectral-rulesets, its OpenAPI and AsyncAPI
 * rulesets (bump it, then re-run).
 * ShellCheck lists no rules either: `shellcheck.json` is only rewritten when a git repository of
 * koalaman/shellcheck is given (`--shellcheck=<git-dir>`), read at the tag of the release Tidemark
 * runs (`--shellcheck-rev=` to read another revision of that release).
 * `cppcheck.json` is always generated from the committed `scripts/cppcheck-errorlist.xml`;
 * `--cppcheck` first rewrites that file from the installed Cppcheck's `--errorlist` (which must be
 * the release Tidemark runs, CppcheckCatalogue.ts).
 * `rubocop.json` is always generated from the committed `scripts/rubocop-cops.yml`; `--rubocop`
 * first rewrites that file from the installed RuboCop's `--show-cops` (RubocopCatalogue.ts names
 * the release).
 * `staticcheck.json` and `govet.json` are always generated from the committed
 * `scripts/staticcheck-checks.txt` and `scripts/govet-analyzers.txt`; `--go` first rewrites them
 * from the installed Staticcheck (`staticcheck`, else Debian's `go-staticcheck`) and Go.
 * `yamllint.json` and `yamllint-presets.json` are always generated from the committed
 * `scripts/yamllint-rules.json`; `--yamllint` first rewrites that file from the installed yamllint's
 * Python package (YamllintCatalogue.ts names the release).
 * `checkstyle.json` and `checkstyle-modules.json` are always generated from the committed
 * `scripts/checkstyle-checks.json`; `--checkstyle` first rewrites that file from the installed
 * Checkstyle jar's module metadata (CheckstyleCatalogue.ts names the release).
 * `pylint.json` is always generated from the committed `scripts/pylint-msgs.txt`; `--pylint` first
 * rewrites it from the installed Pylint's `--list-msgs`.
 * `phpcs.json` is always generated from the committed `scripts/phpcs-sniffs.json`; `--phpcs` first
 * rewrites that file from the installed PHP_CodeSniffer's own listing (PhpcsCatalogue.ts names the release).
 */
import { spawnSync } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"
import { sourceFile } from "./CatalogueFiles.js"
import { cppcheckFile, cppcheckSource, toCppcheckTool } from "./CppcheckCatalogue.js"
import { committedErrorList, errorListPath, installedErrorList, readErrorList } from "./CppcheckErrorList.js"
import { catalogueData, renderFiles } from "./EslintCatalogue.js"
import { committedListing, govetListingPath, installedGovetListing, installedStaticcheckListing, staticcheckListingPath } from "./GoListings.js"
import { govetFile, govetSource, toGovetTool } from "./GoVetCatalogue.js"
import { staticcheckFile, staticcheckSource, toStaticcheckTool } from "./StaticcheckCatalogue.js"
import { markdownlintFile, markdownlintSource, toMarkdownlintTool } from "./MarkdownlintCatalogue.js"
import { installedMarkdownlintRules } from "./MarkdownlintRules.js"
import { rubocopFile, rubocopSource, toRubocopTool } from "./RubocopCatalogue.js"
import { committedCopList, copListPath, installedCopList, readCopList } from "./RubocopCops.js"
import { toYamllintTool, yamllintFile, yamllintPresetsFile, yamllintSource } from "./YamllintCatalogue.js"
import { pylintFile, pylintSource, toPylintTool } from "./PylintCatalogue.js"
import { committedMessageList, installedMessageList, messageListPath, readMessageList } from "./PylintMessages.js"
import { committedRuleList, installedRuleList, readRuleList, ruleListPath } from "./YamllintRules.js"
import { checkstyleFile, checkstyleModulesFile, checkstyleSource, toCheckstyleTool } from "./CheckstyleCatalogue.js"
import { committedListing as committedCheckstyleListing, installedListing as installedCheckstyleListing, listingPath as checkstyleListingPath, readListing as readCheckstyleListing } from "./CheckstyleChecks.js"
import { phpcsFile, phpcsSource, toPhpcsTool } from "./PhpcsCatalogue.js"
import { committedSniffList, installedSniffList, readSniffList, sniffListPath } from "./PhpcsSniffs.js"
import { ruffFile, ruffSource, toRuffTool } from "./RuffCatalogue.js"
import { installedRuffRules } from "./RuffRuleSet.js"
import { installedRuffVersion } from "./RuffWorkspace.js"
import { installedEslint8, installedEslint9 } from "./RuleMetadata.js"
import { committedStylelintDocs, stylelintDocsFile, stylelintDocsPath, stylelintFile, stylelintSource, toStylelintTool } from "./StylelintCatalogue.js"
import { snapshotDocs } from "./StylelintDocs.js"
import { installedStylelint } from "./StylelintRules.js"
import { shellCheckFile, shellCheckRelease, shellCheckSource, toShellCheckTool } from "./ShellCheckCatalogue.js"
import { spectralFile, spectralSource, toSpectralTool } from "./SpectralCatalogue.js"
import { installedSpectralRules } from "./SpectralRules.js"
import { snapshotChecks, snapshotOptionalChecks, snapshotVersion } from "./ShellCheckChecks.js"
import { snapshotCommit } from "./GitSnapshot.js"

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..")
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    stylelint: { type: "string" },
    "stylelint-rev": { type: "string", default: "HEAD" },
    shellcheck: { type: "string" },
    "shellcheck-rev": { type: "string" },
    cppcheck: { type: "boolean", default: false },
    rubocop: { type: "boolean", default: false },
    go: { type: "boolean", default: false },
    yamllint: { type: "boolean", default: false },
    checkstyle: { type: "boolean", default: false },
    pylint: { type: "boolean", default: false },
    phpcs: { type: "boolean", default: false }
  }
})
const [ruffGitDir, ruffRev = "HEAD"] = positionals
const shellCheckGitDir = values.shellcheck
const shellCheckRev = values["shellcheck-rev"] ?? `v${shellCheckRelease}`

const write = (path: string, contents: string): void => {
  const target = join(packageDir, path)
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, contents)
}

const data = catalogueData({ eslint9: installedEslint9(), eslint8: installedEslint8() })
for (const [path, contents] of renderFiles(data)) write(path, contents)
const markdownlint = await installedMarkdownlintRules()
write(...markdownlintFile(toMarkdownlintTool(markdownlint.rules)))
console.log(
  `ESLint9: ${data.eslint9.patterns.length} patterns, ESLint (v8): ${data.eslint8.patterns.length} patterns, markdownlint ${markdownlint.version}: ${markdownlint.rules.length} patterns`
)

if (values.stylelint !== undefined) {
  const docs = snapshotDocs(values.stylelint, values["stylelint-rev"])
  writeFileSync(stylelintDocsPath, stylelintDocsFile(docs))
  console.log(`Stylelint's rule docs: ${docs.rules.length} rules, from stylelint/stylelint ${docs.commit}`)
}
const stylelint = await installedStylelint()
const stylelintTool = toStylelintTool(stylelint, committedStylelintDocs())
write(...stylelintFile(stylelintTool))
console.log(`Stylelint ${stylelint.packages["stylelint"]}: ${stylelintTool.patterns.length} patterns`)
const spectral = installedSpectralRules()
write(...spectralFile(toSpectralTool(spectral.rules)))
console.log(`Spectral rulesets ${spectral.version}: ${spectral.rules.length} patterns`)
if (values.cppcheck) writeFileSync(errorListPath, installedErrorList())
const cppcheck = toCppcheckTool(readErrorList(committedErrorList()))
write(...cppcheckFile(cppcheck))
console.log(`Cppcheck: ${cppcheck.patterns.length} patterns`)
if (values.rubocop) writeFileSync(copListPath, installedCopList())
const rubocop = toRubocopTool(readCopList(committedCopList()))
write(...rubocopFile(rubocop))
console.log(`RuboCop: ${rubocop.patterns.length} patterns`)
if (values.go) {
  const staticcheck = ["staticcheck", "go-staticcheck"].find((name) => spawnSync(name, ["-version"]).status === 0) ?? "staticcheck"
  writeFileSync(staticcheckListingPath, installedStaticcheckListing(staticcheck))
  writeFileSync(govetListingPath, installedGovetListing())
}
const staticcheck = toStaticcheckTool(committedListing(staticcheckListingPath))
write(...staticcheckFile(staticcheck))
const govet = toGovetTool(committedListing(govetListingPath))
write(...govetFile(govet))
console.log(`Staticcheck: ${staticcheck.patterns.length} patterns, govet: ${govet.patterns.length} patterns`)
if (values.yamllint) writeFileSync(ruleListPath, installedRuleList())
const yamllintRules = readRuleList(committedRuleList())
const yamllint = toYamllintTool(yamllintRules)
write(...yamllintFile(yamllint))
write(...yamllintPresetsFile(yamllintRules))
console.log(`yamllint: ${yamllint.patterns.length} patterns`)
if (values.checkstyle) writeFileSync(checkstyleListingPath, installedCheckstyleListing())
const checkstyleListing = readCheckstyleListing(committedCheckstyleListing())
const checkstyle = toCheckstyleTool(checkstyleListing)
write(...checkstyleFile(checkstyle))
write(...checkstyleModulesFile(checkstyleListing))
console.log(`Checkstyle: ${checkstyle.patterns.length} patterns`)
if (values.pylint) writeFileSync(messageListPath, installedMessageList())
const pylint = toPylintTool(readMessageList(committedMessageList()))
write(...pylintFile(pylint))
console.log(`PyLint: ${pylint.patterns.length} patterns`)
if (values.phpcs) writeFileSync(sniffListPath, installedSniffList())
const phpcs = toPhpcsTool(readSniffList(committedSniffList()))
write(...phpcsFile(phpcs))
console.log(`PHP_CodeSniffer: ${phpcs.patterns.length} patterns`)
write(...sourceFile([
  ...data.source,
  ruffSource(installedRuffVersion()),
  markdownlintSource(markdownlint.version),
  stylelintSource(stylelint),
  spectralSource(spectral.version),
  shellCheckSource,
  cppcheckSource,
  rubocopSource,
  staticcheckSource,
  govetSource,
  yamllintSource,
  checkstyleSource,
  pylintSource,
  phpcsSource
]))

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
