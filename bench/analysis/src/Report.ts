import { IssueLoad } from "@tidemark/core"
import type { EslintCounts } from "./AnchorTools.js"
import type { Breakdown, WholeRun } from "./OurAnalysis.js"

export interface AnchorTimings {
  readonly clocMs: number
  readonly eslintMs: number
  readonly jscpdMs: number
  readonly eslint: EslintCounts
}

export interface SkippedRule {
  readonly ruleId: string
  readonly reason: string
}

export interface RuleSets {
  readonly enabled: number
  /** Rules the CLI's generated config runs (besides complexity). */
  readonly anchorRuns: number
  /** Patterns our linter did not run, and why. */
  readonly oursSkipped: ReadonlyArray<SkippedRule>
  readonly anchorLeftOut: ReadonlyArray<SkippedRule>
}

const table = (header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>) => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)))
  const line = (cells: ReadonlyArray<string>) => `| ${widths.map((w, i) => (cells[i] ?? "").padEnd(w)).join(" | ")} |`
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n")
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const ratio = (ours: number, theirs: number) => `×${(theirs / ours).toFixed(2)}`
const none = "–"

export const anchorsTotalMs = (anchors: AnchorTimings) => anchors.clocMs + anchors.eslintMs + anchors.jscpdMs

/** Wall times (ratio: how many times faster ours is), ready for docs/benchmarks.md. */
export const renderTimes = (whole: WholeRun, parts: Breakdown, anchors: AnchorTimings, patterns: number) => {
  const eslintShare = parts.complexityMs + parts.lintMs
  return table(["measure", "ours", "anchor", "anchor time", "anchor ÷ ours"], [
    ["reading the tree", seconds(parts.readMs), "(each anchor reads its own)", none, none],
    ["lines of code", seconds(parts.linesMs), "cloc", seconds(anchors.clocMs), ratio(parts.linesMs, anchors.clocMs)],
    ["complexity", seconds(parts.complexityMs), "(in the ESLint CLI row)", none, none],
    [`issues (${patterns} default patterns, lintTree)`, seconds(parts.lintMs), "(in the ESLint CLI row)", none, none],
    ["complexity + issues", seconds(eslintShare), "ESLint CLI, same rules + complexity", seconds(anchors.eslintMs), ratio(eslintShare, anchors.eslintMs)],
    ["duplication", seconds(parts.duplicationMs), "jscpd CLI", seconds(anchors.jscpdMs), ratio(parts.duplicationMs, anchors.jscpdMs)],
    ["whole analysis in one thread (TreeAnalyzer.analyze, empty cache)", seconds(whole.oneThreadMs), "cloc + ESLint + jscpd, one after another", seconds(anchorsTotalMs(anchors)), ratio(whole.oneThreadMs, anchorsTotalMs(anchors))],
    ["whole analysis, first of new threads (ThreadedAnalyzer, empty cache)", seconds(whole.firstMs), "cloc + ESLint + jscpd, one after another", seconds(anchorsTotalMs(anchors)), ratio(whole.firstMs, anchorsTotalMs(anchors))],
    ["**whole analysis** as the server runs it (ThreadedAnalyzer: analysis thread + lint thread, empty cache)", seconds(whole.ms), "cloc + ESLint + jscpd, one after another", seconds(anchorsTotalMs(anchors)), ratio(whole.ms, anchorsTotalMs(anchors))]
  ])
}

/** Both sides' counts, to show they did the same work. */
export const renderCounts = (whole: WholeRun, parts: Breakdown, eslint: EslintCounts) =>
  table(["count", "ours", "ESLint CLI"], [
    ["JS/TS files linted", String(parts.lint.lintedFiles), String(eslint.files)],
    ["issues of the enabled patterns", String(IssueLoad.totalOf(whole.measures.issueCounts)), String(eslint.patternIssues)],
    ["files that failed to parse", String(parts.lint.unparsedFiles.length), String(eslint.fatal)],
    ["files a rule crashed on", String(parts.lint.failedFiles.length), none],
    ["JS/TS functions (complexity messages)", String(parts.scriptFunctions), String(eslint.complexity)],
    ["messages of rules turned on inline", "(not issues)", String(eslint.otherRules)],
    ["ESLint's error count (all of the above)", none, String(eslint.errors)]
  ])

const byReason = (rules: ReadonlyArray<SkippedRule>) => {
  const counts = new Map<string, number>()
  for (const { reason } of rules) counts.set(reason, (counts.get(reason) ?? 0) + 1)
  return [...counts].map(([reason, count]) => `${count} ${reason}`).join(", ") || "none"
}

const sameRules = (a: ReadonlyArray<SkippedRule>, b: ReadonlyArray<SkippedRule>) =>
  a.map((r) => r.ruleId).sort().join() === b.map((r) => r.ruleId).sort().join()

export const renderRules = (rules: RuleSets) =>
  `Patterns enabled by default: ${rules.enabled}. The ESLint CLI's config runs ${rules.anchorRuns} of them, plus complexity. ` +
  `Not run by ours: ${byReason(rules.oursSkipped)}. Left out of the CLI's config: ${byReason(rules.anchorLeftOut)}` +
  ` (${sameRules(rules.oursSkipped, rules.anchorLeftOut) ? "the same rules" : "NOT the same rules"}).`
