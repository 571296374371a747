import { Context, type Effect, type Option } from "effect"
import type { FileLineCoverage } from "../domain/CommitCoverage.js"
import type { ServiceUnavailable } from "../domain/Errors.js"

/** One commit of a repository: coverage is uploaded for a commit, whichever branches analyse it. */
export interface CoverageKey {
  readonly repositoryId: number
  readonly commitSha: string
}

/**
 * The line coverage of a commit's files, kept per commit as uploaded, whether or not the commit is
 * analysed yet; and the lock under which a commit's coverage is read then written.
 */
export class LineCoverageStore extends Context.Tag("@tidemark/core/LineCoverageStore")<
  LineCoverageStore,
  {
    /** Replaces the line coverage of a commit's files (one upload: all of them or none). */
    readonly saveCoverage: (commit: CoverageKey, files: ReadonlyArray<FileLineCoverage>) => Effect.Effect<void, ServiceUnavailable>
    /** Forgets the line coverage of these files of a commit (left out of coverage by the analysed configuration). */
    readonly removeCoverage: (commit: CoverageKey, paths: ReadonlyArray<string>) => Effect.Effect<void, ServiceUnavailable>
    /**
     * Runs `effect` alone among the effects given the same commit, in this process and in every
     * other process on the same storage: a read-then-write of a commit's coverage (reports adding
     * up) must not lose another one's write.
     */
    readonly exclusive: (commit: CoverageKey) => <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E | ServiceUnavailable, R>
    /** Every file's line coverage in a commit, by path (none before a report). */
    readonly commitCoverage: (commit: CoverageKey) => Effect.Effect<ReadonlyArray<FileLineCoverage>, ServiceUnavailable>
    /** A file's line coverage in a commit, when its report names it. */
    readonly fileCoverage: (commit: CoverageKey, path: string) => Effect.Effect<Option.Option<FileLineCoverage>, ServiceUnavailable>
  }
>() {}
