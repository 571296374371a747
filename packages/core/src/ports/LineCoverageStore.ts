import { Context, type Effect, type Option } from "effect"
import type { CommitCoverage, FileLineCoverage } from "../domain/CommitCoverage.js"
import type { ServiceUnavailable } from "../domain/Errors.js"

/** One commit of a repository: coverage is uploaded for a commit, whichever branches analyse it. */
export interface CoverageKey {
  readonly repositoryId: number
  readonly commitSha: string
}

/**
 * The coverage uploaded for commits, kept per commit whether or not the commit is analysed yet: the
 * report (each file's totals, read with the analyses through AnalysisStore) and the line coverage
 * of its files; and the lock under which a commit's coverage is read then written. Coverage is
 * written through this port only.
 */
export class LineCoverageStore extends Context.Tag("@tidemark/core/LineCoverageStore")<
  LineCoverageStore,
  {
    /**
     * Replaces a commit's coverage with one upload's: its files' line coverage, then its report,
     * so that once a report shows, the lines behind it are there (all of them or none).
     */
    readonly saveCoverage: (report: CommitCoverage, files: ReadonlyArray<FileLineCoverage>) => Effect.Effect<void, ServiceUnavailable>
    /**
     * Forgets the line coverage of these files of a commit (left out of coverage by the analysed
     * configuration), and replaces its report with `report`, the report without them.
     */
    readonly removeCoverage: (report: CommitCoverage, paths: ReadonlyArray<string>) => Effect.Effect<void, ServiceUnavailable>
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
