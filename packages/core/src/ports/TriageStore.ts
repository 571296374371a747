import { Context, type Effect } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { FileIgnore, Ignores, IssueIgnore } from "../domain/Triage.js"

/**
 * What each repository has set aside (triage): its ignored issues, by identity, and its ignored
 * files, by path. Kept apart from the analyses' rows, so that an ignore outlives every analysis.
 */
export class TriageStore extends Context.Tag("@tidemark/core/TriageStore")<
  TriageStore,
  {
    /** Ignores the issues; an issue ignored again takes the latest reason, comment, author and time. */
    readonly ignoreIssues: (repositoryId: number, ignores: ReadonlyArray<IssueIgnore>) => Effect.Effect<void, ServiceUnavailable>
    /** Whether the issue was ignored (and is no longer). */
    readonly unignoreIssue: (repositoryId: number, issueId: string) => Effect.Effect<boolean, ServiceUnavailable>
    /** Ignores the file; a file ignored again takes the latest author and time. */
    readonly ignoreFile: (repositoryId: number, ignore: FileIgnore) => Effect.Effect<void, ServiceUnavailable>
    /** Whether the file was ignored (and is no longer). */
    readonly unignoreFile: (repositoryId: number, path: string) => Effect.Effect<boolean, ServiceUnavailable>
    /** Everything the repository set aside: issues by id, files by path (code point order). */
    readonly ignoresOf: (repositoryId: number) => Effect.Effect<Ignores, ServiceUnavailable>
    /** Which of the repositories set anything aside: a list page reads the ignores of those alone. */
    readonly withIgnores: (repositoryIds: ReadonlyArray<number>) => Effect.Effect<ReadonlySet<number>, ServiceUnavailable>
  }
>() {}
