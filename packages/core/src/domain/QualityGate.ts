import { Schema } from "effect"
import { SeverityLevel } from "./Pattern.js"
import { SrmPriority } from "./SecurityItems.js"

/**
 * The quality gates of a repository's pull requests and commits, as the original API models them
 * (`QualityGate`). A field left out is a rule turned off: the original's settings page shows an
 * unchecked rule, and its API leaves the field out. So an update replaces the whole gate.
 */

const NonNegative = Schema.Int.pipe(Schema.greaterThanOrEqualTo(0, { message: () => "expected an integer of at least 0" }))

export class IssueThreshold extends Schema.Class<IssueThreshold>("IssueThreshold")({
  threshold: NonNegative,
  /** Left out: issues of every severity count. */
  minimumSeverity: Schema.optional(SeverityLevel)
}) {}

/**
 * Coverage variation in percentage points (`-0.02` allows a drop of two hundredths of a point); the
 * original allows at most 1, and a variation can never be under -100.
 */
const CoverageVariation = Schema.Number.pipe(
  Schema.between(-100, 1, { message: () => "expected a number from -100 to 1" })
)

export class QualityGate extends Schema.Class<QualityGate>("QualityGate")({
  issueThreshold: Schema.optional(IssueThreshold),
  securityIssueThreshold: Schema.optional(NonNegative),
  securityIssueMinimumSeverity: Schema.optional(SeverityLevel),
  /**
   * Tidemark's own rule (docs/choices.md): the change brings at most this many new security
   * findings (SAST, secrets and vulnerable dependencies) of `securityFindingMinimumPriority` or
   * more; 0 is "no new finding". The original's `securityIssueThreshold` counts issues alone.
   */
  securityFindingThreshold: Schema.optional(NonNegative),
  /** Left out: findings of every priority count. */
  securityFindingMinimumPriority: Schema.optional(SrmPriority),
  // The original sets no lower bound here; a negative number of new clones can never be exceeded.
  duplicationThreshold: Schema.optional(NonNegative),
  /** Deprecated by the original: the variation rounded to an integer. */
  coverageThreshold: Schema.optional(
    Schema.Int.pipe(Schema.between(-100, 1, { message: () => "expected an integer from -100 to 1" }))
  ),
  coverageThresholdWithDecimals: Schema.optional(CoverageVariation),
  diffCoverageThreshold: Schema.optional(
    Schema.Int.pipe(Schema.between(0, 100, { message: () => "expected an integer from 0 to 100" }))
  ),
  complexityThreshold: Schema.optional(NonNegative)
}) {
  /**
   * The original's defaults, the same for pull requests and commits: only "new issues are over 0,
   * of at least Info (minor) severity" is on (its documentation of the quality settings).
   */
  static readonly defaults = new QualityGate({ issueThreshold: new IssueThreshold({ threshold: 0, minimumSeverity: "Info" }) })
}

/** The two gates a repository has. */
export const GateKind = Schema.Literal("pullRequests", "commits")
export type GateKind = typeof GateKind.Type

/**
 * The gate as it is kept: the coverage variation once, with decimals (the deprecated integer form
 * given alone stands for it); commits have no diff coverage rule, so theirs is dropped.
 */
export const normalizedGate = (kind: GateKind, body: QualityGate): QualityGate => {
  const { coverageThreshold, coverageThresholdWithDecimals, diffCoverageThreshold, ...rest } = body
  const variation = coverageThresholdWithDecimals ?? coverageThreshold
  return new QualityGate({
    ...rest,
    ...(variation === undefined ? {} : { coverageThresholdWithDecimals: variation }),
    ...(diffCoverageThreshold === undefined || kind === "commits" ? {} : { diffCoverageThreshold })
  })
}

/** The gate as the API answers it: the deprecated integer form beside the variation, for older clients. */
export const shownGate = (gate: QualityGate): QualityGate =>
  gate.coverageThresholdWithDecimals === undefined
    ? gate
    : new QualityGate({ ...gate, coverageThreshold: Math.round(gate.coverageThresholdWithDecimals) })

/** The original's `QualitySettingsWithGatePolicy`; Tidemark has no organization gate policies, so no `repositoryGatePolicyInfo`. */
export class QualitySettingsWithGatePolicy extends Schema.Class<QualitySettingsWithGatePolicy>("QualitySettingsWithGatePolicy")({
  qualityGate: QualityGate
}) {}
