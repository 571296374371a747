import { describe, expect, it } from "vitest"
import type { BranchHistoryEntry, GateReason, PullRequestWithAnalysis } from "../../src/changes/Changes.js"
import {
  commitVerdict,
  diffCoverageCause,
  diffCoverageText,
  gateRule,
  historyGrade,
  pullRequestVerdict,
  ruleState,
  unrunLines
} from "../../src/changes/ChangeWords.js"
import { dash } from "../../src/shared/Format.js"
import { chartPositions } from "../../src/changes/HistoryChart.js"

const rule = (gate: string, threshold: number, isUpToStandards: boolean, minimumSeverity?: string): GateReason => ({
  gate,
  expected: threshold,
  expectedThreshold: { threshold, minimumSeverity },
  isUpToStandards
})

const pr = (change: Partial<PullRequestWithAnalysis>): PullRequestWithAnalysis => ({
  isAnalysing: false,
  pullRequest: {
    number: 7,
    title: "Feature X",
    status: "open",
    updated: "2026-11-26T01:00:00Z",
    owner: { name: "Ada" },
    headCommitSha: "a".repeat(40),
    commonAncestorCommitSha: "b".repeat(40)
  },
  meta: { analyzable: true },
  ...change
})

describe("a change's analysis in words", () => {
  it("says each rule of a gate as what the change must stay within", () => {
    expect(gateRule(rule("issueThreshold", 0, false))).toBe("At most 0 new issues")
    expect(gateRule(rule("issueThreshold", 1, true, "Warning"))).toBe("At most 1 new issue of severity Warning or worse")
    expect(gateRule(rule("securityIssueThreshold", 2, true))).toBe("At most 2 new security issues")
    expect(gateRule({ ...rule("securityFindingThreshold", 0, false), expectedThreshold: { threshold: 0, minimumPriority: "High" } }))
      .toBe("At most 0 new security findings of priority High or higher")
    expect(gateRule(rule("duplicationThreshold", 1, true))).toBe("At most 1 new duplicated block")
    expect(gateRule(rule("complexityThreshold", 4, true))).toBe("Complexity added at most 4")
    expect(gateRule(rule("coverageThresholdWithDecimals", -0.5, true))).toBe("Coverage changes by at least -0.5 percentage points")
    expect(gateRule(rule("coverageThreshold", 1, true))).toBe("Coverage changes by at least +1 percentage points")
    expect(gateRule(rule("diffCoverageThreshold", 80, false))).toBe("At least 80 % of the changed lines covered")
    expect(gateRule(rule("somethingNew", 3, false))).toBe("somethingNew: threshold 3")
    expect([ruleState(rule("issueThreshold", 0, true)), ruleState(rule("issueThreshold", 0, false))]).toEqual(["met", "not met"])
  })

  it("gives a pull request's verdict: analysing, not analysable, up to standards or not", () => {
    expect(pullRequestVerdict(pr({ isUpToStandards: true }))).toEqual({ kind: "up", label: "Up to standards" })
    expect(pullRequestVerdict(pr({ isUpToStandards: false }))).toEqual({ kind: "down", label: "Not up to standards" })
    expect(pullRequestVerdict(pr({ isUpToStandards: false, isAnalysing: true })).kind).toBe("analysing")
    expect(pullRequestVerdict(pr({ meta: { analyzable: false, reason: "no branch nope" } }))).toEqual({ kind: "unanalysable", label: "Not analysable" })
    expect(pullRequestVerdict(pr({})).kind).toBe("none")
  })

  it("gives a commit's verdict from its quality and coverage rules together", () => {
    const commit = { commit: { sha: "s" }, meta: { analyzable: true } }
    expect(commitVerdict(undefined).kind).toBe("none")
    expect(commitVerdict({ ...commit, quality: { isUpToStandards: true } }).kind).toBe("up")
    expect(commitVerdict({ ...commit, quality: { isUpToStandards: true }, coverage: { isUpToStandards: false } }).kind).toBe("down")
    expect(commitVerdict({ ...commit, meta: { analyzable: false } }).kind).toBe("unanalysable")
  })

  it("shows diff coverage's value, or why there is none", () => {
    expect(diffCoverageText({ value: 75, coveredLines: 3, coverableLines: 4, cause: "ValueIsPresent" })).toBe("75 % (3 of 4 changed lines)")
    expect(diffCoverageText({ cause: "MissingRequirements" })).toBe(diffCoverageCause("MissingRequirements"))
    expect(diffCoverageText({ cause: "NoCoverableLines", coveredLines: 0, coverableLines: 0 })).toBe(diffCoverageCause("NoCoverableLines"))
    expect(diffCoverageText({ value: 0, coveredLines: 0, coverableLines: 1, cause: "ValueIsPresent" })).toBe("0 % (0 of 1 changed line)")
    expect(diffCoverageText(undefined)).toBe("Not known.")
    const file = { fileName: "src/a.js", coverage: 50 }
    expect(unrunLines({ ...file, diffLineHits: [{ lineNumber: "2", hits: 0 }, { lineNumber: "3", hits: 4 }, { lineNumber: "7", hits: 0 }] })).toBe("2, 7")
    expect(unrunLines({ ...file, diffLineHits: [{ lineNumber: "3", hits: 4 }] })).toBe("none")
    expect(unrunLines({ ...file, diffLineHits: [] })).toBe("none counted")
  })

  it("places a history's points evenly, the highest value at the top, a missing value undrawn", () => {
    const placed = chartPositions([{ label: "a", value: 0 }, { label: "b", value: undefined }, { label: "c", value: 100 }], 100)
    expect(placed.map((p) => p.x)).toEqual([44, 236, 428])
    expect(placed.map((p) => p.y)).toEqual([136, undefined, 12])
    expect(chartPositions([{ label: "a", value: 50 }], 100)[0]?.x).toBe(236)
  })
})

describe("a commit's grade in the history", () => {
  const entry: BranchHistoryEntry = {
    sha: "abc",
    message: "first",
    authorName: "Ada",
    commitTimestamp: "2026-11-26T01:00:00Z",
    endedAnalysis: "2026-11-26T01:05:00Z"
  }

  it("is its letter and grade", () => {
    expect(historyGrade({ ...entry, gradeLetter: "B", grade: 72, loc: 100, issuesCount: 3 })).toBe("B (72)")
  })

  it("is Not graded when the analysis measured the commit and gave no grade", () => {
    expect(historyGrade({ ...entry, loc: 100, issuesCount: 0 })).toBe("Not graded")
  })

  it("is a dash without measures", () => {
    expect(historyGrade(entry)).toBe(dash)
  })
})
