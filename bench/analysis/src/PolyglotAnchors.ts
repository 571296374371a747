import { enabledRulesOf, isLintable, TreeAnalyzer } from "@tidemark/analysis"
import type { StylelintSyntax } from "@tidemark/catalogue/StylelintSyntaxes"
import { shellCheckOptionalChecks } from "@tidemark/catalogue/ToolHeads"
import type { Analyzer } from "@tidemark/core"
import { spawnSync } from "node:child_process"
import { appendFileSync, cpSync, existsSync, readFileSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { countsOf, eslintArguments } from "./AnchorTools.js"
import { anchorConfig } from "./EslintAnchorConfig.js"
// The plug-ins' own file selection and written configurations, read from source (as RuffStandalone
// reads Ruff's): an anchor checks the files a plug-in checks, with the configuration it writes.
import { configurationText as checkstyleConfiguration, patternsPlan as checkstylePlan } from "../../../packages/analysis/src/checkstyle/CheckstyleConfig.js"
import { takesJava } from "../../../packages/analysis/src/checkstyle/CheckstyleTool.js"
import { takesGo } from "../../../packages/analysis/src/golang/GoFiles.js"
import { documentName, documentText, patternsConfiguration } from "../../../packages/analysis/src/rubocop/RubocopConfig.js"
import { syntaxCop } from "../../../packages/analysis/src/rubocop/RubocopOutput.js"
import { takesRuby } from "../../../packages/analysis/src/rubocop/RubyFiles.js"
import { takesMarkdown } from "../../../packages/analysis/src/markdownlint/MarkdownlintTool.js"
import { patternConfiguration as markdownlintConfiguration } from "../../../packages/analysis/src/markdownlint/MarkdownlintSettings.js"
import { takesShell } from "../../../packages/analysis/src/shellcheck/ShellScripts.js"
import { ruleIdWithout } from "../../../packages/analysis/src/tools/AnalysisTool.js"
import { minifiedCopyOf, stylesheetSyntaxOf, takesStylesheet } from "../../../packages/analysis/src/stylelint/StylelintFiles.js"
import { patternConfigs } from "../../../packages/analysis/src/stylelint/StylelintPatterns.js"
import type { SourceFile } from "../../../packages/analysis/src/SourceTree.js"
import { configurationText as yamllintConfiguration, patternsPlan as yamllintPlan } from "../../../packages/analysis/src/yamllint/YamllintConfig.js"
import { takesYaml } from "../../../packages/analysis/src/yamllint/YamlFiles.js"

/**
 * Each external analyser's own command line doing what its plug-in does on a repository nobody
 * configured: the files the plug-in takes, the rules its enabled patterns turn on (the
 * configuration it writes, where it writes one). Each run is checked: an exit code the tool gives
 * only when it could not analyse, an output that does not read, or a report of files it could not
 * type-check or parse makes the anchor failed, with the reason — never a fast, clean-looking run.
 * The clock covers the run and the reading of its output (as a CI job reads a report).
 */

/** What one command line did: its time and its findings, or why it is not a result. */
export interface AnchorRun {
  readonly label: string
  readonly ms: number
  /** Findings, or files for cloc, clones for jscpd (`unit`). */
  readonly count: number
  readonly unit: string
  readonly failure?: string | undefined
}

interface Output {
  readonly ms: number
  readonly status: number | null
  readonly stdout: string
  readonly stderr: string
}

/** A command, run to its end with its output kept, timed. */
export const runTimed = (command: string, args: ReadonlyArray<string>, cwd: string, env?: Readonly<Record<string, string>>): Output => {
  const start = performance.now()
  const done = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    maxBuffer: 1024 * 1024 * 1024,
    ...(env === undefined ? {} : { env: { ...process.env, ...env } })
  })
  const ms = performance.now() - start
  if (done.error !== undefined) return { ms, status: null, stdout: "", stderr: done.error.message }
  return { ms, status: done.status, stdout: done.stdout, stderr: done.stderr }
}

const lastLine = (text: string): string => text.trim().split("\n").filter((line) => line.trim() !== "").at(-1) ?? ""

/**
 * The run as an AnchorRun: `read` counts its findings from the output, or says why the run did not
 * analyse (a string); an exit code outside `ok` fails it whatever the output.
 */
export const checked = (label: string, unit: string, output: Output, ok: (status: number) => boolean, read: (output: Output) => number | string): AnchorRun => {
  if (output.status === null || !ok(output.status)) {
    return { label, ms: output.ms, count: 0, unit, failure: `exit code ${output.status ?? "none"}: ${lastLine(output.stderr).slice(0, 200)}` }
  }
  let counted: number | string
  try {
    counted = read(output)
  } catch (error) {
    counted = `its output does not read: ${String(error).slice(0, 200)}`
  }
  return typeof counted === "number" ? { label, ms: output.ms, count: counted, unit } : { label, ms: output.ms, count: 0, unit, failure: counted }
}

/** The tool's enabled rule ids (its patterns' ids without the prefix). */
export const rulesOf = (tool: Analyzer.AnalyzedTool, prefix: string): ReadonlyArray<string> => tool.patterns.map((pattern) => pattern.id.slice(prefix.length))

// The in-process linters' own command lines, resolved where @tidemark/analysis resolves the
// libraries (Stylelint, and the PostCSS parsers it is given per syntax), so both sides run the same code.
const fromAnalysis = createRequire(new URL("../../../packages/analysis/package.json", import.meta.url))
const stylelintBin = join(dirname(fromAnalysis.resolve("stylelint/package.json")), "bin/stylelint.mjs")
const customSyntaxPath: Readonly<Record<StylelintSyntax, string | undefined>> = {
  CSS: undefined,
  SCSS: fromAnalysis.resolve("postcss-scss"),
  LESS: fromAnalysis.resolve("postcss-less")
}
const markdownlintBin = fileURLToPath(new URL("../node_modules/markdownlint-cli2/markdownlint-cli2-bin.mjs", import.meta.url))

/** What an anchor is given: the repository, the tool as enabled, the files the analysis lints, and a scratch folder. */
export interface AnchorInput {
  readonly root: string
  readonly tool: Analyzer.AnalyzedTool
  readonly files: ReadonlyArray<SourceFile>
  readonly scratch: string
  /** The Go caches the Go anchors keep over the bench (warmed by a first run, as Tidemark's are). */
  readonly goCaches: string
}

type Anchor = (input: AnchorInput) => AnchorRun | undefined

const exitsZeroOrOne = (status: number) => status === 0 || status === 1

const ShellCheckJson = (stdout: string): number => (JSON.parse(stdout) as { readonly comments: ReadonlyArray<unknown> }).comments.length

const optionalChecksFor = (codes: ReadonlySet<string>): ReadonlyArray<string> => {
  const listed = runTimed("shellcheck", ["--list-optional"], "/").stdout
  return Array.from(listed.matchAll(/^name:\s*(\S+)/gm), (match) => match[1] ?? "")
    .filter((name) => (shellCheckOptionalChecks.get(name) ?? []).some((code) => codes.has(code)))
}

/** The offline, module-aware environment of the plug-ins (GoEnvironment), its caches the bench's. */
const offlineGo = (caches: string) => ({
  GO111MODULE: "on", GOFLAGS: "-mod=mod", GOPROXY: "off", GOSUMDB: "off", GOTOOLCHAIN: "local", CGO_ENABLED: "0",
  GOCACHE: join(caches, "build"), XDG_CACHE_HOME: join(caches, "user-cache")
})

/**
 * A Go analyser over the module's packages (`./...`), timed after a first run over a copy of the
 * tree whose Go files have one more line: that run warms the build cache with the standard library
 * and leaves the module's own packages to be checked again, as the analysis threads' first analysis
 * (of such a variant) warms Tidemark's.
 */
const goAnchor = (label: string, input: AnchorInput, command: string, args: ReadonlyArray<string>, read: (output: Output) => number | string): AnchorRun | undefined => {
  if (!input.files.some(takesGo)) return undefined
  const variant = join(input.scratch, "variant")
  cpSync(input.root, variant, { recursive: true })
  for (const file of input.files.filter(takesGo)) appendFileSync(join(variant, file.path), "\n")
  runTimed(command, args, variant, offlineGo(input.goCaches))
  return checked(label, "findings", runTimed(command, args, input.root, offlineGo(input.goCaches)), () => true, read)
}

const staticcheckRead = (output: Output): number | string => {
  if (output.status !== 0 && output.status !== 1) return `exit code ${output.status}: ${lastLine(output.stderr).slice(0, 200)}`
  // It says on standard error, and nowhere else, that the go command could not load the packages (`-: err: exit status 1: …`).
  if (output.stderr.trim() !== "") return `it could not load the packages: ${lastLine(output.stderr).slice(0, 200)}`
  const lines = output.stdout.split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line) as { readonly code: string; readonly message: string })
  const compile = lines.filter((line) => line.code === "compile")
  return compile.length > 0 ? `could not type-check ${compile.length} places: ${compile[0]?.message ?? ""}` : lines.length
}

const vetRead = (output: Output): number | string =>
  output.status !== 0 ? `exit code ${output.status}: ${lastLine(output.stderr).slice(0, 200)}` : (output.stderr.match(/"posn":/g) ?? []).length

export const anchors: Readonly<Record<string, Anchor>> = {
  ShellCheck: ({ files, root, tool }) => {
    const scripts = files.filter(takesShell).map((file) => file.path)
    if (scripts.length === 0) return undefined
    const codes = rulesOf(tool, "ShellCheck_")
    const optional = optionalChecksFor(new Set(codes))
    const args = ["--format=json1", "--norc", `--include=${codes.join(",")}`, ...(optional.length === 0 ? [] : [`--enable=${optional.join(",")}`]), "--", ...scripts]
    // 1: it found something; 2: some file could not be processed.
    return checked("shellcheck", "findings", runTimed("shellcheck", args, root), exitsZeroOrOne, (output) => ShellCheckJson(output.stdout))
  },
  RuboCop: ({ files, root, scratch, tool }) => {
    const ruby = files.filter(takesRuby).map((file) => file.path)
    if (ruby.length === 0) return undefined
    const config = join(scratch, documentName(0))
    writeFileSync(config, documentText(patternsConfiguration, 0, scratch))
    const args = [
      "--cache-root", scratch, "--config", config, "--format", "json", "--force-exclusion", "--cache", "false",
      "--only", [syntaxCop, ...rulesOf(tool, "RuboCop_")].join(","), "--", ...ruby
    ]
    return checked("rubocop", "findings", runTimed("rubocop", args, root), exitsZeroOrOne, (output) => {
      const report = JSON.parse(output.stdout) as { readonly summary: { readonly offense_count: number; readonly inspected_file_count: number } }
      return report.summary.inspected_file_count === ruby.length ? report.summary.offense_count : `inspected ${report.summary.inspected_file_count} of ${ruby.length} files`
    })
  },
  Staticcheck: (input) =>
    goAnchor("staticcheck", input, "go-staticcheck", ["-f", "json", "-checks", rulesOf(input.tool, "Staticcheck_").join(","), "./..."], staticcheckRead),
  govet: (input) => goAnchor("go vet", input, "go", ["vet", "-json", ...rulesOf(input.tool, "govet_").map((rule) => `-${rule}`), "./..."], vetRead),
  yamllint: ({ files, root, scratch, tool }) => {
    const yaml = files.filter(takesYaml).map((file) => file.path)
    if (yaml.length === 0) return undefined
    const config = join(scratch, "yamllint.json")
    writeFileSync(config, yamllintConfiguration(yamllintPlan(rulesOf(tool, "yamllint_"))))
    return checked("yamllint", "findings", runTimed("yamllint", ["-f", "parsable", "-c", config, "--", ...yaml], root), exitsZeroOrOne, (output) =>
      output.stdout.split("\n").filter((line) => /^.+:\d+:\d+: \[(error|warning)\]/.test(line)).length)
  },
  ESLint9: ({ files, root, scratch, tool }) => {
    const scripts = files.filter((file) => isLintable(file.path)).map((file) => file.path)
    if (scripts.length === 0) return undefined
    const rules = enabledRulesOf(tool, TreeAnalyzer.ruleIdOf)
    const config = join(scratch, "eslint.config.mjs")
    const report = join(scratch, "report.json")
    // The config the benchmark of the measures runs: the rules PatternLinter runs, with their options, plus `complexity` at 0 (the measure's work).
    writeFileSync(config, anchorConfig(root, rules).source)
    // 2: a configuration or internal error.
    return checked("eslint", "findings", runTimed(process.execPath, eslintArguments(config, report, scripts), root), exitsZeroOrOne, () => {
      const counts = countsOf(report, new Set(rules.map((rule) => rule.ruleId)))
      // A file that does not parse is reported, not linted, on both sides (Tidemark says so as a problem): not a finding.
      return counts.patternIssues
    })
  },
  Stylelint: ({ files, root, scratch, tool }) => {
    const bySyntax = new Map<StylelintSyntax, Array<SourceFile>>()
    // As the plug-in: a stylesheet beside its minified copy is a build's output.
    const built = (file: SourceFile) => { const copy = minifiedCopyOf(file.path); return copy !== undefined && existsSync(join(root, copy)) }
    for (const file of files.filter((file) => takesStylesheet(file) && !built(file))) {
      const syntax = stylesheetSyntaxOf(file.path) ?? "CSS"
      bySyntax.set(syntax, [...(bySyntax.get(syntax) ?? []), file])
    }
    if (bySyntax.size === 0) return undefined
    const rules = enabledRulesOf(tool, ruleIdWithout("Stylelint_"))
    const configs = patternConfigs(rules, new Set(rules.map((rule) => rule.ruleId)))
    // One run per syntax, each with the rules the plug-in runs on it and its parser, as the plug-in lints them.
    const runs = [...bySyntax].map(([syntax, stylesheets]) => {
      const config = join(scratch, `stylelint-${syntax}.json`)
      const customSyntax = customSyntaxPath[syntax]
      writeFileSync(config, JSON.stringify({ ...configs.configOf(syntax), ...(customSyntax === undefined ? {} : { customSyntax }) }))
      const args = [stylelintBin, "--config", config, "--formatter", "json", "--", ...stylesheets.map((file) => file.path)]
      // 2: problems found; 1 and 78: a fatal or configuration error.
      return checked("stylelint", "findings", runTimed(process.execPath, args, root), (status) => status === 0 || status === 2, (output) => {
        const report = // Stylelint 16 and later write the report to standard error.
        JSON.parse(output.stderr.trim() === "" ? output.stdout : output.stderr) as ReadonlyArray<{
          readonly warnings: ReadonlyArray<{ readonly rule: string }>
          readonly invalidOptionWarnings: ReadonlyArray<unknown>
        }>
        const invalid = report.flatMap((file) => file.invalidOptionWarnings)
        // A stylesheet that does not parse is reported as a CssSyntaxError (Tidemark says so as a problem): not a finding.
        return invalid.length > 0
          ? `invalid options: ${JSON.stringify(invalid[0]).slice(0, 200)}`
          : report.reduce((sum, file) => sum + file.warnings.filter((warning) => warning.rule !== "CssSyntaxError").length, 0)
      })
    })
    const failed = runs.find((run) => run.failure !== undefined)
    return { ...(failed ?? runs[0]!), ms: runs.reduce((sum, run) => sum + run.ms, 0), count: runs.reduce((sum, run) => sum + run.count, 0) }
  },
  markdownlint: ({ files, root, scratch, tool }) => {
    const markdown = files.filter(takesMarkdown).map((file) => file.path)
    if (markdown.length === 0) return undefined
    const config = join(scratch, ".markdownlint-cli2.jsonc")
    writeFileSync(config, JSON.stringify({ config: markdownlintConfiguration(enabledRulesOf(tool, ruleIdWithout("markdownlint_"))) }))
    // `:` before a path: a literal path, not a glob. 1: findings; 2: an error of the command line itself.
    return checked("markdownlint-cli2", "findings", runTimed(process.execPath, [markdownlintBin, "--config", config, ...markdown.map((path) => `:${path}`)], root), exitsZeroOrOne, (output) => {
      const summary = /Summary: (\d+) error/.exec(`${output.stdout}\n${output.stderr}`)
      return summary === null ? "no summary line" : Number(summary[1])
    })
  },
  Checkstyle: ({ files, root, scratch, tool }) => {
    const java = files.filter(takesJava).map((file) => file.path)
    if (java.length === 0) return undefined
    const config = join(scratch, "checkstyle.xml")
    writeFileSync(config, checkstyleConfiguration(checkstylePlan(rulesOf(tool, "Checkstyle_"))))
    // Checkstyle's exit code is its count of errors: any is expected; a file it could not parse is an exception.
    return checked("checkstyle", "findings", runTimed("checkstyle", ["-c", config, "-f", "xml", ...java], root), () => true, (output) =>
      !output.stdout.includes("</checkstyle>") || /Exception/.test(output.stderr)
        ? `Checkstyle did not finish its report: ${lastLine(output.stderr).slice(0, 200)}`
        : (output.stdout.match(/<error /g) ?? []).length)
  }
}

/** cloc over the tree, as the measures count lines: its count of files. */
export const clocRun = (root: string): AnchorRun =>
  checked("cloc", "files", runTimed("cloc", ["--quiet", "--json", "."], root), (status) => status === 0, (output) =>
    (JSON.parse(output.stdout) as { readonly header: { readonly n_files: number } }).header.n_files)

const jscpdBin = fileURLToPath(new URL("../node_modules/jscpd/bin/jscpd", import.meta.url))

/** jscpd over the tree at the analysis's block size: its count of clones, from the report it writes. */
export const jscpdRun = (root: string, scratch: string): AnchorRun => {
  const output = runTimed(process.execPath, [jscpdBin, "--min-tokens", "50", "--reporters", "json", "--output", scratch, "--silent", "."], root)
  return checked("jscpd", "clones", output, (status) => status === 0, () =>
    (JSON.parse(readFileSync(join(scratch, "jscpd-report.json"), "utf8")) as { readonly statistics: { readonly total: { readonly clones: number } } }).statistics.total.clones)
}
