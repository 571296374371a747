import { describe, expect, it } from "@effect/vitest"
import { GateVerdict, QualityGate } from "@tidemark/core"

const issues = (...levels: ReadonlyArray<readonly ["Info" | "Warning" | "High" | "Error", string]>) =>
  levels.map(([level, category]) => ({ level, category }))

const noChange = { newIssues: [], newClones: 0, deltaComplexity: 0 }

describe("evaluateGate", () => {
  it("the defaults fail on any new issue and pass on none", () => {
    const failing = GateVerdict.evaluateGate(QualityGate.QualityGate.defaults, { ...noChange, newIssues: issues(["Info", "CodeStyle"]) })
    expect(failing.isUpToStandards).toBe(false)
    expect(failing.quality.resultReasons.map((r) => [r.gate, r.expected, r.expectedThreshold.minimumSeverity, r.isUpToStandards]))
      .toEqual([["issueThreshold", 0, "Info", false]])
    expect(failing.coverage).toBeUndefined()
    expect(GateVerdict.evaluateGate(QualityGate.QualityGate.defaults, noChange).isUpToStandards).toBe(true)
  })

  it("issues under the minimum severity do not count; security issues count apart", () => {
    const gate = new QualityGate.QualityGate({
      issueThreshold: new QualityGate.IssueThreshold({ threshold: 1, minimumSeverity: "High" }),
      securityIssueThreshold: 0,
      securityIssueMinimumSeverity: "Warning"
    })
    const some = issues(["Info", "Security"], ["Warning", "CodeStyle"], ["High", "ErrorProne"])
    const verdict = GateVerdict.evaluateGate(gate, { ...noChange, newIssues: some })
    expect(verdict.quality.resultReasons.map((r) => [r.gate, r.isUpToStandards])).toEqual([
      ["issueThreshold", true],
      ["securityIssueThreshold", true]
    ])
    const insecure = GateVerdict.evaluateGate(gate, { ...noChange, newIssues: [...some, ...issues(["Warning", "Security"])] })
    expect(insecure.quality.resultReasons.map((r) => [r.gate, r.isUpToStandards])).toEqual([
      ["issueThreshold", true],
      ["securityIssueThreshold", false]
    ])
    expect(insecure.isUpToStandards).toBe(false)
  })

  it("the security findings rule counts new findings of the minimum priority or more, whatever their scan", () => {
    const gate = new QualityGate.QualityGate({ securityFindingThreshold: 0, securityFindingMinimumPriority: "High" })
    const medium = GateVerdict.evaluateGate(gate, { ...noChange, newSecurityFindings: [{ priority: "Medium" }, { priority: "Low" }] })
    expect(medium.quality.resultReasons.map((r) => [r.gate, r.expected, r.expectedThreshold.minimumPriority, r.isUpToStandards]))
      .toEqual([["securityFindingThreshold", 0, "High", true]])
    const critical = GateVerdict.evaluateGate(gate, { ...noChange, newSecurityFindings: [{ priority: "Medium" }, { priority: "Critical" }] })
    expect([critical.isUpToStandards, critical.quality.resultReasons[0]!.isUpToStandards]).toEqual([false, false])
    // No minimum: every priority counts; a change recorded without findings read counts none.
    const any = new QualityGate.QualityGate({ securityFindingThreshold: 1 })
    expect(GateVerdict.evaluateGate(any, { ...noChange, newSecurityFindings: [{ priority: "Low" }, { priority: "Low" }] }).isUpToStandards).toBe(false)
    expect(GateVerdict.evaluateGate(any, noChange).isUpToStandards).toBe(true)
  })

  it("clones and complexity at their thresholds pass, over them fail", () => {
    const gate = new QualityGate.QualityGate({ duplicationThreshold: 1, complexityThreshold: 4 })
    expect(GateVerdict.evaluateGate(gate, { ...noChange, newClones: 1, deltaComplexity: 4 }).isUpToStandards).toBe(true)
    const over = GateVerdict.evaluateGate(gate, { ...noChange, newClones: 2, deltaComplexity: 5 })
    expect(over.quality.resultReasons.map((r) => [r.gate, r.expected, r.isUpToStandards])).toEqual([
      ["duplicationThreshold", 1, false],
      ["complexityThreshold", 4, false]
    ])
  })

  it("coverage rules count only once coverage is known; the variation and diff coverage must reach their thresholds", () => {
    const gate = new QualityGate.QualityGate({ coverageThresholdWithDecimals: -0.5, diffCoverageThreshold: 80 })
    expect(GateVerdict.evaluateGate(gate, noChange).coverage).toBeUndefined()
    expect(GateVerdict.evaluateGate(gate, noChange).isUpToStandards).toBe(true)
    const known = GateVerdict.evaluateGate(gate, { ...noChange, coverageVariation: -0.5, diffCoverage: 75 })
    expect(known.coverage?.resultReasons.map((r) => [r.gate, r.expected, r.isUpToStandards])).toEqual([
      ["coverageThresholdWithDecimals", -0.5, true],
      ["diffCoverageThreshold", 80, false]
    ])
    expect(known.quality.isUpToStandards).toBe(true)
    expect(known.isUpToStandards).toBe(false)
  })
})
