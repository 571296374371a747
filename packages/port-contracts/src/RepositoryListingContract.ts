import { describe, expect, layer } from "@effect/vitest"
import {
  AnalysisStore,
  Common,
  LineCoverageStore,
  OrganizationStore,
  RepositoryListing,
  RepositoryStore,
  StandardStore,
  type StoragePorts
} from "@tidemark/core"
import { RepositoryListingFromStores } from "@tidemark/core/memory"
import { Effect, Layer } from "effect"
import { analysis, coverageOf, importedOf } from "./AnalysisFixtures.js"
import { at, branch, commit, snapshot, uniqueName } from "./Fixtures.js"

/**
 * An organization of four repositories, one of each case a list shows:
 * - `alpha`: analysed twice on its default branch (and later on another one), with coverage and
 *   imported issues for the analysed commit and for its newer head, and two standards applied;
 * - `beta`: never analysed, with coverage and imported issues for its default branch's head;
 * - `delta`: its analysis failed;
 * - `gamma`: its default branch is not among its branches.
 */
const listedOrganization = Effect.gen(function*() {
  const repositories = yield* RepositoryStore.RepositoryStore
  const organizations = yield* OrganizationStore.OrganizationStore
  const analyses = yield* AnalysisStore.AnalysisStore
  const coverage = yield* LineCoverageStore.LineCoverageStore
  const standards = yield* StandardStore.StandardStore
  const organization = yield* organizations.ensureOrganization("gh", uniqueName("listed"))
  const save = (name: string, overrides: Parameters<typeof snapshot>[2]) =>
    repositories.saveSnapshot(organization.id, snapshot(organization.name, name, overrides), at(0))

  const alpha = yield* save("alpha", {
    branches: [branch("develop", "d1"), branch("main", "a3")],
    commits: [commit("a1"), commit("a2"), commit("a3"), commit("d1")]
  })
  const beta = yield* save("beta", {})
  yield* save("gamma", { defaultBranch: "trunk" })
  const delta = yield* save("delta", {})

  const shownAnalysis = analysis(alpha.id, "main", "a2", 5, 2_000)
  yield* analyses.save(analysis(alpha.id, "main", "a1", 3, 1_000))
  yield* analyses.save(shownAnalysis)
  yield* analyses.save(analysis(alpha.id, "develop", "d1", 9, 3_000))
  const alphaCoverage = coverageOf(alpha.id, "a2", 7)
  yield* coverage.saveCoverage(alphaCoverage, [])
  yield* coverage.saveCoverage(coverageOf(alpha.id, "a3", 9), [])
  const alphaImported = [importedOf(alpha.id, "a2", "zeta", 1), importedOf(alpha.id, "a2", "Alpha", 2)]
  yield* analyses.saveImportedIssues([...alphaImported, importedOf(alpha.id, "a3", "zeta", 4)])

  const betaCoverage = coverageOf(beta.id, "a1", 3)
  yield* coverage.saveCoverage(betaCoverage, [])
  const betaImported = importedOf(beta.id, "a1", "trivy", 3)
  yield* analyses.saveImportedIssues([betaImported])

  const failed = analysis(delta.id, "main", "a1", 4)
  yield* analyses.save(failed)

  const strict = yield* standards.create(organization.id, "Strict", [], at(1))
  const lenient = yield* standards.create(organization.id, "Lenient", [], at(1))
  yield* standards.apply(lenient.id, alpha.id, at(2))
  yield* standards.apply(strict.id, alpha.id, at(3))

  return {
    organization,
    expected: {
      alpha: {
        standards: [new Common.StandardRef({ id: lenient.id, name: "Lenient" }), new Common.StandardRef({ id: strict.id, name: "Strict" })],
        shown: { analysis: shownAnalysis, coverage: alphaCoverage, imported: [alphaImported[1], alphaImported[0]] }
      },
      beta: { standards: [], shown: { analysis: undefined, coverage: betaCoverage, imported: [betaImported] } },
      delta: { standards: [], shown: { analysis: failed, coverage: undefined, imported: [] } },
      gamma: { standards: [], shown: { analysis: undefined, coverage: undefined, imported: [] } }
    }
  }
})

const namesOf = (page: RepositoryListing.ListingPage) => page.items.map((item) => item.repository.name)

/**
 * What the list operations show of each repository, read through the adapter's listing: it must
 * answer what the stores answer one read at a time (`RepositoryListingFromStores`) over the same
 * data, for every filter and page.
 */
export const repositoryListingContract = (name: string, storeLayer: Layer.Layer<StoragePorts.StoragePorts, unknown>) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`RepositoryListing contract (${name})`, (it) => {
    describe("page", () => {
      it.effect("each repository comes with its default branch, its standards and what its default branch shows", () =>
        Effect.gen(function*() {
          const listing = yield* RepositoryListing.RepositoryListing
          const repositories = yield* RepositoryStore.RepositoryStore
          const { expected, organization } = yield* listedOrganization
          const page = yield* listing.page({ organizationId: organization.id, limit: 10 })
          const stored = yield* repositories.pageRepositories({ organizationId: organization.id, limit: 10 })

          expect(namesOf(page)).toStrictEqual(["alpha", "beta", "delta", "gamma"])
          expect(page.total).toBe(4)
          expect(page.hasMore).toBe(false)
          expect(page.items.map((item) => item.repository)).toStrictEqual(stored.items)
          expect(page.items.map((item) => item.defaultBranch)).toStrictEqual(
            stored.items.map((r) => stored.branches.get(r.id)?.find((b) => b.isDefault))
          )
          expect(page.items.map((item) => item.defaultBranch?.name)).toStrictEqual(["main", "main", "main", undefined])
          expect(page.items.map(({ shown, standards }) => ({ shown, standards }))).toStrictEqual([
            expected.alpha,
            expected.beta,
            expected.delta,
            expected.gamma
          ])
        }))

      it.effect("pages by name after `after`, counts every match whatever the page, and filters by names and search", () =>
        Effect.gen(function*() {
          const listing = yield* RepositoryListing.RepositoryListing
          const { organization } = yield* listedOrganization
          const page = (query: Omit<RepositoryStore.RepositoryQuery, "organizationId">) => listing.page({ organizationId: organization.id, ...query })

          const first = yield* page({ limit: 2 })
          expect([namesOf(first), first.total, first.hasMore]).toStrictEqual([["alpha", "beta"], 4, true])
          const second = yield* page({ limit: 2, after: "beta" })
          expect([namesOf(second), second.total, second.hasMore]).toStrictEqual([["delta", "gamma"], 4, false])
          const beyond = yield* page({ limit: 2, after: "gamma" })
          expect([namesOf(beyond), beyond.total, beyond.hasMore]).toStrictEqual([[], 4, false])

          const named = yield* page({ limit: 10, names: ["gamma", "beta", "nowhere"] })
          expect([namesOf(named), named.total]).toStrictEqual([["beta", "gamma"], 2])
          const searched = yield* page({ limit: 1, search: "ETA" })
          expect([namesOf(searched), searched.total, searched.hasMore]).toStrictEqual([["beta"], 1, false])
          const none = yield* page({ limit: 10, search: "zz", after: "a" })
          expect([namesOf(none), none.total]).toStrictEqual([[], 0])
        }))

      it.effect("answers what the stores answer read one at a time", () =>
        Effect.gen(function*() {
          const listing = yield* RepositoryListing.RepositoryListing
          const reference = yield* Effect.provide(RepositoryListing.RepositoryListing, yield* Layer.build(RepositoryListingFromStores.layer))
          const { organization } = yield* listedOrganization
          const queries: ReadonlyArray<RepositoryStore.RepositoryQuery> = [
            { organizationId: organization.id, limit: 100 },
            { organizationId: organization.id, limit: 1, after: "alpha" },
            { organizationId: organization.id, limit: 3, search: "a" },
            { organizationId: organization.id, limit: 3, names: ["alpha", "delta"] },
            { organizationId: organization.id, limit: 3, after: "zzz" }
          ]
          for (const query of queries) {
            expect(yield* listing.page(query)).toStrictEqual(yield* reference.page(query))
          }
        }).pipe(Effect.scoped))
    })
  })
