import { Context, Effect, Layer, Option } from "effect"
import { encodeCursor, type Page, Pagination, pageRequest } from "../domain/Pagination.js"
import type { OrganizationCoordinates, Principal, RepositoryCoordinates } from "../domain/Principal.js"
import type { RepositoryRecord } from "../domain/Records.js"
import type { Permission } from "../domain/Repository.js"
import { chosenBranch, listedRepository, repositoryWithAnalysis } from "../domain/RepositoryView.js"
import type { RepositoryWithAnalysis } from "../domain/RepositoryWithAnalysis.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { RepositoryListing } from "../ports/RepositoryListing.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { StandardStore } from "../ports/StandardStore.js"
import { Access } from "./Access.js"
import { shownOf } from "./ShownReads.js"

type Caller = Option.Option<Principal>

export interface RepositoryListQuery {
  readonly search?: string | undefined
  /** Exact names (search operation's `names`, deprecated `repositories` parameter). */
  readonly names?: ReadonlyArray<string> | undefined
  /**
   * Segment ids. Tidemark defines no segments yet, so a segment filter matches no repository
   * (rather than being ignored, which would return repositories the caller filtered out).
   */
  readonly segments?: ReadonlyArray<string> | undefined
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
}

const make = Effect.gen(function*() {
  const access = yield* Access
  const repositories = yield* RepositoryStore
  const standards = yield* StandardStore
  const analyses = yield* AnalysisStore
  const listing = yield* RepositoryListing

  const view = (record: RepositoryRecord, permission: Permission, branchName?: string) =>
    Effect.gen(function*() {
      const [branches, applied] = yield* Effect.all([repositories.listBranches(record.id), standards.appliedTo(record.id)])
      const branch = yield* chosenBranch(branches, branchName)
      const selected = branchName === undefined ? undefined : branch
      const shown = yield* shownOf(analyses, new Map(branch === undefined ? [] : [[record.id, branch]]))
      return repositoryWithAnalysis(record, branches, applied, permission, selected, shown(record.id))
    })

  const list = (caller: Caller, at: OrganizationCoordinates, query: RepositoryListQuery) =>
    Effect.gen(function*() {
      const request = yield* pageRequest(query.cursor, query.limit)
      const organization = yield* access.organization(caller, at, "read")
      const permission = Option.match(caller, { onNone: () => "read" as const, onSome: (p) => p.permission })
      if (query.segments !== undefined && query.segments.length > 0) {
        return { items: [], pagination: new Pagination({ limit: request.limit, total: 0 }) } satisfies Page<RepositoryWithAnalysis>
      }
      const after = request.after?.[0]
      const page = yield* listing.page({
        organizationId: organization.id,
        names: query.names,
        search: query.search,
        after: after === undefined ? undefined : String(after),
        limit: request.limit
      })
      const items = page.items.map((listed) =>
        listedRepository(listed.repository, listed.defaultBranch, listed.standards, permission, listed.shown)
      )
      const last = page.items[page.items.length - 1]?.repository
      return {
        items,
        pagination: new Pagination({
          limit: request.limit,
          total: page.total,
          ...(page.hasMore && last !== undefined ? { cursor: encodeCursor([last.name]) } : {})
        })
      } satisfies Page<RepositoryWithAnalysis>
    })

  const get = (caller: Caller, at: RepositoryCoordinates, branch: string | undefined) =>
    Effect.gen(function*() {
      const { permission, repository } = yield* access.repository(caller, at, "read")
      return yield* view(repository, permission, branch)
    })

  return { list, get } as const
})

/** listOrganizationRepositoriesWithAnalysis, searchOrganizationRepositoriesWithAnalysis and getRepositoryWithAnalysis. */
export class RepositoryAnalysis extends Context.Tag("@tidemark/core/RepositoryAnalysis")<
  RepositoryAnalysis,
  Effect.Effect.Success<typeof make>
>() {
  static readonly layer = Layer.effect(RepositoryAnalysis, make)
}
