import { Context, Effect, Either, Layer, Option } from "effect"
import { NotFound } from "../domain/Errors.js"
import { encodeCursor, type Page, Pagination, pageRequest } from "../domain/Pagination.js"
import type { OrganizationCoordinates, Principal, RepositoryCoordinates } from "../domain/Principal.js"
import type { RepositoryRecord } from "../domain/Records.js"
import type { Permission } from "../domain/Repository.js"
import { listedRepository, repositoryWithAnalysis, shownCommit } from "../domain/RepositoryView.js"
import type { RepositoryWithAnalysis } from "../domain/RepositoryWithAnalysis.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { StandardStore } from "../ports/StandardStore.js"
import { Access } from "./Access.js"

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

  const view = (record: RepositoryRecord, permission: Permission, branchName?: string) =>
    Effect.gen(function*() {
      const [branches, applied] = yield* Effect.all([repositories.listBranches(record.id), standards.appliedTo(record.id)])
      const selected = branchName === undefined ? undefined : branches.find((b) => b.name === branchName && b.isEnabled)
      if (branchName !== undefined && selected === undefined) {
        return yield* new NotFound({ what: "branch", id: branchName })
      }
      const branch = selected ?? branches.find((b) => b.isDefault)
      const analysis = branch === undefined
        ? undefined
        : (yield* analyses.latest([{ repositoryId: record.id, branch: branch.name }])).get(record.id)
      const commitSha = shownCommit(analysis, branch)
      const shown = commitSha === undefined ? [] : [{ repositoryId: record.id, commitSha }]
      const [coverage, imported] = yield* Effect.all([analyses.coverage(shown), analyses.importedIssues(shown)], {
        concurrency: "unbounded"
      })
      return repositoryWithAnalysis(record, branches, applied, permission, selected, {
        analysis,
        coverage: coverage.get(record.id),
        imported: imported.get(record.id) ?? []
      })
    })

  const list = (caller: Caller, at: OrganizationCoordinates, query: RepositoryListQuery) =>
    Effect.gen(function*() {
      const request = yield* Either.match(pageRequest(query.cursor, query.limit), {
        onLeft: Effect.fail,
        onRight: Effect.succeed
      })
      const organization = yield* access.organization(caller, at, "read")
      const permission = Option.match(caller, { onNone: () => "read" as const, onSome: (p) => p.permission })
      if (query.segments !== undefined && query.segments.length > 0) {
        return { items: [], pagination: new Pagination({ limit: request.limit, total: 0 }) } satisfies Page<RepositoryWithAnalysis>
      }
      const after = request.after?.[0]
      const page = yield* repositories.pageRepositories({
        organizationId: organization.id,
        names: query.names,
        search: query.search,
        after: after === undefined ? undefined : String(after),
        limit: request.limit
      })
      // The page comes with its branches; one more read each for the whole page's standards and analyses, not one per repository.
      const defaultBranchOf = new Map(page.items.flatMap((r) => {
        const found = (page.branches.get(r.id) ?? []).find((b) => b.isDefault)
        return found === undefined ? [] : [[r.id, found] as const]
      }))
      const [standardsOf, analysisOf] = yield* Effect.all([
        standards.standardsOf(page.items.map((r) => r.id)),
        analyses.latest([...defaultBranchOf].map(([repositoryId, b]) => ({ repositoryId, branch: b.name })))
      ], { concurrency: "unbounded" })
      const shownCommits = page.items.flatMap((r) => {
        const commitSha = shownCommit(analysisOf.get(r.id), defaultBranchOf.get(r.id))
        return commitSha === undefined ? [] : [{ repositoryId: r.id, commitSha }]
      })
      const [coverageOf, importedOf] = yield* Effect.all([analyses.coverage(shownCommits), analyses.importedIssues(shownCommits)], {
        concurrency: "unbounded"
      })
      const items = page.items.map((r) =>
        listedRepository(r, page.branches.get(r.id) ?? [], standardsOf.get(r.id) ?? [], permission, {
          analysis: analysisOf.get(r.id),
          coverage: coverageOf.get(r.id),
          imported: importedOf.get(r.id) ?? []
        })
      )
      const last = page.items[page.items.length - 1]
      return {
        items,
        pagination: new Pagination({
          ...(page.hasMore && last !== undefined ? { cursor: encodeCursor([last.name]) } : {}),
          limit: request.limit,
          total: page.total
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
