import { HttpApi, HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import {
  CommitIssue,
  ConfigureToolBody,
  ConfiguredPattern,
  CoverageReportResponse,
  FileClone,
  FileInformationWithAnalysis,
  FileSortParam,
  FileSource,
  FileWithAnalysisInfo,
  IssuesOverview,
  LineHits,
  Pagination,
  PatternFilterFields,
  PatternSort,
  QueryBoolean,
  RepositoryWithAnalysis,
  SearchOrganizationRepositoriesWithAnalysis,
  OptionalSearchBody,
  SortDirection,
  SortDirectionParam,
  Tool,
  UpdatePatternsBody
} from "@tidemark/core"
import { Schema } from "effect"
import { AccountGroup, CatalogueGroup, OrganizationRepositoriesGroup } from "./AccountApi.js"
import { OrganizationParams, PageParams, RepositoryListParams, RepositoryParams } from "./ApiParams.js"
import { BranchHistoryGroup } from "./BranchHistoryApi.js"
import { ChangesGroup, PullRequestWriteGroup } from "./ChangesApi.js"
import { QualitySettingsGroup } from "./QualitySettingsApi.js"
import { Authentication, OptionalAuthentication } from "./Authentication.js"
import {
  BadGateway,
  BadRequest,
  Conflict,
  Forbidden,
  InternalServerError,
  NotFound,
  Unauthorized,
  UnprocessableEntity
} from "./HttpErrors.js"
import { HealthGroup } from "./health/HealthApi.js"

/** The analysis API v3.1.0 of the spec: paths, parameters, bodies and statuses exactly as published. */

const organizationPath = "/analysis/organizations/:provider/:remoteOrganizationName"
const repositoryPath = `${organizationPath}/repositories/:repositoryName` as const

const ToolParams = Schema.Struct({ ...RepositoryParams.fields, toolUuid: Schema.String })
const PatternParams = Schema.Struct({ ...ToolParams.fields, patternId: Schema.String })

export const RepositoryPage = Schema.Struct({
  pagination: Pagination,
  data: Schema.Array(RepositoryWithAnalysis)
})

export class VersionGroup extends HttpApiGroup.make("version")
  .add(
    HttpApiEndpoint.get("getVersion", "/version")
      .addSuccess(Schema.Struct({ data: Schema.String }))
      .annotate(OpenApi.Description, "Version of the installation; needs no token (a token sent must be valid).")
  )
  // A query holding a NUL character is refused before any operation (a path, query or body that cannot be stored).
  .addError(BadRequest)
  .addError(UnprocessableEntity)
  .addError(InternalServerError)
  .middleware(OptionalAuthentication)
{}

export class RepositoriesGroup extends HttpApiGroup.make("repositories")
  .add(
    HttpApiEndpoint.get("listOrganizationRepositoriesWithAnalysis", `${organizationPath}/repositories`)
      .setPath(OrganizationParams)
      .setUrlParams(Schema.Struct({
        ...RepositoryListParams,
        repositories: Schema.optional(Schema.String).annotations({ description: "Deprecated: comma-separated names; use the search operation" })
      }))
      .addSuccess(RepositoryPage)
      .addError(BadGateway)
  )
  .add(
    HttpApiEndpoint.post("searchOrganizationRepositoriesWithAnalysis", `/search${organizationPath}/repositories`)
      .setPath(OrganizationParams)
      .setUrlParams(Schema.Struct(PageParams))
      .setPayload(SearchOrganizationRepositoriesWithAnalysis)
      .addSuccess(RepositoryPage)
      .addError(BadGateway)
  )
  .add(
    HttpApiEndpoint.get("getRepositoryWithAnalysis", repositoryPath)
      .setPath(RepositoryParams)
      .setUrlParams(Schema.Struct({ branch: Schema.optional(Schema.String) }))
      .addSuccess(Schema.Struct({ data: RepositoryWithAnalysis }))
  )
  .addError(BadRequest)
  .addError(Unauthorized)
  .addError(NotFound)
  .addError(UnprocessableEntity)
  .addError(InternalServerError)
  .middleware(Authentication)
{}

export class ToolsGroup extends HttpApiGroup.make("tools")
  .add(
    HttpApiEndpoint.get("listRepositoryTools", `${repositoryPath}/tools`)
      .setPath(RepositoryParams)
      .addSuccess(Schema.Struct({ data: Schema.Array(Tool) }))
      .annotate(OpenApi.Description, "Public repositories need no token.")
      .middleware(OptionalAuthentication)
  )
  .add(
    HttpApiEndpoint.get("listRepositoryToolConflicts", `${repositoryPath}/tools/conflicts`)
      .setPath(RepositoryParams)
      .addSuccess(Schema.Struct({ data: Schema.Array(Schema.String) }))
      .middleware(Authentication)
  )
  .add(
    HttpApiEndpoint.patch("configureTool", `${repositoryPath}/tools/:toolUuid`)
      .setPath(ToolParams)
      .setPayload(ConfigureToolBody)
      .addSuccess(Schema.Void, { status: 204 })
      .addError(Forbidden)
      .addError(Conflict)
      .middleware(Authentication)
  )
  .addError(BadRequest)
  .addError(Unauthorized)
  .addError(NotFound)
  .addError(UnprocessableEntity)
  .addError(InternalServerError)
{}

export const PatternListParams = Schema.Struct({
  ...PatternFilterFields,
  enabled: Schema.optional(QueryBoolean),
  sort: Schema.optional(PatternSort),
  direction: Schema.optional(SortDirection),
  ...PageParams
})

export class PatternsGroup extends HttpApiGroup.make("patterns")
  .add(
    HttpApiEndpoint.get("listRepositoryToolPatterns", `${repositoryPath}/tools/:toolUuid/patterns`)
      .setPath(ToolParams)
      .setUrlParams(PatternListParams)
      .addSuccess(Schema.Struct({
        data: Schema.Array(ConfiguredPattern),
        pagination: Pagination,
        meta: Schema.Struct({ totalEnabled: Schema.Int })
      }))
  )
  .add(
    HttpApiEndpoint.patch("updateRepositoryToolPatterns", `${repositoryPath}/tools/:toolUuid/patterns`)
      .setPath(ToolParams)
      .setUrlParams(Schema.Struct(PatternFilterFields))
      .setPayload(UpdatePatternsBody)
      .addSuccess(Schema.Void, { status: 204 })
      .addError(Conflict)
  )
  .add(
    HttpApiEndpoint.get("getRepositoryToolPattern", `${repositoryPath}/tools/:toolUuid/patterns/:patternId`)
      .setPath(PatternParams)
      .addSuccess(Schema.Struct({ data: ConfiguredPattern }))
  )
  .addError(BadRequest)
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .addError(UnprocessableEntity)
  .addError(InternalServerError)
  .middleware(Authentication)
{}

/** An int64 id in a path: an issue's `resultDataId`, a file's id. */
const PathId = Schema.NumberFromString.pipe(Schema.int()).annotations({ jsonSchema: { type: "integer", format: "int64" } })
const IssueParams = Schema.Struct({ ...RepositoryParams.fields, issueId: PathId })
/** The original API's file and coverage operations live outside `/analysis`. */
const repositoriesPath = "/organizations/:provider/:remoteOrganizationName/repositories"
const filesPath = `${repositoriesPath}/:repositoryName/files`
const FileParams = Schema.Struct({ ...RepositoryParams.fields, fileId: PathId })

/**
 * The original API's issue and file operations (issue 13): the stored results of a branch's latest
 * analysis; and getFileSource, our extension for the dashboard's file page.
 */
export class ResultsGroup extends HttpApiGroup.make("results")
  .add(
    HttpApiEndpoint.post("searchRepositoryIssues", `${repositoryPath}/issues/search`)
      .setPath(RepositoryParams)
      .setUrlParams(Schema.Struct(PageParams))
      .setPayload(OptionalSearchBody)
      .addSuccess(Schema.Struct({ data: Schema.Array(CommitIssue), pagination: Pagination }))
  )
  .add(
    HttpApiEndpoint.post("issuesOverview", `${repositoryPath}/issues/overview`)
      .setPath(RepositoryParams)
      .setPayload(OptionalSearchBody)
      .addSuccess(Schema.Struct({ data: IssuesOverview }))
  )
  .add(
    HttpApiEndpoint.get("getIssue", `${repositoryPath}/issues/:issueId`)
      .setPath(IssueParams)
      .addSuccess(Schema.Struct({ data: CommitIssue }))
  )
  .add(
    HttpApiEndpoint.get("listFiles", filesPath)
      .setPath(RepositoryParams)
      .setUrlParams(Schema.Struct({
        ...PageParams,
        branch: Schema.optional(Schema.String),
        search: Schema.optional(Schema.String),
        sort: Schema.optional(FileSortParam),
        direction: Schema.optional(SortDirectionParam)
      }))
      .addSuccess(Schema.Struct({ data: Schema.Array(FileWithAnalysisInfo), pagination: Pagination }))
  )
  .add(
    HttpApiEndpoint.get("getFileWithAnalysis", `${filesPath}/:fileId`)
      .setPath(FileParams)
      // The one file operation the original API answers without a `data` envelope.
      .addSuccess(FileInformationWithAnalysis)
  )
  .add(
    HttpApiEndpoint.get("getFileIssues", `${filesPath}/:fileId/issues`)
      .setPath(FileParams)
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(Schema.Struct({ data: Schema.Array(CommitIssue), pagination: Pagination }))
  )
  .add(
    HttpApiEndpoint.get("getFileClones", `${filesPath}/:fileId/duplication`)
      .setPath(FileParams)
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(Schema.Struct({ data: Schema.Array(FileClone), pagination: Pagination }))
  )
  .add(
    HttpApiEndpoint.get("getFileCoverage", `${filesPath}/:fileId/coverage`)
      .setPath(FileParams)
      .addSuccess(Schema.Struct({ data: Schema.Array(LineHits) }))
  )
  .add(
    HttpApiEndpoint.get("listCoverageReports", `${repositoriesPath}/:repositoryName/coverage/status`)
      .setPath(RepositoryParams)
      .setUrlParams(Schema.Struct({ limit: PageParams.limit }))
      .addSuccess(CoverageReportResponse)
  )
  .add(
    HttpApiEndpoint.get("getFileSource", `${repositoryPath}/files/:fileId/source`)
      .setPath(FileParams)
      .setUrlParams(Schema.Struct({ branch: Schema.optional(Schema.String) }))
      .addSuccess(Schema.Struct({ data: FileSource }))
      .annotate(
        OpenApi.Description,
        "Our extension: the file's lines as of the analysed commit of the branch (default: the default branch), " +
          "each with the email of the author who last changed it."
      )
  )
  .addError(BadRequest)
  .addError(Unauthorized)
  .addError(NotFound)
  .addError(UnprocessableEntity)
  .addError(InternalServerError)
  .middleware(OptionalAuthentication)
{}

export class AnalysisApi extends HttpApi.make("analysis")
  .add(VersionGroup)
  .add(RepositoriesGroup)
  .add(ToolsGroup)
  .add(PatternsGroup)
  .add(ResultsGroup)
  .add(AccountGroup)
  .add(OrganizationRepositoriesGroup)
  .add(CatalogueGroup)
  .add(QualitySettingsGroup)
  .add(ChangesGroup)
  .add(PullRequestWriteGroup)
  .add(BranchHistoryGroup)
  .add(HealthGroup)
  .prefix("/api/v3")
  .annotate(OpenApi.Title, "Tidemark analysis API")
  .annotate(OpenApi.Version, "3.1.0")
{}
