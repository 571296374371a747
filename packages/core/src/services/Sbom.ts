import { Effect, Option } from "effect"
import { cycloneDxOf } from "../domain/CycloneDx.js"
import { NotFound } from "../domain/Errors.js"
import { nowIso } from "../domain/Now.js"
import { offsetPage, offsetPagination } from "../domain/Pagination.js"
import type { OrganizationCoordinates, Principal, RepositoryCoordinates } from "../domain/Principal.js"
import type { RepositoryRecord } from "../domain/Records.js"
import {
  compareBySeverity,
  findingsOf,
  highestOf,
  licencesOf,
  packageUses,
  type RepositoryInventory,
  repositoryFindings
} from "../domain/PackageUses.js"
import {
  DependenciesSummaryOfSbomRepository,
  RepositoriesOverviewOfSbomDependency,
  RepositorySummaryOfSbomDependency,
  SbomDependenciesOverview,
  SbomDependencySummary,
  SearchRepositoriesOfSbomDependencyResponse,
  SearchSbomDependenciesResponse,
  SearchSbomRepositoriesResponse
} from "../domain/SbomViews.js"
import { defaultSlaConfig } from "../domain/SecurityItems.js"
import { packageOfFindingKey } from "../domain/VulnerableDependencies.js"
import { compareIn } from "../domain/VersionOrder.js"
import { DependencyStore } from "../ports/DependencyStore.js"
import { Hasher } from "../ports/Hasher.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { SecurityItemStore } from "../ports/SecurityItemStore.js"
import { withSpans } from "../runtime/Spans.js"
import { Access } from "./Access.js"

type Caller = Option.Option<Principal>

export interface SbomPage {
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** A UUID's layout of a SHA-256: one SBOM of one commit has one serial number, however often it is downloaded. */
const uuidOf = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`

const make = Effect.gen(function*() {
  const access = yield* Access
  const repositories = yield* RepositoryStore
  const inventories = yield* DependencyStore
  const items = yield* SecurityItemStore
  const hasher = yield* Hasher

  const allRepositories = (organizationId: number) =>
    Effect.gen(function*() {
      const all: Array<RepositoryRecord> = []
      let after: string | undefined
      for (;;) {
        const page = yield* repositories.pageRepositories({ organizationId, after, limit: 500 })
        all.push(...page.items)
        if (!page.hasMore || page.items.length === 0) return all
        after = page.items.at(-1)!.name
      }
    })

  /** The organization's inventories and its open vulnerable-dependency items, each by package. */
  const organizationSbom = (caller: Caller, at: OrganizationCoordinates) =>
    Effect.gen(function*() {
      const organization = yield* access.organization(caller, at, "read")
      const records = yield* allRepositories(organization.id)
      const found = yield* inventories.ofRepositories(records.map((r) => r.id))
      const withInventory: ReadonlyArray<RepositoryInventory> = records.flatMap((record) => {
        const inventory = found.get(record.id)
        return inventory === undefined ? [] : [{ id: record.id, name: record.name, dependencies: inventory.dependencies }]
      })
      const open = yield* items.search(organization.id, {
        filter: { scanTypes: ["SCA"], statuses: ["OnTrack", "DueSoon", "Overdue"] },
        // Whether an item is open does not depend on the SLA; which open status it has does not matter here.
        sla: defaultSlaConfig,
        now: yield* nowIso,
        order: "DueAt",
        direction: "asc",
        offset: 0,
        limit: Number.MAX_SAFE_INTEGER
      })
      const findings = open.items.flatMap((item) => {
        const packagePurl = packageOfFindingKey(item.key)
        return packagePurl === undefined ? [] : [{ repositoryId: item.repositoryId, packagePurl, priority: item.priority }]
      })
      return { repositories: withInventory, uses: packageUses(withInventory, findings) }
    })

  const overviewOf = (inventoried: ReadonlyArray<RepositoryInventory>) => {
    const dependencies = inventoried.reduce((total, r) => total + r.dependencies.length, 0)
    return SbomDependenciesOverview.make({
      totalRepositoriesCount: inventoried.length,
      filteredRepositoriesCount: inventoried.length,
      totalDependenciesCount: dependencies,
      filteredDependenciesCount: dependencies
    })
  }

  /** Every package used across the organization, the most critical findings first (or last), then by name. */
  const searchDependencies = (caller: Caller, at: OrganizationCoordinates, page: SbomPage, order: { readonly sortColumn?: string | undefined; readonly columnOrder?: string | undefined }) =>
    Effect.gen(function*() {
      const { repositories: inventoried, uses } = yield* organizationSbom(caller, at)
      const { limit, offset } = yield* offsetPage(page.cursor, page.limit)
      const flip = order.columnOrder === "asc" ? -1 : 1
      // No OSSF score is known here: sorting by it is sorting by name.
      const sorted = [...uses].sort((a, b) =>
        (order.sortColumn === "ossfScore" ? 0 : compareBySeverity(a.findings, b.findings) * flip) || byName(a.fullName, b.fullName))
      const shown = sorted.slice(offset, offset + limit)
      return SearchSbomDependenciesResponse.make({
        pagination: offsetPagination(offset, limit, shown.length, sorted.length),
        data: shown.map((use) =>
          SbomDependencySummary.make({
            fullName: use.fullName,
            purl: use.purl,
            repositoriesCount: use.versionsByRepository.size,
            versionsCount: new Set([...use.versionsByRepository.values()].flat()).size,
            findings: findingsOf(use.findings),
            licensesDetails: licencesOf(use.licences)
          })
        ),
        overview: overviewOf(inventoried)
      })
    })

  /** Where a package is used: one row per repository and version, by repository name then version. */
  const repositoriesOfDependency = (caller: Caller, at: OrganizationCoordinates, fullName: string, page: SbomPage) =>
    Effect.gen(function*() {
      const { repositories: inventoried, uses } = yield* organizationSbom(caller, at)
      const { limit, offset } = yield* offsetPage(page.cursor, page.limit)
      const use = uses.find((u) => u.fullName === fullName)
      if (use === undefined) return yield* new NotFound({ what: "dependency", id: fullName })
      const compare = compareIn(use.ecosystem)
      const names = new Map(inventoried.map((r) => [r.id, r.name] as const))
      const rows = [...use.versionsByRepository.entries()]
        .flatMap(([id, versions]) => versions.map((version) => ({ id, name: names.get(id) ?? "", version })))
        .sort((a, b) => byName(a.name, b.name) || (compare(a.version, b.version) ?? byName(a.version, b.version)))
      const versions = [...new Set(rows.map((row) => row.version))].sort((a, b) => compare(a, b) ?? byName(a, b))
      const shown = rows.slice(offset, offset + limit)
      return SearchRepositoriesOfSbomDependencyResponse.make({
        pagination: offsetPagination(offset, limit, shown.length, rows.length),
        data: shown.map((row) => {
          const highest = highestOf(use.findingsByRepository.get(row.id))
          return RepositorySummaryOfSbomDependency.make({
            id: row.id,
            name: row.name,
            dependencyVersion: row.version,
            ...(highest === undefined ? {} : { highestFindingSeverity: highest }),
            licenses: use.licences,
            licensesDetails: licencesOf(use.licences)
          })
        }),
        overview: RepositoriesOverviewOfSbomDependency.make({
          name: use.name,
          fullName: use.fullName,
          purl: use.purl,
          latestVersion: versions.at(-1) ?? "",
          oldestVersion: versions[0] ?? "",
          totalVersionsCount: versions.length,
          filteredVersionsCount: versions.length,
          totalRepositoriesCount: use.versionsByRepository.size,
          filteredRepositoriesCount: use.versionsByRepository.size
        })
      })
    })

  /** The repositories with an inventory, by name, each with its dependency count and open findings. */
  const searchRepositories = (caller: Caller, at: OrganizationCoordinates, page: SbomPage) =>
    Effect.gen(function*() {
      const { repositories: inventoried, uses } = yield* organizationSbom(caller, at)
      const { limit, offset } = yield* offsetPage(page.cursor, page.limit)
      const sorted = [...inventoried].sort((a, b) => byName(a.name, b.name))
      const shown = sorted.slice(offset, offset + limit)
      return SearchSbomRepositoriesResponse.make({
        pagination: offsetPagination(offset, limit, shown.length, sorted.length),
        data: shown.map((r) =>
          DependenciesSummaryOfSbomRepository.make({
            id: r.id,
            name: r.name,
            dependenciesCount: r.dependencies.length,
            dependenciesFindings: findingsOf(repositoryFindings(uses, r.id))
          })
        ),
        overview: overviewOf(inventoried)
      })
    })

  /** The repository's SBOM as CycloneDX JSON, from its latest analysed default-branch commit. */
  const cycloneDx = (caller: Caller, at: RepositoryCoordinates) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "read")
      const inventory = yield* inventories.find(repository.id)
      if (Option.isNone(inventory)) return yield* new NotFound({ what: "dependency", id: `${repository.name} (no analysed dependencies yet)` })
      const serial = uuidOf(yield* hasher.sha256Hex(`${repository.id}\u0000${inventory.value.commitSha}`))
      return cycloneDxOf({
        repository: `${repository.owner}/${repository.name}`,
        commitSha: inventory.value.commitSha,
        analysedAt: inventory.value.analysedAt,
        serial,
        dependencies: inventory.value.dependencies
      })
    })

  return withSpans("Sbom", { searchDependencies, repositoriesOfDependency, searchRepositories, cycloneDx })
})

/** The organization's software bill of materials: its packages, where each is used, and each repository's CycloneDX document. */
export class Sbom extends Effect.Service<Sbom>()("@tidemark/core/Sbom", {
  effect: make,
  dependencies: [Access.Default]
}) {}
