/**
 * The organization's software bill of materials as the dashboard shows it: the packages its
 * repositories pin (searchSbomDependencies) and the repositories of one package
 * (searchRepositoriesOfSbomDependency), with the readers of both answers.
 */
import { array, field, number, optional, type Reader, record, string, struct } from "../shared/Decode.js"
import { type Page, page } from "../shared/Envelope.js"

export interface OpenFindings {
  readonly severity: string
  readonly open: number
}

export interface DependencySummary {
  readonly fullName: string
  readonly purl: string
  readonly repositoriesCount: number
  readonly versionsCount: number
  readonly findings: ReadonlyArray<OpenFindings>
  readonly licensesDetails: ReadonlyArray<{ readonly name: string }>
}

export interface DependencyRepository {
  readonly id: number
  readonly name: string
  readonly dependencyVersion: string
  readonly highestFindingSeverity?: string | undefined
  readonly licensesDetails: ReadonlyArray<{ readonly name: string }>
}

export interface DependencyOverview {
  readonly fullName: string
  readonly purl: string
  readonly latestVersion: string
  readonly oldestVersion: string
  readonly totalVersionsCount: number
  readonly totalRepositoriesCount: number
}

/** A page of a list that comes with an overview of the whole list beside its pagination. */
export interface OverviewPage<T, O> extends Page<T> {
  readonly overview: O
}

const withOverview = <T, O>(item: Reader<T>, overview: Reader<O>): Reader<OverviewPage<T, O>> => (value, path) => ({
  ...page(item)(value, path),
  overview: field(record(value, path), "overview", overview, path)
})

const licence = struct<{ readonly name: string }>({ name: string })

export const readDependencyPage = withOverview(
  struct<DependencySummary>({
    fullName: string,
    purl: string,
    repositoriesCount: number,
    versionsCount: number,
    findings: array(struct<OpenFindings>({ severity: string, open: number })),
    licensesDetails: array(licence)
  }),
  struct<{ readonly totalDependenciesCount: number }>({ totalDependenciesCount: number })
)

export const readDependencyRepositoryPage = withOverview(
  struct<DependencyRepository>({
    id: number,
    name: string,
    dependencyVersion: string,
    highestFindingSeverity: optional(string),
    licensesDetails: array(licence)
  }),
  struct<DependencyOverview>({
    fullName: string,
    purl: string,
    latestVersion: string,
    oldestVersion: string,
    totalVersionsCount: number,
    totalRepositoriesCount: number
  })
)

/** A package URL's type (`pkg:npm/left-pad@1.3.0` → `npm`): the ecosystem, which the answer gives no field of. */
export const ecosystemOf = (purl: string): string | undefined => /^pkg:([^/]+)\//.exec(purl)?.[1]

/** The open findings in words, in the order the API gives them: `2 High, 1 Low`; "" when none. */
export const findingsText = (findings: ReadonlyArray<OpenFindings>): string =>
  findings.filter((f) => f.open > 0).map((f) => `${f.open} ${f.severity}`).join(", ")

export const licencesText = (licences: ReadonlyArray<{ readonly name: string }>): string =>
  [...new Set(licences.map((l) => l.name))].join(", ")

/**
 * The dependencies of a page whose name or package URL holds `search` (case-insensitive).
 * searchSbomDependencies takes no filter in its body, so the search box narrows the page shown.
 */
export const matching = (dependencies: ReadonlyArray<DependencySummary>, search: string): ReadonlyArray<DependencySummary> => {
  const needle = search.trim().toLowerCase()
  return needle === "" ? dependencies : dependencies.filter((d) => `${d.fullName} ${d.purl}`.toLowerCase().includes(needle))
}
