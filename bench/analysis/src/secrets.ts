import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { NodeContext } from "@effect/platform-node"
import { TreeAnalyzer } from "@tidemark/analysis"
import { Goals } from "@tidemark/core"
import { Effect } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { readSourceTree } from "../../../packages/analysis/src/SourceTree.js"
import { scanSecrets } from "../../../packages/analysis/src/secrets/SecretScan.js"
import { defaultToolsFor } from "./DefaultSettings.js"

/**
 * Secretlint's recommended preset over every tracked text file of git checkouts, as the analysis
 * runs it: per repository the text files handed to the scan, the findings and the scan's time,
 * then each finding (path:line rule preview) to read at its line.
 *
 *   pnpm --filter @tidemark/bench-analysis secrets flask=/tmp/real/flask jquery=/tmp/real/jquery
 *
 * With ANALYSIS=1, what the scan adds to each repository's analysis: the whole analysis with the
 * default tools (which scans, on the same files), timed, and the scan alone of the files it reads.
 */
const rows: Array<string> = []
const listings: Array<string> = []
for (const arg of process.argv.slice(2)) {
  const [name, root] = arg.split("=")
  if (name === undefined || root === undefined) throw new Error(`expected name=path, got ${arg}`)
  // Regular files only (modes 100644 and 100755): a symlink's target and a submodule are not this repository's text.
  const paths = execFileSync("git", ["ls-files", "-z", "--stage"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .flatMap((entry) => (/^100(644|755) /.test(entry) ? [entry.slice(entry.indexOf("\t") + 1)] : []))
  const files = paths.flatMap((path) => {
    const bytes = readFileSync(join(root, path))
    // Binary files (a NUL byte, as git decides) are not text anyone writes a secret into.
    return bytes.includes(0) ? [] : [{ path, content: bytes.toString("utf8") }]
  })
  const started = performance.now()
  const findings = await Effect.runPromise(scanSecrets(files))
  const ms = Math.round(performance.now() - started)
  rows.push(`| ${name} | ${paths.length} | ${files.length} | ${findings.length} | ${ms} |`)
  listings.push(`\n## ${name}`, ...findings.map((f) => `${f.path}:${f.line} ${f.ruleId} ${f.preview}`))
}
const shares: Array<string> = []
if (process.env["ANALYSIS"] === "1") {
  for (const arg of process.argv.slice(2)) {
    const [name, root] = arg.split("=") as [string, string]
    const row = await Effect.runPromise(Effect.gen(function*() {
      const analyzer = yield* TreeAnalyzer.make({ cacheDirectory: mkdtempSync(join(tmpdir(), "tidemark-secrets-")) })
      const languages = (yield* analyzer.analyze(root, { goals: Goals.Goals.defaults, tools: [] })).measures.languages
      const tools = defaultToolsFor(languages, true)
      let started = performance.now()
      yield* analyzer.analyze(root, { goals: Goals.Goals.defaults, tools })
      const analysisMs = performance.now() - started
      const sources = yield* readSourceTree(root)
      started = performance.now()
      yield* scanSecrets(sources)
      const scanMs = performance.now() - started
      return `| ${name} | ${Math.round(analysisMs)} | ${Math.round(scanMs)} | ${(100 * scanMs / (analysisMs - scanMs)).toFixed(1)} % |`
    }).pipe(Effect.provide(NodeContext.layer)))
    shares.push(row)
  }
}
console.log("| repository | tracked files | text files scanned | findings | time (ms) |")
console.log("|---|---:|---:|---:|---:|")
for (const row of rows) console.log(row)
for (const line of listings) console.log(line)
if (shares.length > 0) {
  console.log("\n| repository | analysis with the scan (ms) | scan alone (ms) | added to the analysis |")
  console.log("|---|---:|---:|---:|")
  for (const row of shares) console.log(row)
}
