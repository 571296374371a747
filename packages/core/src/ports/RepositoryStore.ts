import { Context, type Effect, type Option } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { Goals } from "../domain/Goals.js"
import type { BranchRecord, CommitRecord, RepositoryRecord, RepositorySnapshot } from "../domain/Records.js"

/** A page of a keyset-paginated query: `after` is the sort key of the last item already seen. */
export interface RepositoryQuery {
  readonly organizationId: number
  /** Exact repository names to keep (search operation, deprecated `repositories` parameter). */
  readonly names?: ReadonlyArray<string> | undefined
  /** Case-insensitive substring of the repository name. */
  readonly search?: string | undefined
  /** Repositories sort by name; return only names strictly after this one. */
  readonly after?: string | undefined
  readonly limit: number
}

export interface RepositoryPage {
  readonly items: ReadonlyArray<RepositoryRecord>
  /**
   * The branches of the page's repositories, by repository id, as `listBranches` reads them: a
   * list page shows each repository's default branch, and reading them with the page saves a
   * round trip per page.
   */
  readonly branches: ReadonlyMap<number, ReadonlyArray<BranchRecord>>
  /** Count of all repositories matching the filters, ignoring `after` and `limit`. */
  readonly total: number
  /** Whether repositories remain after this page. */
  readonly hasMore: boolean
}

/** Repositories of organizations (see OrganizationStore), with their branches, commits and goals. */
export class RepositoryStore extends Context.Tag("@tidemark/core/RepositoryStore")<
  RepositoryStore,
  {
    readonly findRepository: (organizationId: number, name: string) => Effect.Effect<Option.Option<RepositoryRecord>, ServiceUnavailable>
    /** By id: what a repository token names (it stays valid through a rename). */
    readonly findRepositoryById: (id: number) => Effect.Effect<Option.Option<RepositoryRecord>, ServiceUnavailable>
    readonly pageRepositories: (query: RepositoryQuery) => Effect.Effect<RepositoryPage, ServiceUnavailable>
    /**
     * Creates or refreshes a repository with its branches and commits, atomically. A branch seen
     * before keeps whether it is analysed; a new one is. The default is the one chosen with
     * `setDefaultBranch` while git still has it, else git's; the default is always analysed.
     */
    readonly saveSnapshot: (
      organizationId: number,
      snapshot: RepositorySnapshot,
      now: string
    ) => Effect.Effect<RepositoryRecord, ServiceUnavailable>
    readonly listBranches: (repositoryId: number) => Effect.Effect<ReadonlyArray<BranchRecord>, ServiceUnavailable>
    /** Whether the repository's branch of that name is analysed (nothing for a branch it has not). */
    readonly setBranchEnabled: (repositoryId: number, name: string, enabled: boolean) => Effect.Effect<void, ServiceUnavailable>
    /**
     * Makes the branch the repository's default, and analysed; the choice outlives refreshes from
     * git (git's own default no longer decides) while git has that branch.
     */
    readonly setDefaultBranch: (repositoryId: number, name: string) => Effect.Effect<void, ServiceUnavailable>
    readonly findCommit: (repositoryId: number, sha: string) => Effect.Effect<Option.Option<CommitRecord>, ServiceUnavailable>
    /** Replaces a repository's goals (a refresh from git keeps them). */
    readonly saveGoals: (repositoryId: number, goals: Goals) => Effect.Effect<void, ServiceUnavailable>
    /** Whether its new commits are analysed; a refresh from git keeps it. */
    readonly setFollowing: (repositoryId: number, following: boolean) => Effect.Effect<void, ServiceUnavailable>
    /**
     * Removes the repository with everything stored about it (branches, commits, analyses and their
     * rows, changes, pull requests, coverage, settings, standards applied, ignores, its tokens and
     * webhook secret), in one unit: the same name added again starts from nothing.
     */
    readonly deleteRepository: (repositoryId: number) => Effect.Effect<void, ServiceUnavailable>
  }
>() {}
