import { TreeAnalyzer } from "@tidemark/analysis"
import { CommitAnalysis, Goals, Records, RepositoryView } from "@tidemark/core"
import { Effect } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { defaultToolsFor } from "./DefaultSettings.js"

/**
 * Real repositories as a new user sees them: each checked-out tree analysed with what a repository
 * nobody configured gets (every tool on by default, its default patterns and parameters, its own
 * configuration followed where Tidemark reads it as data), graded against the default goals as
 * the repository view grades it. Prints the table of docs/real-repositories.md and a sample of
 * issues (of one tool with SAMPLE_TOOL), spread evenly over each repository's list, to read at their lines.
 *
 *   pnpm --filter @tidemark/bench-analysis real express=/tmp/real/express koa=/tmp/real/koa ...
 *   PREFIX=Stylelint_ SAMPLE=20 pnpm --filter @tidemark/bench-analysis real rfs=/tmp/real/rfs   # one tool's sample
 */

// CONFIG=off measures the defaults alone, as for a repository without a configuration Tidemark reads.
// TOOLS=PyLint turns on, besides, tools off by default (a second tool of a language), to read their noise.
const defaultTools = (languages: ReadonlyArray<string>) =>
  defaultToolsFor(languages, process.env["CONFIG"] !== "off", (process.env["TOOLS"] ?? "").split(",").filter((name) => name !== ""))

const record = (name: string, languages: ReadonlyArray<string>) =>
  new Records.RepositoryRecord({
    id: 1,
    organizationId: 1,
    provider: "gh",
    owner: "real",
    name,
    visibility: "Public",
    gitUrl: "",
    languages,
    rootFiles: [],
    goals: Goals.Goals.defaults,
    addedAt: "2026-01-01T00:00:00.000Z",
    lastUpdated: "2026-01-01T00:00:00.000Z",
    following: true
  })

const sampleSize = Number(process.env["SAMPLE"] ?? "30")
// SAMPLE_TOOL=markdownlint (or PREFIX=Stylelint_) samples that tool's issues only, to read one tool's noise (the table still counts them all).
const sampledTool = process.env["SAMPLE_TOOL"]
const samplePrefix = process.env["PREFIX"] ?? ""

const main = Effect.gen(function*() {
  const targets = process.argv.slice(2).map((arg) => {
    const [name, path] = arg.split("=")
    if (name === undefined || path === undefined) throw new Error(`expected name=path, got ${arg}`)
    return { name, path }
  })
  const analyzer = yield* TreeAnalyzer.make({ cacheDirectory: mkdtempSync(join(tmpdir(), "tidemark-real-")) })
  const rows: Array<string> = []
  for (const { name, path } of targets) {
    // The languages decide the default tools, as core decides them from the repository's languages.
    const first = yield* analyzer.analyze(path, { goals: Goals.Goals.defaults, tools: [] })
    const tools = defaultTools(first.measures.languages)
    const started = performance.now()
    const output = yield* analyzer.analyze(path, { goals: Goals.Goals.defaults, tools })
    const ms = performance.now() - started
    const view = RepositoryView.measuresView(record(name, output.measures.languages), {
      analysis: new CommitAnalysis.CommitAnalysis({
        repositoryId: 1,
        branch: "main",
        commit: new Records.CommitRecord({ id: 1, sha: "head", authorName: "", authorEmail: "", commitTimestamp: "2026-01-01T00:00:00.000Z", message: "", parents: [] }),
        startedAnalysis: "2026-01-01T00:00:00.000Z",
        endedAnalysis: "2026-01-01T00:00:00.000Z",
        measures: output.measures,
        problems: output.problems
      }),
      coverage: undefined,
      imported: []
    })
    const perLanguage = new Map<string, number>()
    for (const f of output.findings) perLanguage.set(f.language, (perLanguage.get(f.language) ?? 0) + 1)
    const languages = (output.measures.languageAnalysis ?? [])
      .filter((l) => l.loc > 0)
      .map((l) => `${l.language} ${l.loc} (${l.tools.length > 0 ? `${l.tools.join("+")}: ${perLanguage.get(l.language) ?? 0}` : l.notAnalysed})`)
    rows.push(`| ${name} | ${view?.gradeLetter === undefined ? "none" : `${view.gradeLetter} (${view.grade})`} | ${output.findings.length} | ${languages.join("; ")} | ${[...new Set(output.problems.map((p) => p.code))].join(", ")} | ${(ms / 1000).toFixed(1)} s |`)
    console.log(`\n## ${name}: ${tools.map((t) => t.name).join(", ")}`)
    for (const problem of output.problems) console.log(`problem ${problem.code}: ${problem.message}`)
    const byPattern = new Map<string, number>()
    for (const f of output.findings) byPattern.set(f.patternId, (byPattern.get(f.patternId) ?? 0) + 1)
    console.log([...byPattern].sort((a, b) => b[1] - a[1]).map(([id, n]) => `${id} ${n}`).join(", "))
    const sampled = output.findings.filter((f) => (sampledTool === undefined || f.toolName === sampledTool) && f.patternId.startsWith(samplePrefix))
    const step = Math.max(1, Math.floor(sampled.length / sampleSize))
    sampled.filter((_, index) => index % step === 0).slice(0, sampleSize).forEach((f, index) =>
      console.log(`${index + 1}. ${f.filePath}:${f.line} ${f.patternId} [${f.level}] ${f.message}\n     ${f.lineText.trim().slice(0, 140)}`)
    )
  }
  console.log("\n| repository | grade | issues | languages (lines; tool: issues, or why not analysed) | problems | analysis |")
  console.log("|---|---|---|---|---|---|")
  for (const row of rows) console.log(row)
})

Effect.runPromise(main).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
