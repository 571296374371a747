import { type Advisory, affects, type AffectedPackage, cveOf, fixedVersionsAbove } from "./Advisory.js"
import { type Dependency, packageKeyText, purlWithoutVersion } from "./Dependency.js"
import { priorityRank, SecurityFinding } from "./SecurityItems.js"

/**
 * Dependencies matched against advisories (SCA): each package at its version against the advisories
 * naming that package, by each ecosystem's own version order. The same vulnerability published by
 * two databases (GitHub's GHSA and PyPA's PYSEC records, aliases of one CVE) is reported once.
 */

export interface VulnerableDependency {
  readonly dependency: Dependency
  readonly advisory: Advisory
  readonly affected: AffectedPackage
  readonly fixedVersions: ReadonlyArray<string>
}

/** The advisories by the packages they affect, for matching many dependencies against them. */
export const indexAdvisories = (advisories: ReadonlyArray<Advisory>): ReadonlyMap<string, ReadonlyArray<readonly [Advisory, AffectedPackage]>> => {
  const index = new Map<string, Array<readonly [Advisory, AffectedPackage]>>()
  for (const advisory of advisories) {
    for (const affected of advisory.affected) {
      const key = packageKeyText(affected.ecosystem, affected.name)
      const list = index.get(key)
      if (list === undefined) index.set(key, [[advisory, affected]])
      else list.push([advisory, affected])
    }
  }
  return index
}

/** The identifier a vulnerability is known by whichever database published it: its CVE, else its own id. */
export const vulnerabilityId = (advisory: Advisory): string => cveOf(advisory) ?? advisory.id

/**
 * Of two records of one vulnerability, the one to show: the one with a CVSS score (a computed
 * priority over a database's word for it), then the higher priority, then the smaller id.
 */
const preferred = (a: Advisory, b: Advisory): Advisory =>
  (a.cvssScore === undefined) !== (b.cvssScore === undefined)
    ? (a.cvssScore !== undefined ? a : b)
    : priorityRank[a.priority] !== priorityRank[b.priority]
    ? (priorityRank[a.priority] > priorityRank[b.priority] ? a : b)
    : (a.id <= b.id ? a : b)

/** Each dependency's vulnerabilities: the advisories whose ranges hold its version, one per vulnerability. */
export const vulnerableDependencies = (
  dependencies: ReadonlyArray<Dependency>,
  index: ReadonlyMap<string, ReadonlyArray<readonly [Advisory, AffectedPackage]>>
): ReadonlyArray<VulnerableDependency> =>
  dependencies.flatMap((dependency) => {
    const candidates = index.get(packageKeyText(dependency.ecosystem, dependency.name)) ?? []
    const found = new Map<string, VulnerableDependency>()
    for (const [advisory, affected] of candidates) {
      if (!affects(affected, dependency.version)) continue
      const id = vulnerabilityId(advisory)
      const earlier = found.get(id)
      if (earlier !== undefined && preferred(earlier.advisory, advisory) === earlier.advisory) continue
      found.set(id, { dependency, advisory, affected, fixedVersions: fixedVersionsAbove(affected, dependency.version) })
    }
    return [...found.values()]
  })

/** The key of a package's finding: the package (a purl without its version) and the vulnerability. */
export const dependencyFindingKey = (purl: string, vulnerability: string) => `SCA:${purlWithoutVersion(purl)}:${vulnerability}`

/** The package (a purl without its version) an SCA finding's key names. */
export const packageOfFindingKey = (key: string): string | undefined =>
  key.startsWith("SCA:") && key.lastIndexOf(":") > 4 ? key.slice(4, key.lastIndexOf(":")) : undefined

/** The category the original service files vulnerable dependencies under. */
export const dependencyCategory = "OutdatedDependencies"

/**
 * The SCA findings of a repository: one per package (whatever its version) and vulnerability, so
 * that an upgrade still affected keeps the item and one past the fix closes it. A package pinned at
 * several versions (two lockfiles) is one finding naming each affected version.
 */
export const dependencyFindings = (vulnerable: ReadonlyArray<VulnerableDependency>): ReadonlyArray<SecurityFinding> => {
  const groups = new Map<string, Array<VulnerableDependency>>()
  for (const found of vulnerable) {
    const key = dependencyFindingKey(found.dependency.purl, vulnerabilityId(found.advisory))
    const group = groups.get(key)
    if (group === undefined) groups.set(key, [found])
    else group.push(found)
  }
  return [...groups.entries()].map(([key, group]) => {
    const { advisory, dependency } = group[0]!
    const versions = [...new Set(group.map((found) => found.dependency.version))]
    const fixed = [...new Set(group.flatMap((found) => found.fixedVersions))]
    const cve = cveOf(advisory)
    return SecurityFinding.make({
      key,
      scanType: "SCA",
      title: `${dependency.name} ${versions.join(", ")}: ${advisory.summary ?? vulnerabilityId(advisory)}`,
      securityCategory: dependencyCategory,
      priority: advisory.priority,
      itemSourceId: advisory.id,
      filePath: dependency.path,
      ...(cve === undefined ? {} : { cve }),
      ...(advisory.cwes[0] === undefined ? {} : { cwe: advisory.cwes[0] }),
      ...(advisory.cvssScore === undefined ? {} : { cvssScore: advisory.cvssScore }),
      ...(advisory.cvssVector === undefined ? {} : { cvssVector: advisory.cvssVector }),
      affectedVersion: versions.join(", "),
      fixedVersion: fixed,
      additionalInfo: `${dependency.purl}${dependency.direct ? "" : " (transitive)"} in ${[...new Set(group.map((found) => found.dependency.path))].join(", ")}`
    })
  })
}
