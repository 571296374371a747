import { TreeAnalyzer } from "@tidemark/analysis"
import { type AnalysisResults, Goals, QuickFix } from "@tidemark/core"
import { Effect } from "effect"
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { defaultToolsFor } from "./DefaultSettings.js"

/**
 * Quick fixes on real repositories: each git checkout is analysed with the defaults a new
 * repository gets, the fixes of its issues made into one patch as getQuickfixesPatch makes it, the
 * patch checked and applied with `git apply` in a throwaway clone, and the patched tree analysed
 * again: how many fixes applied, whether every fixed issue is gone, and what issues the patch
 * brought (none, for fixes to be trusted).
 *
 *   pnpm --filter @tidemark/bench-analysis bench:quickfix express=/tmp/real/express requests=/tmp/real/requests
 */

type Finding = AnalysisResults.IssueFinding

const git = (cwd: string, args: ReadonlyArray<string>) => execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })

// Read as git's cat-file gives it: a byte order mark kept (QuickFix.fixedFile counts after it).
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true })

/** The patch of the findings' fixes on the tree at `root`, as the service makes it from git's texts. */
const patchOf = (root: string, findings: ReadonlyArray<Finding>) => {
  const byPath = new Map<string, Array<Finding>>()
  for (const finding of findings) if (finding.fix !== undefined) byPath.set(finding.filePath, [...(byPath.get(finding.filePath) ?? []), finding])
  const changes = [...byPath].map(([path, fixable]) => QuickFix.fixedFile(path, utf8.decode(readFileSync(join(root, path))), fixable))
  return { patch: QuickFix.patchOf(changes), fixes: changes.reduce((sum, change) => sum + change.applied, 0) }
}

const key = (f: Finding) => `${f.filePath}\u0000${f.patternId}\u0000${f.message}`

const countsOf = (findings: ReadonlyArray<Finding>) => {
  const counts = new Map<string, number>()
  for (const f of findings) counts.set(key(f), (counts.get(key(f)) ?? 0) + 1)
  return counts
}

const main = Effect.gen(function*() {
  const targets = process.argv.slice(2).map((arg) => {
    const [name, path] = arg.split("=")
    if (name === undefined || path === undefined) throw new Error(`expected name=path, got ${arg}`)
    return { name, path }
  })
  const analyzer = yield* TreeAnalyzer.make({ cacheDirectory: mkdtempSync(join(tmpdir(), "tidemark-quickfix-")) })
  const rows: Array<string> = []
  for (const { name, path } of targets) {
    const clone = join(mkdtempSync(join(tmpdir(), "tidemark-quickfix-clone-")), name)
    git(tmpdir(), ["clone", "--quiet", "--no-hardlinks", path, clone])
    const first = yield* analyzer.analyze(clone, { goals: Goals.Goals.defaults, tools: [] })
    const settings = { goals: Goals.Goals.defaults, tools: defaultToolsFor(first.measures.languages, true) }
    const before = yield* analyzer.analyze(clone, settings)
    const fixable = before.findings.filter((f) => f.fix !== undefined)
    const { fixes, patch } = patchOf(clone, fixable)
    writeFileSync(join(clone, "..", "fix.patch"), patch)
    let applies = "yes"
    try {
      if (patch !== "") git(clone, ["apply", "--check", "../fix.patch"])
      if (patch !== "") git(clone, ["apply", "../fix.patch"])
    } catch (error) {
      applies = `no: ${String((error as { stderr?: unknown }).stderr ?? error).split("\n")[0]}`
    }
    const after = yield* analyzer.analyze(clone, settings)
    // An issue is told by its file, pattern and message, not its line's text, which a fix of
    // another issue on the same line changes.
    const remaining = countsOf(after.findings)
    const stillThere = fixable.filter((f) => (remaining.get(key(f)) ?? 0) >= (countsOf(before.findings).get(key(f)) ?? 0))
    const known = countsOf(before.findings)
    const brought = after.findings.filter((f, index, all) => all.slice(0, index + 1).filter((g) => key(g) === key(f)).length > (known.get(key(f)) ?? 0))
    const byPattern = new Map<string, number>()
    for (const f of fixable) byPattern.set(f.patternId, (byPattern.get(f.patternId) ?? 0) + 1)
    console.log(`\n## ${name}: ${settings.tools.map((t) => t.name).join(", ")}`)
    console.log(`fixable by pattern: ${[...byPattern].sort((a, b) => b[1] - a[1]).map(([id, n]) => `${id} ${n}`).join(", ")}`)
    for (const f of stillThere.slice(0, 10)) console.log(`still there: ${f.filePath}:${f.line} ${f.patternId} ${f.lineText.trim().slice(0, 100)}`)
    for (const f of brought.slice(0, 10)) console.log(`brought: ${f.filePath}:${f.line} ${f.patternId} ${f.message} | ${f.lineText.trim().slice(0, 100)}`)
    rows.push(
      `| ${name} | ${before.findings.length} | ${fixable.length} | ${fixes} | ${patch.split("\n").filter((l) => l.startsWith("diff --git")).length} | ${applies} | ${before.findings.length - after.findings.length} | ${stillThere.length} | ${brought.length} |`
    )
  }
  console.log("\n| repository | issues | with a fix | fixes in the patch | files | `git apply` | issues gone | fixed issues still there | issues brought |")
  console.log("|---|---|---|---|---|---|---|---|---|")
  for (const row of rows) console.log(row)
})

Effect.runPromise(main).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
