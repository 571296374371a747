import { Schema, Struct } from "effect"
import { Pagination } from "./Pagination.js"
import {
  dueAtOf,
  mostPressingFirst,
  SecurityFinding,
  type SecurityItem,
  type SlaConfig,
  SlaConfig as SlaConfigSchema,
  SrmPriority,
  SrmStatus,
  statusOf
} from "./SecurityItems.js"
import { IgnoreReason } from "./Triage.js"

/**
 * The security and risk management operations' bodies and answers, as the original API's extract
 * (codacy-v3-security.yaml) names them. Fields of scans Tidemark does not run (DAST, penetration
 * tests, Jira) are left out, as the schema allows.
 */

export class SrmIgnored extends Schema.Class<SrmIgnored>("SrmIgnored")({
  at: Schema.String,
  /** Tidemark has no user accounts: 0, with the token that ignored it as the name. */
  authorId: Schema.Int,
  authorName: Schema.String,
  reason: Schema.String
}) {}

export class SrmItem extends Schema.Class<SrmItem>("SrmItem")({
  id: Schema.String,
  itemSource: Schema.Literal("Codacy", "Jira", "PenTest", "ZAP"),
  itemSourceId: Schema.String,
  title: Schema.String,
  repository: Schema.optional(Schema.String),
  openedAt: Schema.String,
  closedAt: Schema.optional(Schema.String),
  dueAt: Schema.String,
  ignored: Schema.optional(SrmIgnored),
  priority: SrmPriority,
  status: SrmStatus,
  securityCategory: Schema.optional(Schema.String),
  scanType: Schema.optional(Schema.String),
  cvssScore: Schema.optional(Schema.Number),
  cvssVector: Schema.optional(Schema.String),
  cwe: Schema.optional(Schema.String),
  cve: Schema.optional(Schema.String),
  affectedVersion: Schema.optional(Schema.String),
  fixedVersion: Schema.optional(Schema.Array(Schema.String)),
  additionalInfo: Schema.optional(Schema.String)
}) {}

export class SrmItemsResponse extends Schema.Class<SrmItemsResponse>("SrmItemsResponse")({
  pagination: Pagination,
  data: Schema.Array(SrmItem)
}) {}

export class SrmItemResponse extends Schema.Class<SrmItemResponse>("SrmItemResponse")({ data: SrmItem }) {}

/** The item's deadline and status as of `now`, and the finding where it is (`file:line` in the additional information). */
export const srmItemOf = (item: SecurityItem, sla: SlaConfig, now: string): SrmItem => {
  const where = item.filePath === undefined ? undefined : item.line === undefined ? item.filePath : `${item.filePath}:${item.line}`
  const info = [where, item.additionalInfo].filter((part) => part !== undefined && part !== "").join(" ")
  return SrmItem.make({
    id: item.id,
    itemSource: "Codacy",
    itemSourceId: item.itemSourceId,
    title: item.title,
    repository: item.repository,
    openedAt: item.openedAt,
    ...(item.closedAt === undefined ? {} : { closedAt: item.closedAt }),
    dueAt: dueAtOf(item, sla),
    ...(item.ignored === undefined
      ? {}
      : {
        ignored: SrmIgnored.make({
          at: item.ignored.at,
          authorId: 0,
          authorName: item.ignored.by.name,
          reason: item.ignored.comment === undefined ? item.ignored.reason : `${item.ignored.reason}: ${item.ignored.comment}`
        })
      }),
    priority: item.priority,
    status: statusOf(item, sla, now),
    ...(item.securityCategory === "" ? {} : { securityCategory: item.securityCategory }),
    scanType: item.scanType,
    ...(item.cvssScore === undefined ? {} : { cvssScore: item.cvssScore }),
    ...(item.cvssVector === undefined ? {} : { cvssVector: item.cvssVector }),
    ...(item.cwe === undefined ? {} : { cwe: item.cwe }),
    ...(item.cve === undefined ? {} : { cve: item.cve }),
    ...(item.affectedVersion === undefined ? {} : { affectedVersion: item.affectedVersion }),
    ...(item.fixedVersion === undefined ? {} : { fixedVersion: item.fixedVersion }),
    ...(info === "" ? {} : { additionalInfo: info })
  })
}

const Strings = Schema.optional(Schema.Array(Schema.String))
const Segments = Schema.optional(Schema.Array(Schema.Int))

/** searchSecurityItems' body; every list optional. Segments and DAST targets filter nothing here (none exist). */
export class SearchSrmItems extends Schema.Class<SearchSrmItems>("SearchSrmItems")({
  repositories: Strings,
  priorities: Strings,
  statuses: Strings,
  categories: Strings,
  scanTypes: Strings,
  segments: Segments,
  dastTargetUrls: Strings
}) {}

export class SearchSrmDashboard extends Schema.Class<SearchSrmDashboard>("SearchSrmDashboard")({
  repositories: Strings,
  priorities: Schema.optional(Schema.Array(SrmPriority)),
  categories: Strings,
  scanTypes: Strings,
  segments: Segments
}) {}

/** The dashboards' repositories, history and categories searches: repositories (and segments) only. */
export class SearchSrmRepositories extends Schema.Class<SearchSrmRepositories>("SearchSrmRepositories")({
  repositories: Strings,
  segments: Segments
}) {}

export class IgnoreSrmItemBody extends Schema.Class<IgnoreSrmItemBody>("IgnoreSrmItemBody")({
  reason: Schema.optional(IgnoreReason),
  comment: Schema.optional(Schema.String.pipe(Schema.maxLength(2000)))
}) {}

export class SrmDashboard extends Schema.Class<SrmDashboard>("SrmDashboard")({
  totalOpen: Schema.Int,
  totalNewThisWeek: Schema.Int,
  totalClosed: Schema.Int,
  onTrack: Schema.Int,
  dueSoon: Schema.Int,
  overdue: Schema.Int,
  closedOnTime: Schema.Int,
  closedLate: Schema.Int,
  openCritical: Schema.Int,
  openHigh: Schema.Int,
  openMedium: Schema.Int,
  openLow: Schema.Int,
  openSAST: Schema.Int,
  openSCA: Schema.Int,
  openContainerSCA: Schema.Int,
  openSecrets: Schema.Int,
  openIaC: Schema.Int,
  openCICD: Schema.Int,
  openLicense: Schema.Int,
  openPenTesting: Schema.Int,
  openDAST: Schema.Int,
  openCSPM: Schema.Int,
  openScanNotAttributed: Schema.Int
}) {}

export class SrmDashboardResponse extends Schema.Class<SrmDashboardResponse>("SrmDashboardResponse")({ data: SrmDashboard }) {}

export class SrmRepositoryIssueCount extends Schema.Class<SrmRepositoryIssueCount>("SrmRepositoryIssueCount")({
  id: Schema.Int,
  name: Schema.String,
  critical: Schema.Int,
  high: Schema.Int,
  medium: Schema.Int,
  low: Schema.Int
}) {}

export class SrmDashboardRepositoriesResponse extends Schema.Class<SrmDashboardRepositoriesResponse>("SrmDashboardRepositoriesResponse")({
  data: Schema.Array(SrmRepositoryIssueCount)
}) {}

export class SrmHistoryDataPoint extends Schema.Class<SrmHistoryDataPoint>("SrmHistoryDataPoint")({
  since: Schema.String,
  until: Schema.String,
  newCritical: Schema.Int,
  newHigh: Schema.Int,
  newMedium: Schema.Int,
  newLow: Schema.Int,
  fixedCritical: Schema.Int,
  fixedHigh: Schema.Int,
  fixedMedium: Schema.Int,
  fixedLow: Schema.Int,
  openCritical: Schema.Int,
  openHigh: Schema.Int,
  openMedium: Schema.Int,
  openLow: Schema.Int,
  ignoredCritical: Schema.Int,
  ignoredHigh: Schema.Int,
  ignoredMedium: Schema.Int,
  ignoredLow: Schema.Int,
  unignoredCritical: Schema.Int,
  unignoredHigh: Schema.Int,
  unignoredMedium: Schema.Int,
  unignoredLow: Schema.Int
}) {}

export class SrmDashboardHistoryResponse extends Schema.Class<SrmDashboardHistoryResponse>("SrmDashboardHistoryResponse")({
  data: Schema.Array(SrmHistoryDataPoint)
}) {}

export class SrmCategoryIssueCount extends Schema.Class<SrmCategoryIssueCount>("SrmCategoryIssueCount")({
  name: Schema.String,
  total: Schema.Int
}) {}

export class SrmDashboardCategoriesResponse extends Schema.Class<SrmDashboardCategoriesResponse>("SrmDashboardCategoriesResponse")({
  data: Schema.Array(SrmCategoryIssueCount)
}) {}

export class SecurityRepositorySummary extends Schema.Class<SecurityRepositorySummary>("SecurityRepositorySummary")({
  repositoryId: Schema.Int,
  provider: Schema.String,
  owner: Schema.String,
  name: Schema.String
}) {}

export class SecurityRepositoriesResponse extends Schema.Class<SecurityRepositoriesResponse>("SecurityRepositoriesResponse")({
  pagination: Pagination,
  data: Schema.Array(SecurityRepositorySummary)
}) {}

export class SecurityCategoriesResponse extends Schema.Class<SecurityCategoriesResponse>("SecurityCategoriesResponse")({
  pagination: Pagination,
  data: Schema.Array(Schema.String)
}) {}

export class SlaConfigResponse extends Schema.Class<SlaConfigResponse>("SlaConfigResponse")({ slaConfig: SlaConfigSchema }) {}

export class SlaConfigBody extends Schema.Class<SlaConfigBody>("SlaConfigBody")({ slaConfig: SlaConfigSchema }) {}

/**
 * Tidemark's: a security finding a pull request brings in, as its page shows it (the finding's
 * identity stays inside: a secret's is derived from the secret).
 */
export class ChangeSecurityFinding extends Schema.Class<ChangeSecurityFinding>("ChangeSecurityFinding")(
  Struct.omit(SecurityFinding.fields, "key")
) {}

export class ChangeSecurityFindingsResponse extends Schema.Class<ChangeSecurityFindingsResponse>("ChangeSecurityFindingsResponse")({
  data: Schema.Array(ChangeSecurityFinding)
}) {}

/** The findings as shown: the most pressing first, then by where they are. */
export const changeSecurityFindingsOf = (findings: ReadonlyArray<SecurityFinding>): ChangeSecurityFindingsResponse =>
  ChangeSecurityFindingsResponse.make({
    data: [...findings]
      .sort(mostPressingFirst)
      .map(({ key: _key, ...shown }) => ChangeSecurityFinding.make(shown))
  })
