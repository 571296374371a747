import { Effect, Option } from "effect"
import { NotFound, type ServiceUnavailable } from "../domain/Errors.js"
import { emptyPage, maxLimit, type Page, type PageRequest, pageOfResults, paginate, pageRequest } from "../domain/Pagination.js"
import type { OrganizationCoordinates, Principal, RepositoryCoordinates } from "../domain/Principal.js"
import type { Organization, RepositoryRecord } from "../domain/Records.js"
import type { Permission, Repository } from "../domain/Repository.js"
import { chosenBranch, listedRepository, repositoryWithAnalysis, type Shown } from "../domain/RepositoryView.js"
import type { RepositoryWithAnalysis } from "../domain/RepositoryWithAnalysis.js"
import { RepositoryListing } from "../ports/RepositoryListing.js"
import { OrganizationStore } from "../ports/OrganizationStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { StandardStore } from "../ports/StandardStore.js"
import { Access } from "./Access.js"
import { Ignores } from "./Ignores.js"
import { ShownReads } from "./ShownReads.js"
import { withSpans } from "../runtime/Spans.js"

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

export interface OrganizationRepositoriesQuery extends Omit<RepositoryListQuery, "names"> {
  /** `NotSynced` asks for the provider's repositories not added: Tidemark reads no provider, so none. */
  readonly filter?: "Synced" | "NotSynced" | "AllSynced" | undefined
  /** Languages (any case); a repository is kept when it has one of them. */
  readonly languages?: ReadonlyArray<string> | undefined
}

const make = Effect.gen(function*() {
  const access = yield* Access
  const repositories = yield* RepositoryStore
  const organizations = yield* OrganizationStore
  const standards = yield* StandardStore
  const listing = yield* RepositoryListing
  const shownReads = yield* ShownReads
  const ignores = yield* Ignores

  /**
   * The repository as a view shows it, with the analysis of the branch asked for (the default
   * branch's when none is); `counted` makes the analysis's counts leave out the ignored issues.
   */
  const viewWith = (record: RepositoryRecord, permission: Permission, branchName: string | undefined, counted: (shown: Shown) => Effect.Effect<Shown, ServiceUnavailable>) =>
    Effect.gen(function*() {
      const [branches, applied] = yield* Effect.all([repositories.listBranches(record.id), standards.appliedTo(record.id)])
      const branch = yield* chosenBranch(branches, branchName)
      const selected = branchName === undefined ? undefined : branch
      const shown = yield* shownReads.shown(new Map(branch === undefined ? [] : [[record.id, branch]]))
      return repositoryWithAnalysis(record, branches, applied, permission, selected, yield* counted(shown(record.id)))
    })

  const view = (record: RepositoryRecord, permission: Permission, branchName?: string) =>
    viewWith(record, permission, branchName, (shown) => ignores.shownWithout(record.id, shown))

  const list = (caller: Caller, at: OrganizationCoordinates, query: RepositoryListQuery) =>
    Effect.gen(function*() {
      const request = yield* pageRequest(query.cursor, query.limit)
      const organization = yield* access.organization(caller, at, "read")
      const permission = Option.match(caller, { onNone: () => "read" as const, onSome: (p) => p.permission })
      return yield* listIn(organization, permission, query, request)
    })

  /** One page of the organization's repositories, as `permission` sees them. */
  const listIn = (organization: Organization, permission: Permission, query: RepositoryListQuery, request: PageRequest) =>
    Effect.gen(function*() {
      if (query.segments !== undefined && query.segments.length > 0) {
        return emptyPage<RepositoryWithAnalysis>(request.limit)
      }
      const after = request.after?.[0]
      const page = yield* listing.page({
        organizationId: organization.id,
        names: query.names,
        search: query.search,
        after: after === undefined ? undefined : String(after),
        limit: request.limit
      })
      const shown = yield* ignores.shownOfPage(page.items.map((listed) => [listed.repository.id, listed.shown] as const))
      const items = page.items.map((listed, i) =>
        listedRepository(listed.repository, listed.defaultBranch, listed.standards, permission, shown[i] ?? listed.shown)
      )
      const last = page.items.at(-1)?.repository
      const next = page.hasMore && last !== undefined ? [last.name] : undefined
      return pageOfResults({ items, total: page.total, next }, request.limit, (item) => item) satisfies Page<RepositoryWithAnalysis>
    })

  const get = (caller: Caller, at: RepositoryCoordinates, branch: string | undefined) =>
    Effect.gen(function*() {
      const { permission, repository } = yield* access.repository(caller, at, "read")
      return yield* view(repository, permission, branch)
    })

  /**
   * getRepository: the repository without its analysis. Anyone may read a Public one; without a
   * token any other is refused as unauthenticated, whether it exists or not.
   */
  const withoutAnalysis = (caller: Caller, at: RepositoryCoordinates) =>
    Effect.gen(function*() {
      const { permission, repository } = yield* access.repository(caller, at, "read", { allowPublic: true })
      // The repository object holds no issue count: the ignores need not be read.
      return (yield* viewWith(repository, permission, undefined, Effect.succeed)).repository
    })

  /** Every repository of the organization the query keeps, page after page (for filters the listing has not). */
  const everyRepository = (organization: Organization, query: RepositoryListQuery) =>
    Effect.gen(function*() {
      const all: Array<RepositoryWithAnalysis> = []
      let after: ReadonlyArray<string | number> | undefined = undefined
      for (;;) {
        const page: Page<RepositoryWithAnalysis> = yield* listIn(organization, "read", query, { after, limit: maxLimit })
        all.push(...page.items)
        const last = page.items.at(-1)
        if (page.pagination.cursor === undefined || last === undefined) return all
        after = [last.repository.name]
      }
    })

  /**
   * listOrganizationRepositories: the repositories without their analysis. Without a token, the
   * organization's Public repositories (as the original API allows); a language filter keeps the
   * repositories with one of the languages.
   */
  const repositoriesOf = (caller: Caller, at: OrganizationCoordinates, query: OrganizationRepositoriesQuery) =>
    Effect.gen(function*() {
      const request = yield* pageRequest(query.cursor, query.limit)
      const organization = Option.isSome(caller) ? yield* access.organization(caller, at, "read") : yield* publicOrganization(at)
      if (query.filter === "NotSynced") return emptyPage<Repository>(request.limit)
      const wanted = (query.languages ?? []).map((language) => language.toLowerCase())
      if (Option.isSome(caller) && wanted.length === 0) {
        const page = yield* listIn(organization, caller.value.permission, query, request)
        return { ...page, items: page.items.map((r) => r.repository) }
      }
      const all = yield* everyRepository(organization, { search: query.search, segments: query.segments })
      const kept = all.map((r) => r.repository).filter((repository) =>
        (Option.isSome(caller) || repository.visibility === "Public") &&
        (wanted.length === 0 || repository.languages.some((language) => wanted.includes(language.toLowerCase())))
      )
      return paginate(kept, (repository) => [repository.name], request)
    })

  /** The organization whose Public repositories anyone may list (only those are kept from it, above). */
  const publicOrganization = (at: OrganizationCoordinates) =>
    Effect.flatMap(
      organizations.findOrganization(at.provider, at.organization),
      Option.match({
        onNone: () => new NotFound({ what: "organization", id: `${at.provider}/${at.organization}` }),
        onSome: Effect.succeed
      })
    )

  /** The repository and its branch's analysis as anyone may see it, for a caller the service checked (a badge's token). */
  const shownAs = (record: RepositoryRecord, branch: string | undefined) => view(record, "read", branch)

  return withSpans("RepositoryAnalysis", { list, get, repositoriesOf, withoutAnalysis, shownAs })
})

/**
 * listOrganizationRepositoriesWithAnalysis, searchOrganizationRepositoriesWithAnalysis,
 * getRepositoryWithAnalysis, listOrganizationRepositories and getRepository.
 */
export class RepositoryAnalysis extends Effect.Service<RepositoryAnalysis>()("@tidemark/core/RepositoryAnalysis", {
  effect: make,
  dependencies: [Access.Default, ShownReads.Default, Ignores.Default]
}) {}
