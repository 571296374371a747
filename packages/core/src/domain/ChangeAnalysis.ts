import { Schema } from "effect"
import { CloneOccurrence, IssueResult } from "./AnalysisResults.js"
import { SeverityLevel } from "./Pattern.js"
import { Problem } from "./Repository.js"
import { SecurityFinding } from "./SecurityItems.js"
import { Action } from "./Common.js"
import { trusted } from "./Trusted.js"

/**
 * What a change did to the code: a commit against the commit its branch analysed before it, or a
 * pull request's head against the common ancestor with its target branch. Kept apart from the
 * analyses' rows, so that it outlives their pruning.
 */

export const DeltaType = Schema.Literal("Added", "Fixed")
export type DeltaType = typeof DeltaType.Type

/** Whose change: a commit (by sha) or a pull request (by number). */
export type ChangeSubject =
  | { readonly kind: "commit"; readonly sha: string }
  | { readonly kind: "pullRequest"; readonly number: number }

export interface ChangeKey {
  readonly repositoryId: number
  readonly subject: ChangeSubject
}

/** One file the change touched, or whose measures it changed. */
export class FileDelta extends Schema.Class<FileDelta>("FileDelta")({
  path: Schema.String,
  language: Schema.String,
  /** Whether the head still has the file (a deleted file is listed with what it fixed). */
  inHead: Schema.Boolean,
  newIssues: Schema.Int,
  fixedIssues: Schema.Int,
  /** None when neither side has a complexity measure for the file. */
  deltaComplexity: Schema.optional(Schema.Int),
  deltaClonesCount: Schema.Int,
  /** The lines the change adds or alters in the head's file, ascending: diff coverage counts these. */
  addedLines: Schema.Array(Schema.Int)
}) {}

/** A clone the change brought in or removed: its occurrences in the head (Added) or the base (Fixed). */
export class CloneDelta extends Schema.Class<CloneDelta>("CloneDelta")({
  /** Numbered within the change, from 1. */
  id: Schema.Int,
  deltaType: DeltaType,
  occurrences: Schema.Array(CloneOccurrence)
}) {}

/** An issue the change added (as the head has it) or fixed (as the base had it). */
export class DeltaIssue extends Schema.Class<DeltaIssue>("DeltaIssue")({
  deltaType: DeltaType,
  issue: IssueResult
}) {}

/** How many added issues have one severity and category: what a gate's issue rules count. */
export class IssueKindCount extends Schema.Class<IssueKindCount>("IssueKindCount")({
  level: SeverityLevel,
  category: Schema.String,
  count: Schema.Int
}) {}

export class ChangeAnalysis extends Schema.Class<ChangeAnalysis>("ChangeAnalysis")({
  repositoryId: Schema.Int,
  headSha: Schema.String,
  /** None for the first commit a branch analysed: there is nothing to compare it with. */
  baseSha: Schema.optional(Schema.String),
  startedAnalysis: Schema.String,
  endedAnalysis: Schema.String,
  newIssues: Schema.Int,
  fixedIssues: Schema.Int,
  deltaComplexity: Schema.Int,
  deltaClonesCount: Schema.Int,
  /** The added issues by severity and category, so that a verdict does not read them all. */
  newIssueKinds: Schema.Array(IssueKindCount),
  files: Schema.Array(FileDelta),
  clones: Schema.Array(CloneDelta),
  /**
   * The security findings of the head its base did not have (SAST, secrets, vulnerable
   * dependencies), for the gate's security rule and the pull request's page. Left out by changes
   * recorded before Tidemark read them: none.
   */
  newSecurityFindings: Schema.optional(Schema.Array(SecurityFinding)),
  /** What stopped the analysis (a branch that does not exist, a failed checkout): then no numbers count. */
  problems: Schema.Array(Problem)
}) {}

/**
 * The change an encoded one stands for, built without validating it again: for data already
 * checked against `Schema.encodedBoundSchema(ChangeAnalysis)` (a stored row read back). A change
 * lists every file it touched, and decoding them all again cost more than the page read with it.
 */
export const changeAnalysisOfEncoded = (encoded: typeof ChangeAnalysis.Encoded): ChangeAnalysis =>
  trusted(ChangeAnalysis, {
    ...encoded,
    newIssueKinds: encoded.newIssueKinds.map((kind) => trusted(IssueKindCount, kind)),
    files: encoded.files.map((file) => trusted(FileDelta, file)),
    clones: encoded.clones.map((clone) =>
      trusted(CloneDelta, { ...clone, occurrences: clone.occurrences.map((o) => trusted(CloneOccurrence, o)) })),
    problems: encoded.problems.map((p) => trusted(Problem, { ...p, actions: p.actions.map((a) => trusted(Action, a)) })),
    ...(encoded.newSecurityFindings === undefined
      ? {}
      : { newSecurityFindings: encoded.newSecurityFindings.map((finding) => trusted(SecurityFinding, finding)) })
  })
