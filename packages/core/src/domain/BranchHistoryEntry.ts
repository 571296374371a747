import { Schema } from "effect"
import type { ChangeAnalysis } from "./ChangeAnalysis.js"
import { measuresView, type Shown } from "./RepositoryView.js"
import type { CommitAnalysis } from "./CommitAnalysis.js"
import type { RepositoryRecord } from "./Records.js"
import { GradeLetter } from "./RepositoryWithAnalysis.js"
import { DateTimeString } from "./Rfc3339.js"
import { trusted } from "./Trusted.js"

/**
 * Our extension (the original's CommitWithAnalysis has neither grade nor issue count): one analysed
 * commit of a branch with the grade and the issue count it had, so that a client can draw them over
 * time. The measures are absent when the analysis failed; `newIssues` and `fixedIssues` when
 * nothing was compared (a failed analysis).
 */
export class BranchHistoryEntry extends Schema.Class<BranchHistoryEntry>("BranchHistoryEntry")({
  sha: Schema.String,
  message: Schema.String,
  authorName: Schema.String,
  commitTimestamp: DateTimeString,
  endedAnalysis: DateTimeString,
  grade: Schema.optional(Schema.Int),
  gradeLetter: Schema.optional(GradeLetter),
  issuesCount: Schema.optional(Schema.Int),
  loc: Schema.optional(Schema.Int),
  newIssues: Schema.optional(Schema.Int),
  fixedIssues: Schema.optional(Schema.Int)
}) {}

/**
 * The entry of one analysis: graded as the repository view grades its latest one (`measuresView`:
 * the goals as they are now, the commit's coverage report and imported issues counted), with what
 * the commit changed against the analysis before it.
 */
export const historyEntry = (
  repository: RepositoryRecord,
  shown: Shown & { readonly analysis: CommitAnalysis },
  change: ChangeAnalysis | undefined
): BranchHistoryEntry => {
  const { commit, endedAnalysis } = shown.analysis
  const measures = measuresView(repository, shown)
  return trusted(BranchHistoryEntry, {
    sha: commit.sha,
    message: commit.message,
    authorName: commit.authorName,
    commitTimestamp: commit.commitTimestamp,
    endedAnalysis,
    ...(measures === undefined
      ? {}
      : {
        // An analysis of too little of the code has no grade (RepositoryView), and still its counts.
        ...(measures.grade === undefined || measures.gradeLetter === undefined ? {} : { grade: measures.grade, gradeLetter: measures.gradeLetter }),
        issuesCount: measures.issuesCount,
        loc: measures.loc
      }),
    ...(change === undefined || measures === undefined ? {} : { newIssues: change.newIssues, fixedIssues: change.fixedIssues })
  })
}
