import { Schema } from "effect"
import { SeverityLevel, severityRank } from "./Pattern.js"
import type { QualityGate } from "./QualityGate.js"
import { atLeastPriority, SrmPriority } from "./SecurityItems.js"

/** The original's `AnalysisExpectedThreshold`: the rule's threshold, and for issue rules the least severity counted. */
export class AnalysisExpectedThreshold extends Schema.Class<AnalysisExpectedThreshold>("AnalysisExpectedThreshold")({
  threshold: Schema.Number,
  minimumSeverity: Schema.optional(SeverityLevel),
  /** Tidemark's: the least priority the security findings rule counts. */
  minimumPriority: Schema.optional(SrmPriority)
}) {}

/** One rule of a gate and whether the change meets it (`expected` is the rule's threshold). */
export class AnalysisResultReason extends Schema.Class<AnalysisResultReason>("AnalysisResultReason")({
  gate: Schema.String,
  expected: Schema.optional(Schema.Number),
  expectedThreshold: AnalysisExpectedThreshold,
  isUpToStandards: Schema.Boolean
}) {}

/** What a gate's rules look at in a change; coverage numbers are absent until a report arrives. */
export interface GateInputs {
  readonly newIssues: ReadonlyArray<{ readonly level: SeverityLevel; readonly category: string }>
  /** Clones the change brought in (those it removed do not offset them). */
  /** The security findings the change brought in (none read: none counted). */
  readonly newSecurityFindings?: ReadonlyArray<{ readonly priority: SrmPriority }> | undefined
  readonly newClones: number
  readonly deltaComplexity: number
  /** Head coverage minus base coverage, in percentage points. */
  readonly coverageVariation?: number | undefined
  /** Coverage of the lines the change added, in percent; none when it added no coverable line. */
  readonly diffCoverage?: number | undefined
}

/** The verdict of a gate on a change: quality rules and coverage rules apart, as the API shows them. */
export interface GateVerdict {
  readonly quality: { readonly isUpToStandards: boolean; readonly resultReasons: ReadonlyArray<AnalysisResultReason> }
  /** No coverage rule could be evaluated (none on, or no report): nothing to say. */
  readonly coverage: { readonly isUpToStandards: boolean; readonly resultReasons: ReadonlyArray<AnalysisResultReason> } | undefined
  readonly isUpToStandards: boolean
}

/** Whether `level` is `minimum` or more severe (no minimum: every level). */
export const atLeast = (minimum: SeverityLevel | undefined) => (level: SeverityLevel) =>
  minimum === undefined || severityRank[level] >= severityRank[minimum]

const reason = (gate: string, threshold: number, isUpToStandards: boolean, minimumSeverity?: SeverityLevel, minimumPriority?: SrmPriority) =>
  AnalysisResultReason.make({
    gate,
    expected: threshold,
    expectedThreshold: AnalysisExpectedThreshold.make({
      threshold,
      ...(minimumSeverity === undefined ? {} : { minimumSeverity }),
      ...(minimumPriority === undefined ? {} : { minimumPriority })
    }),
    isUpToStandards
  })

const verdictOf = (reasons: ReadonlyArray<AnalysisResultReason>) => ({
  isUpToStandards: reasons.every((r) => r.isUpToStandards),
  resultReasons: reasons
})

/**
 * Applies each rule the gate has on: issue counts are at most their threshold; new clones and the
 * complexity added at most theirs; the coverage variation and the diff coverage at least theirs.
 * A coverage rule without the coverage it needs is left out rather than failed: a pull request
 * whose CI has not uploaded coverage yet is judged on its code, and judged again when it does.
 */
export const evaluateGate = (gate: QualityGate, inputs: GateInputs): GateVerdict => {
  const quality: Array<AnalysisResultReason> = []
  if (gate.issueThreshold !== undefined) {
    const { minimumSeverity, threshold } = gate.issueThreshold
    const count = inputs.newIssues.filter((issue) => atLeast(minimumSeverity)(issue.level)).length
    quality.push(reason("issueThreshold", threshold, count <= threshold, minimumSeverity))
  }
  if (gate.securityIssueThreshold !== undefined) {
    const minimum = gate.securityIssueMinimumSeverity
    const count = inputs.newIssues.filter((issue) => issue.category === "Security" && atLeast(minimum)(issue.level)).length
    quality.push(reason("securityIssueThreshold", gate.securityIssueThreshold, count <= gate.securityIssueThreshold, minimum))
  }
  if (gate.securityFindingThreshold !== undefined) {
    const minimum = gate.securityFindingMinimumPriority
    const count = (inputs.newSecurityFindings ?? []).filter((finding) => atLeastPriority(minimum)(finding.priority)).length
    quality.push(reason("securityFindingThreshold", gate.securityFindingThreshold, count <= gate.securityFindingThreshold, undefined, minimum))
  }
  if (gate.duplicationThreshold !== undefined) {
    quality.push(reason("duplicationThreshold", gate.duplicationThreshold, inputs.newClones <= gate.duplicationThreshold))
  }
  if (gate.complexityThreshold !== undefined) {
    quality.push(reason("complexityThreshold", gate.complexityThreshold, inputs.deltaComplexity <= gate.complexityThreshold))
  }
  const coverage: Array<AnalysisResultReason> = []
  const variation = gate.coverageThresholdWithDecimals ?? gate.coverageThreshold
  if (variation !== undefined && inputs.coverageVariation !== undefined) {
    coverage.push(reason("coverageThresholdWithDecimals", variation, inputs.coverageVariation >= variation))
  }
  if (gate.diffCoverageThreshold !== undefined && inputs.diffCoverage !== undefined) {
    coverage.push(reason("diffCoverageThreshold", gate.diffCoverageThreshold, inputs.diffCoverage >= gate.diffCoverageThreshold))
  }
  const qualityVerdict = verdictOf(quality)
  const coverageVerdict = coverage.length === 0 ? undefined : verdictOf(coverage)
  return {
    quality: qualityVerdict,
    coverage: coverageVerdict,
    isUpToStandards: qualityVerdict.isUpToStandards && (coverageVerdict?.isUpToStandards ?? true)
  }
}

/**
 * The verdict of a bypassed gate: its quality rules set aside (their reasons kept, as found), its
 * coverage rules still counted, as the original's bypass covers quality checks only.
 */
export const bypassedVerdict = (verdict: GateVerdict): GateVerdict => ({
  quality: { ...verdict.quality, isUpToStandards: true },
  coverage: verdict.coverage,
  isUpToStandards: verdict.coverage?.isUpToStandards ?? true
})
