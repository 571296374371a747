import { Context, Effect, Layer } from "effect"
import type { StandardRef } from "../domain/Common.js"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { BranchRecord, RepositoryRecord } from "../domain/Records.js"
import type { Shown } from "../domain/RepositoryView.js"
import { shownOf } from "../services/ShownReads.js"
import { AnalysisStore } from "./AnalysisStore.js"
import { type RepositoryQuery, RepositoryStore } from "./RepositoryStore.js"
import { StandardStore } from "./StandardStore.js"

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
 * ports takes five reads in three rounds per page (`fromStores`); an adapter that holds all of them
 * answers in one (PostgreSQL's is one statement). Every adapter must answer what `fromStores`
 * answers over the same stores: the port's contract compares them.
 */
export class RepositoryListing extends Context.Tag("@tidemark/core/RepositoryListing")<
  RepositoryListing,
  {
    readonly page: (query: RepositoryQuery) => Effect.Effect<ListingPage, ServiceUnavailable>
  }
>() {
  /** The listing read through the three stores, each read once per page, not once per repository. */
  static readonly fromStores = Layer.effect(
    RepositoryListing,
    Effect.gen(function*() {
      const repositories = yield* RepositoryStore
      const standards = yield* StandardStore
      const analyses = yield* AnalysisStore
      const page = (query: RepositoryQuery) =>
        Effect.gen(function*() {
          const found = yield* repositories.pageRepositories(query)
          const defaultBranchOf = new Map(found.items.flatMap((r) => {
            const branch = (found.branches.get(r.id) ?? []).find((b) => b.isDefault)
            return branch === undefined ? [] : [[r.id, branch] as const]
          }))
          const [standardsOf, shown] = yield* Effect.all([
            standards.standardsOf(found.items.map((r) => r.id)),
            shownOf(analyses, defaultBranchOf)
          ], { concurrency: "unbounded" })
          return {
            items: found.items.map((repository): ListedRepositoryRecords => ({
              repository,
              defaultBranch: defaultBranchOf.get(repository.id),
              standards: standardsOf.get(repository.id) ?? [],
              shown: shown(repository.id)
            })),
            total: found.total,
            hasMore: found.hasMore
          } satisfies ListingPage
        })
      return RepositoryListing.of({ page })
    })
  )
}
