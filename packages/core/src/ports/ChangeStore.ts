import { Context, type Effect, type Option } from "effect"
import type { ChangeAnalysis, ChangeKey, ChangeSubject, DeltaIssue, DeltaType } from "../domain/ChangeAnalysis.js"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { PageRequest, ResultPage } from "../domain/Pagination.js"

/** A subject as one string, the same in every adapter: `commit:<sha>` or `pull:<number>`. */
export const subjectKey = (subject: ChangeSubject): string =>
  subject.kind === "commit" ? `commit:${subject.sha}` : `pull:${subject.number}`

/** The order issues of a change list in: added before fixed, then by file, line and id. */
export const deltaIssueKey = (issue: DeltaIssue): ReadonlyArray<string | number> => [
  issue.deltaType === "Added" ? 0 : 1,
  issue.issue.filePath,
  issue.issue.line,
  issue.issue.issueId
]

/**
 * A change without the files and clones it lists: what showing its issues needs (its commits and
 * whether a problem stopped it). A pull request's change lists every file it touched, each with
 * its added lines, and an issue page read them all for nothing.
 */
export type ChangeSummary = Omit<ChangeAnalysis, "files" | "clones">

export const changeSummaryOf = (change: ChangeAnalysis): ChangeSummary => {
  const { clones: _, files: __, ...summary } = change
  return summary
}

/**
 * The changes of commits and pull requests (ChangeAnalysis), one per repository and subject (a new
 * analysis of the subject replaces it), with the issues each one added and fixed, read by page in
 * `deltaIssueKey` order.
 */
export class ChangeStore extends Context.Tag("@tidemark/core/ChangeStore")<
  ChangeStore,
  {
    readonly save: (key: ChangeKey, change: ChangeAnalysis, issues: ReadonlyArray<DeltaIssue>) => Effect.Effect<void, ServiceUnavailable>
    readonly find: (key: ChangeKey) => Effect.Effect<Option.Option<ChangeAnalysis>, ServiceUnavailable>
    /** The stored change as `find` reads it, without its files and clones. */
    readonly findSummary: (key: ChangeKey) => Effect.Effect<Option.Option<ChangeSummary>, ServiceUnavailable>
    /** The stored changes among these subjects of one repository, by `subjectKey`. */
    readonly findMany: (
      repositoryId: number,
      subjects: ReadonlyArray<ChangeSubject>
    ) => Effect.Effect<ReadonlyMap<string, ChangeAnalysis>, ServiceUnavailable>
    /** The change's issues of one delta type, or of both. */
    readonly issues: (
      key: ChangeKey,
      deltaType: DeltaType | undefined,
      page: PageRequest
    ) => Effect.Effect<ResultPage<DeltaIssue>, ServiceUnavailable>
  }
>() {}
