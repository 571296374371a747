import { Context, type Effect } from "effect"
import type { StandardRef } from "../domain/Common.js"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { BranchRecord, RepositoryRecord } from "../domain/Records.js"
import type { Shown } from "../domain/RepositoryView.js"
import type { RepositoryQuery } from "./RepositoryStore.js"

/** What a list page shows of one repository, as the stores hold it. */
export interface ListedRepositoryRecords {
  readonly repository: RepositoryRecord
  /** The repository's default branch, as `RepositoryStore.listBranches` reads it (none before the first snapshot names one). */
  readonly defaultBranch: BranchRecord | undefined
  /** The standards applied to it, oldest application first, as `StandardStore.standardsOf` reads them. */
  readonly standards: ReadonlyArray<StandardRef>
  /**
   * The latest analysis of the default branch (`AnalysisStore.latest`); the coverage and the imported
   * issues of the commit shown (`shownCommit`: the analysed one, else the branch's head).
   */
  readonly shown: Shown
}

export interface ListingPage {
  readonly items: ReadonlyArray<ListedRepositoryRecords>
  /** Count of all repositories matching the filters, ignoring `after` and `limit`. */
  readonly total: number
  /** Whether repositories remain after this page. */
  readonly hasMore: boolean
}

/**
 * A page of an organization's repositories with everything the list operations show of each: a
 * read model over `RepositoryStore`, `StandardStore` and `AnalysisStore`. Reading it through those
 * ports takes five reads in three rounds per page (`RepositoryListingFromStores`, in memory/); an adapter that holds all of them
 * answers in one (PostgreSQL's is one statement). Every adapter must answer what that one
 * answers over the same stores: the port's contract compares them.
 */
export class RepositoryListing extends Context.Tag("@tidemark/core/RepositoryListing")<
  RepositoryListing,
  {
    readonly page: (query: RepositoryQuery) => Effect.Effect<ListingPage, ServiceUnavailable>
  }
>() {}
