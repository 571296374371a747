import { HttpApi, HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import {
  AddRepositoryBody,
  CodingStandard,
  Coverage,
  CoverageUploadBody,
  CreateCredentialBody,
  CreateStandardBody,
  Goals,
  ImportedToolIssues,
  OrganizationSettings,
  Permission,
  Repository,
  SarifUploadBody,
  UpdateGoalsBody,
  UpdateOrganizationSettingsBody
} from "@tidemark/core"
import { Schema } from "effect"
import { OrganizationParams, RepositoryParams } from "./ApiParams.js"
import { Authentication } from "./Authentication.js"
import { GitHostGroup } from "./GitHostApi.js"
import { BadRequest, Forbidden, InternalServerError, NotFound, Unauthorized, UnprocessableEntity } from "./HttpErrors.js"
import { MetricsParams, MetricsResponse, SystemsResponse } from "./MetricsSchemas.js"
import { TokensGroup } from "./TokensApi.js"

/** Our extensions: adding repositories, issuing secrets, coding standards. Same error bodies as the analysis API. */

export class IssuedSecret extends Schema.Class<IssuedSecret>("IssuedSecret")({
  id: Schema.String,
  kind: Schema.Literal("api", "ingestion", "repository"),
  permission: Permission,
  /** Shown once: only its hash is stored. */
  secret: Schema.String
}) {}

/** A repository's webhook secret, shown once, and where its git host delivers (paths under this server). */
export class IssuedWebhookSecret extends Schema.Class<IssuedWebhookSecret>("IssuedWebhookSecret")({
  secret: Schema.String,
  githubPath: Schema.String,
  gitlabPath: Schema.String
}) {}

/** An analysis queued by reanalyze: the branch and the commit (its head when asked) it will analyse. */
export class QueuedAnalysis extends Schema.Class<QueuedAnalysis>("QueuedAnalysis")({
  repositoryName: Schema.String,
  branch: Schema.String,
  commitSha: Schema.String,
  requestedAt: Schema.String
}) {}

const adminOrganizationPath = "/admin/organizations/:provider/:remoteOrganizationName"
const standardsPath = "/organizations/:provider/:remoteOrganizationName/coding-standards"
const deliveryPath = "/organizations/:provider/:remoteOrganizationName"
const StandardParams = Schema.Struct({ ...OrganizationParams.fields, codingStandardId: Schema.NumberFromString.pipe(Schema.int()) })
const ApplicationParams = Schema.Struct({ ...StandardParams.fields, repositoryName: Schema.String })

export class AdminGroup extends HttpApiGroup.make("admin")
  .add(
    HttpApiEndpoint.post("addRepository", "/repositories")
      .setPayload(AddRepositoryBody)
      .addSuccess(Schema.Struct({ data: Repository }))
      .annotate(OpenApi.Description, "Adds (or refreshes) a repository by reading it with git.")
  )
  .add(
    HttpApiEndpoint.post("createApiToken", `${adminOrganizationPath}/tokens`)
      .setPath(OrganizationParams)
      .setPayload(CreateCredentialBody)
      .addSuccess(Schema.Struct({ data: IssuedSecret }), { status: 201 })
  )
  .add(
    HttpApiEndpoint.post("createIngestionKey", `${adminOrganizationPath}/ingestion-keys`)
      .setPath(OrganizationParams)
      .setPayload(CreateCredentialBody)
      .addSuccess(Schema.Struct({ data: IssuedSecret }), { status: 201 })
  )
  .add(
    HttpApiEndpoint.post("createRepositoryToken", `${adminOrganizationPath}/repositories/:repositoryName/tokens`)
      .setPath(RepositoryParams)
      .addSuccess(Schema.Struct({ data: IssuedSecret }), { status: 201 })
      .annotate(
        OpenApi.Description,
        "Issues a repository token: the coverage reporters' project-token, good for the API 2.0 coverage uploads of this repository only."
      )
  )
  .add(
    HttpApiEndpoint.post("createWebhookSecret", `${adminOrganizationPath}/repositories/:repositoryName/webhook-secret`)
      .setPath(RepositoryParams)
      .addSuccess(Schema.Struct({ data: IssuedWebhookSecret }), { status: 201 })
      .annotate(
        OpenApi.Description,
        "Generates the repository's webhook secret, replacing any: GitHub signs its deliveries with it, GitLab sends it as X-Gitlab-Token. Kept as it is (an HMAC needs it), shown once."
      )
  )
  .add(
    HttpApiEndpoint.get("getOrganizationSettings", `${adminOrganizationPath}/settings`)
      .setPath(OrganizationParams)
      .addSuccess(Schema.Struct({ data: OrganizationSettings }))
      .annotate(OpenApi.Description, "The installation admin's settings of the organization; any of its tokens may read them.")
  )
  .add(
    HttpApiEndpoint.patch("updateOrganizationSettings", `${adminOrganizationPath}/settings`)
      .setPath(OrganizationParams)
      .setPayload(UpdateOrganizationSettingsBody)
      .addSuccess(Schema.Struct({ data: OrganizationSettings }))
      .annotate(
        OpenApi.Description,
        "Changes the organization's settings (fields left out keep their value); only the installation admin may. " +
          "allowConfigurationFiles lets its repositories lint with their own ESLint configuration file, run sandboxed."
      )
  )
  .add(
    HttpApiEndpoint.post("createCodingStandard", standardsPath)
      .setPath(OrganizationParams)
      .setPayload(CreateStandardBody)
      .addSuccess(Schema.Struct({ data: CodingStandard }), { status: 201 })
  )
  .add(
    HttpApiEndpoint.get("listCodingStandards", standardsPath)
      .setPath(OrganizationParams)
      .addSuccess(Schema.Struct({ data: Schema.Array(CodingStandard) }))
  )
  .add(
    HttpApiEndpoint.get("getCodingStandard", `${standardsPath}/:codingStandardId`)
      .setPath(StandardParams)
      .addSuccess(Schema.Struct({ data: CodingStandard }))
  )
  .add(
    HttpApiEndpoint.put("applyCodingStandard", `${standardsPath}/:codingStandardId/repositories/:repositoryName`)
      .setPath(ApplicationParams)
      .addSuccess(Schema.Void, { status: 204 })
  )
  .add(
    HttpApiEndpoint.del("unapplyCodingStandard", `${standardsPath}/:codingStandardId/repositories/:repositoryName`)
      .setPath(ApplicationParams)
      .addSuccess(Schema.Void, { status: 204 })
  )
  .add(
    HttpApiEndpoint.post(
      "reanalyzeRepository",
      "/analysis/organizations/:provider/:remoteOrganizationName/repositories/:repositoryName/reanalyze"
    )
      .setPath(RepositoryParams)
      .setUrlParams(Schema.Struct({ branch: Schema.optional(Schema.String) }))
      .addSuccess(Schema.Struct({ data: QueuedAnalysis }), { status: 202 })
      .annotate(
        OpenApi.Description,
        "Queues an analysis of the head of a branch (default: the default branch); getRepositoryWithAnalysis shows it once done."
      )
  )
  .add(
    HttpApiEndpoint.patch(
      "updateRepositoryGoals",
      "/analysis/organizations/:provider/:remoteOrganizationName/repositories/:repositoryName/goals"
    )
      .setPath(RepositoryParams)
      .setPayload(UpdateGoalsBody)
      .addSuccess(Schema.Struct({ data: Goals }))
      .annotate(OpenApi.Description, "Changes the repository's goals (fields left out keep their value) and answers all of them.")
  )
  .add(
    HttpApiEndpoint.post(
      "uploadCoverage",
      "/analysis/organizations/:provider/:remoteOrganizationName/repositories/:repositoryName/coverage"
    )
      .setPath(RepositoryParams)
      .setPayload(CoverageUploadBody)
      .addSuccess(Schema.Struct({ data: Coverage }), { status: 201 })
      .annotate(
        OpenApi.Description,
        "Stores a coverage report (LCOV or Cobertura) of a commit; the repository shows it, and the grade counts it, with that commit's analysis."
      )
  )
  .add(
    HttpApiEndpoint.post(
      "uploadSarif",
      "/analysis/organizations/:provider/:remoteOrganizationName/repositories/:repositoryName/sarif"
    )
      .setPath(RepositoryParams)
      .setPayload(SarifUploadBody)
      .addSuccess(Schema.Struct({ data: Schema.Array(ImportedToolIssues) }), { status: 201 })
      .annotate(
        OpenApi.Description,
        "Imports the results of a SARIF 2.1.0 log (client-side tools) as issues of a commit, replacing each tool's earlier results for it."
      )
  )
  .add(
    HttpApiEndpoint.get("getOrganizationMetrics", `${deliveryPath}/metrics`)
      .setPath(OrganizationParams)
      .setUrlParams(MetricsParams)
      .addSuccess(MetricsResponse)
      .annotate(
        OpenApi.Description,
        "The four key delivery metrics of the organization, as GET /v1/metrics answers them for an ingestion key."
      )
  )
  .add(
    HttpApiEndpoint.get("listOrganizationSystems", `${deliveryPath}/systems`)
      .setPath(OrganizationParams)
      .addSuccess(SystemsResponse)
  )
  .addError(BadRequest)
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .addError(UnprocessableEntity)
  .addError(InternalServerError)
  .middleware(Authentication)
{}

export class AdminApi extends HttpApi.make("admin")
  .add(AdminGroup)
  // Issue 14: a repository's git host settings (GitHostApi.ts), beside its tokens.
  .add(GitHostGroup)
  // The issued secrets of an organization, listed and revoked (TokensApi.ts).
  .add(TokensGroup)
  .prefix("/api/v3")
  .annotate(OpenApi.Title, "Tidemark admin API")
{}
