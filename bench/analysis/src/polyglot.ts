/**
 * The polyglot benchmark (issue 26, item 4): Tidemark's whole analysis of a repository, as the
 * worker runs it (ThreadedAnalyzer, its threads warm, an empty per-file cache), with the tools a
 * repository nobody configured gets for its languages, against the same work done by the tools' own
 * command lines one after another: cloc for the lines, jscpd for duplication, and each external
 * analyser's CLI with the same enabled patterns. The in-process tools with no CLI here (markdownlint,
 * Ruff's WebAssembly build, Stylelint and ESLint through the library) run on Tidemark's side only: the
 * ratio leaves them on its side, against it. Markdown table on stdout, progress on stderr.
 *
 *   pnpm --filter @tidemark/bench-analysis bench:polyglot go=/tmp/real/cobra shell=/tmp/real/nvm ...
 */
import { NodeContext } from "@effect/platform-node"
import { type Language, languageOf, readSourceTree, TreeAnalyzer } from "@tidemark/analysis"
import { type Analyzer, Goals } from "@tidemark/core"
import { Effect } from "effect"
import { mkdtempSync, writeFileSync } from "node:fs"
import { cpus, loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { clocMs, inTempDirectory, jscpdMs, wallTime } from "./AnchorTools.js"
import { defaultToolsFor } from "./DefaultSettings.js"
import { wholeAnalysis } from "./OurAnalysis.js"

const progress = (message: string) => Effect.sync(() => console.error(`[polyglot] ${message}`))

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** The tool's enabled rule ids (its patterns' ids without the prefix). */
const rulesOf = (tool: Analyzer.AnalyzedTool, prefix: string) => tool.patterns.map((pattern) => pattern.id.slice(prefix.length))

/** The files of a language, relative to the root. */
type FilesOf = (language: Language) => ReadonlyArray<string>

/** An external analyser's CLI doing what its plug-in does: a label and its wall time. */
type Anchor = (root: string, tool: Analyzer.AnalyzedTool, filesOf: FilesOf) => { readonly label: string; readonly ms: number } | undefined

const offlineGo = (cache: string) => ({ GOFLAGS: "-mod=mod", GOPROXY: "off", GOCACHE: join(cache, "go"), XDG_CACHE_HOME: cache })

const anchors: Readonly<Record<string, Anchor>> = {
  ShellCheck: (root, tool, filesOf) => {
    const files = filesOf("Bourne Shell")
    return files.length === 0 ? undefined : { label: "shellcheck", ms: wallTime("shellcheck", ["--format=json1", `--include=${rulesOf(tool, "ShellCheck_").join(",")}`, ...files], root, undefined) }
  },
  Cppcheck: (root, _tool, filesOf) => {
    const files = [...filesOf("C"), ...filesOf("C++")]
    return files.length === 0 ? undefined : { label: "cppcheck", ms: wallTime("cppcheck", ["--xml", "-q", "--enable=warning,performance,portability", ...files], root, undefined) }
  },
  RuboCop: (root, tool, filesOf) => {
    const files = filesOf("Ruby")
    return files.length === 0 ? undefined : { label: "rubocop", ms: wallTime("rubocop", ["--format", "json", "--cache", "false", "--only", rulesOf(tool, "RuboCop_").join(","), "--", ...files], root, undefined) }
  },
  Staticcheck: (root, tool) =>
    inTempDirectory("tidemark-polyglot-go-", (cache) => ({ label: "staticcheck", ms: wallTime("go-staticcheck", ["-checks", rulesOf(tool, "Staticcheck_").join(","), "./..."], root, undefined, offlineGo(cache)) })),
  govet: (root) => inTempDirectory("tidemark-polyglot-go-", (cache) => ({ label: "go vet", ms: wallTime("go", ["vet", "./..."], root, undefined, offlineGo(cache)) })),
  yamllint: (root, tool, filesOf) => {
    const files = filesOf("YAML")
    const rules = Object.fromEntries(rulesOf(tool, "yamllint_").filter((rule) => rule !== "syntax").map((rule) => [rule, "enable"]))
    return files.length === 0 ? undefined : { label: "yamllint", ms: wallTime("yamllint", ["-f", "parsable", "-d", JSON.stringify({ rules }), "--", ...files], root, undefined) }
  },
  Checkstyle: (root, tool, filesOf) => {
    const files = filesOf("Java")
    if (files.length === 0) return undefined
    return inTempDirectory("tidemark-polyglot-checkstyle-", (folder) => {
      const config = join(folder, "checkstyle.xml")
      const modules = rulesOf(tool, "Checkstyle_").map((name) => `<module name="${name}"/>`).join("")
      writeFileSync(config, `<?xml version="1.0"?>\n<!DOCTYPE module PUBLIC "-//Checkstyle//DTD Checkstyle Configuration 1.3//EN" "https://checkstyle.org/dtds/configuration_1_3.dtd">\n<module name="Checker"><module name="TreeWalker">${modules}</module></module>\n`)
      return { label: "checkstyle", ms: wallTime("checkstyle", ["-c", config, "-f", "xml", ...files], root, undefined) }
    })
  },
  PHP_CodeSniffer: (root, tool, filesOf) => {
    const files = filesOf("PHP")
    if (files.length === 0) return undefined
    return inTempDirectory("tidemark-polyglot-phpcs-", (folder) => {
      const ruleset = join(folder, "ruleset.xml")
      const rules = rulesOf(tool, "PHPCS_").map((id) => `<rule ref="${id.replaceAll("_", ".")}"/>`).join("")
      writeFileSync(ruleset, `<?xml version="1.0"?>\n<ruleset name="tidemark">${rules}</ruleset>\n`)
      return { label: "phpcs", ms: wallTime("phpcs", ["--report=json", `--standard=${ruleset}`, ...files.map((file) => `./${file}`)], root, undefined) }
    })
  }
}

const load = () => loadavg().map((l) => l.toFixed(1)).join(" / ")

const program = Effect.gen(function*() {
  const targets = process.argv.slice(2).map((arg) => {
    const [name, path] = arg.split("=")
    if (name === undefined || path === undefined) throw new Error(`expected name=path, got ${arg}`)
    return { name, path }
  })
  const loadBefore = load()
  const rows: Array<string> = []
  let oursTotal = 0
  let anchorsTotal = 0
  for (const { name, path } of targets) {
    const probe = yield* TreeAnalyzer.make({ cacheDirectory: mkdtempSync(join(tmpdir(), "tidemark-polyglot-probe-")) })
    const languages = (yield* probe.analyze(path, { goals: Goals.Goals.defaults, tools: [] })).measures.languages
    const tools = defaultToolsFor(languages, false)
    const files = yield* readSourceTree(path)
    const filesOf: FilesOf = (language) => files.filter((file) => languageOf(file.path, file.content) === language).map((file) => file.path)
    yield* progress(`${name}: ours (${tools.map((t) => t.name).join(", ")})`)
    const ours = yield* wholeAnalysis(path, { goals: Goals.Goals.defaults, tools })
    yield* progress(`${name}: ours ${seconds(ours.ms)}; the CLIs one after another`)
    const timings: Array<{ readonly label: string; readonly ms: number }> = [{ label: "cloc", ms: clocMs(path) }, { label: "jscpd", ms: jscpdMs(path) }]
    for (const tool of tools) {
      const anchor = anchors[tool.name]
      const timing = anchor?.(path, tool, filesOf)
      if (timing !== undefined) timings.push(timing)
    }
    const anchorMs = timings.reduce((sum, timing) => sum + timing.ms, 0)
    oursTotal += ours.ms
    anchorsTotal += anchorMs
    const inProcessOnly = tools.filter((tool) => anchors[tool.name] === undefined).map((tool) => tool.name)
    rows.push(
      `| ${name} | ${ours.measures.loc} | ${languages.slice(0, 4).join(", ")} | ${seconds(ours.ms)} | ${timings.map((t) => `${t.label} ${seconds(t.ms)}`).join(", ")} | ${seconds(anchorMs)} | ${(anchorMs / ours.ms).toFixed(2)}× | ${inProcessOnly.join(", ")} |`
    )
  }
  console.log(`Node ${process.versions.node}, ${cpus().length} cores, load average ${loadBefore} before, ${load()} after.\n`)
  console.log("| repository | lines | languages | Tidemark (whole analysis) | the CLIs one after another | CLIs total | CLIs / Tidemark | Tidemark only (no CLI here) |")
  console.log("|---|---|---|---|---|---|---|---|")
  for (const row of rows) console.log(row)
  console.log(`| all | | | ${seconds(oursTotal)} | | ${seconds(anchorsTotal)} | ${(anchorsTotal / oursTotal).toFixed(2)}× | |`)
}).pipe(Effect.scoped, Effect.provide(NodeContext.layer))

Effect.runPromise(program).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
