import { type Dependency, fullNameOf, purlWithoutVersion } from "./Dependency.js"
import type { SrmPriority } from "./SecurityItems.js"
import { LicensesDetails, OpenFindingsCount } from "./SbomViews.js"
import { compareIn } from "./VersionOrder.js"

/**
 * An organization's software bill of materials: its repositories' inventories across each other,
 * with the open vulnerable-dependency items of each package, as the SBOM operations read them.
 */

export interface RepositoryInventory {
  readonly id: number
  readonly name: string
  readonly dependencies: ReadonlyArray<Dependency>
}

/** An open SCA item: the repository and package (a purl without version) it is about, and its priority. */
export interface PackageFinding {
  readonly repositoryId: number
  readonly packagePurl: string
  readonly priority: SrmPriority
}

export type FindingCounts = Readonly<Record<SrmPriority, number>>

const priorities: ReadonlyArray<SrmPriority> = ["Critical", "High", "Medium", "Low"]
const noFindings: FindingCounts = { Critical: 0, High: 0, Medium: 0, Low: 0 }

export const findingsOf = (counts: FindingCounts): ReadonlyArray<OpenFindingsCount> =>
  priorities.map((severity) => OpenFindingsCount.make({ severity, open: counts[severity] }))

/** Most critical first: criticals, then highs, mediums, lows. */
export const compareBySeverity = (a: FindingCounts, b: FindingCounts): number => {
  for (const priority of priorities) if (a[priority] !== b[priority]) return b[priority] - a[priority]
  return 0
}

const add = (counts: FindingCounts, priority: SrmPriority): FindingCounts => ({ ...counts, [priority]: counts[priority] + 1 })

export interface PackageUse {
  readonly fullName: string
  readonly purl: string
  readonly ecosystem: Dependency["ecosystem"]
  readonly name: string
  /** Repository id → the versions it pins. */
  readonly versionsByRepository: ReadonlyMap<number, ReadonlyArray<string>>
  readonly licences: ReadonlyArray<string>
  readonly findings: FindingCounts
  /** Repository id → that repository's open findings of the package. */
  readonly findingsByRepository: ReadonlyMap<number, FindingCounts>
}

/** Each package used across the repositories: where, at which versions, under which licences, with its open findings. */
export const packageUses = (
  repositories: ReadonlyArray<RepositoryInventory>,
  findings: ReadonlyArray<PackageFinding>
): ReadonlyArray<PackageUse> => {
  const uses = new Map<string, {
    fullName: string
    purl: string
    ecosystem: Dependency["ecosystem"]
    name: string
    versionsByRepository: Map<number, Set<string>>
    licences: Set<string>
  }>()
  for (const repository of repositories) {
    for (const dependency of repository.dependencies) {
      const purl = purlWithoutVersion(dependency.purl)
      const use = uses.get(purl) ?? {
        fullName: fullNameOf(dependency),
        purl,
        ecosystem: dependency.ecosystem,
        name: dependency.name,
        versionsByRepository: new Map<number, Set<string>>(),
        licences: new Set<string>()
      }
      const versions = use.versionsByRepository.get(repository.id) ?? new Set<string>()
      versions.add(dependency.version)
      use.versionsByRepository.set(repository.id, versions)
      if (dependency.licence !== undefined) use.licences.add(dependency.licence)
      uses.set(purl, use)
    }
  }
  const counted = new Map<string, { total: FindingCounts; byRepository: Map<number, FindingCounts> }>()
  for (const finding of findings) {
    const entry = counted.get(finding.packagePurl) ?? { total: noFindings, byRepository: new Map<number, FindingCounts>() }
    entry.total = add(entry.total, finding.priority)
    entry.byRepository.set(finding.repositoryId, add(entry.byRepository.get(finding.repositoryId) ?? noFindings, finding.priority))
    counted.set(finding.packagePurl, entry)
  }
  return [...uses.values()].map((use) => {
    const compare = compareIn(use.ecosystem)
    return {
      ...use,
      versionsByRepository: new Map([...use.versionsByRepository].map(([id, versions]) =>
        [id, [...versions].sort((a, b) => compare(a, b) ?? (a < b ? -1 : a > b ? 1 : 0))] as const
      )),
      licences: [...use.licences].sort(),
      findings: counted.get(use.purl)?.total ?? noFindings,
      findingsByRepository: counted.get(use.purl)?.byRepository ?? new Map<number, FindingCounts>()
    }
  })
}

export const licencesOf = (licences: ReadonlyArray<string>) => licences.map((name) => LicensesDetails.make({ name }))

/** The repository's open findings across its packages. */
export const repositoryFindings = (uses: ReadonlyArray<PackageUse>, repositoryId: number): FindingCounts =>
  uses.reduce((total, use) => {
    const counts = use.findingsByRepository.get(repositoryId)
    return counts === undefined
      ? total
      : { Critical: total.Critical + counts.Critical, High: total.High + counts.High, Medium: total.Medium + counts.Medium, Low: total.Low + counts.Low }
  }, noFindings)

/** The highest priority among counts, if any. */
export const highestOf = (counts: FindingCounts | undefined): SrmPriority | undefined =>
  counts === undefined ? undefined : priorities.find((priority) => counts[priority] > 0)
