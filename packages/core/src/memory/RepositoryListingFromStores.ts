import { Effect, Layer } from "effect"
import { type ListedRepositoryRecords, type ListingPage, RepositoryListing } from "../ports/RepositoryListing.js"
import { type RepositoryQuery, RepositoryStore } from "../ports/RepositoryStore.js"
import { StandardStore } from "../ports/StandardStore.js"
import { ShownReads } from "../services/ShownReads.js"

/** The listing read through the three stores, each read once per page, not once per repository. */
export const layer = Layer.effect(
  RepositoryListing,
  Effect.gen(function*() {
    const repositories = yield* RepositoryStore
    const standards = yield* StandardStore
    const shown = yield* ShownReads
    const page = (query: RepositoryQuery) =>
      Effect.gen(function*() {
        const found = yield* repositories.pageRepositories(query)
        const defaultBranchOf = new Map(found.items.flatMap((r) => {
          const branch = (found.branches.get(r.id) ?? []).find((b) => b.isDefault)
          return branch === undefined ? [] : [[r.id, branch] as const]
        }))
        const [standardsOf, shownOf] = yield* Effect.all([
          standards.standardsOf(found.items.map((r) => r.id)),
          shown.shown(defaultBranchOf)
        ], { concurrency: "unbounded" })
        return {
          items: found.items.map((repository): ListedRepositoryRecords => ({
            repository,
            defaultBranch: defaultBranchOf.get(repository.id),
            standards: standardsOf.get(repository.id) ?? [],
            shown: shownOf(repository.id)
          })),
          total: found.total,
          hasMore: found.hasMore
        } satisfies ListingPage
      })
    return RepositoryListing.of({ page })
  })
).pipe(Layer.provide(ShownReads.Default))
