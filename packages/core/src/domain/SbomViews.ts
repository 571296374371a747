import { Schema } from "effect"
import { Pagination } from "./Pagination.js"

/** The SBOM operations' answers, as the original API's extract names them (no OSSF scores here: none is known). */

export class OpenFindingsCount extends Schema.Class<OpenFindingsCount>("OpenFindingsCount")({
  severity: Schema.String,
  open: Schema.Int
}) {}

export class LicensesDetails extends Schema.Class<LicensesDetails>("LicensesDetails")({
  /** The licence expression as the lockfile or manifest gives it (`MIT`, `MIT OR Apache-2.0`). */
  name: Schema.String
}) {}

export class SbomDependencySummary extends Schema.Class<SbomDependencySummary>("SbomDependencySummary")({
  fullName: Schema.String,
  purl: Schema.String,
  repositoriesCount: Schema.Int,
  versionsCount: Schema.Int,
  findings: Schema.Array(OpenFindingsCount),
  licensesDetails: Schema.Array(LicensesDetails)
}) {}

export class SbomDependenciesOverview extends Schema.Class<SbomDependenciesOverview>("SbomDependenciesOverview")({
  totalRepositoriesCount: Schema.Int,
  filteredRepositoriesCount: Schema.Int,
  totalDependenciesCount: Schema.Int,
  filteredDependenciesCount: Schema.Int
}) {}

export class SearchSbomDependenciesResponse extends Schema.Class<SearchSbomDependenciesResponse>("SearchSbomDependenciesResponse")({
  pagination: Pagination,
  data: Schema.Array(SbomDependencySummary),
  overview: SbomDependenciesOverview
}) {}

export class SearchRepositoriesOfSbomDependencyBody extends Schema.Class<SearchRepositoriesOfSbomDependencyBody>(
  "SearchRepositoriesOfSbomDependencyBody"
)({ dependencyFullName: Schema.String }) {}

export class RepositorySummaryOfSbomDependency extends Schema.Class<RepositorySummaryOfSbomDependency>("RepositorySummaryOfSbomDependency")({
  id: Schema.Int,
  name: Schema.String,
  dependencyVersion: Schema.String,
  highestFindingSeverity: Schema.optional(Schema.String),
  licenses: Schema.Array(Schema.String),
  licensesDetails: Schema.Array(LicensesDetails)
}) {}

export class RepositoriesOverviewOfSbomDependency extends Schema.Class<RepositoriesOverviewOfSbomDependency>("RepositoriesOverviewOfSbomDependency")({
  name: Schema.String,
  fullName: Schema.String,
  purl: Schema.String,
  latestVersion: Schema.String,
  oldestVersion: Schema.String,
  totalVersionsCount: Schema.Int,
  filteredVersionsCount: Schema.Int,
  totalRepositoriesCount: Schema.Int,
  filteredRepositoriesCount: Schema.Int
}) {}

export class SearchRepositoriesOfSbomDependencyResponse extends Schema.Class<SearchRepositoriesOfSbomDependencyResponse>(
  "SearchRepositoriesOfSbomDependencyResponse"
)({
  pagination: Pagination,
  data: Schema.Array(RepositorySummaryOfSbomDependency),
  overview: RepositoriesOverviewOfSbomDependency
}) {}

export class DependenciesSummaryOfSbomRepository extends Schema.Class<DependenciesSummaryOfSbomRepository>("DependenciesSummaryOfSbomRepository")({
  id: Schema.Int,
  name: Schema.String,
  dependenciesCount: Schema.Int,
  dependenciesFindings: Schema.Array(OpenFindingsCount)
}) {}

export class SearchSbomRepositoriesResponse extends Schema.Class<SearchSbomRepositoriesResponse>("SearchSbomRepositoriesResponse")({
  pagination: Pagination,
  data: Schema.Array(DependenciesSummaryOfSbomRepository),
  overview: SbomDependenciesOverview
}) {}
