import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { ReporterReport } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"

/**
 * The original service's API 2.0 coverage operations, as its coverage reporters call them: the
 * official reporter (`CODACY_API_BASE_URL`) and the npm `codacy-coverage` (`--endpoint`). Their
 * credentials are headers they name with `-` (official) or `_` (npm); each operation reads both.
 */

/** The repository token as the reporters send it. */
export const ProjectTokenHeaders = Schema.Struct({
  "project-token": Schema.optional(Schema.String),
  "project_token": Schema.optional(Schema.String)
})

/** The organization's API token as the reporters send it. */
export const AccountTokenHeaders = Schema.Struct({
  "api-token": Schema.optional(Schema.String),
  "api_token": Schema.optional(Schema.String)
})

/** `?partial=true`: one part of a commit's report, the final call ends it (the official reporter also sends `false`). */
export const ReportParams = Schema.Struct({
  partial: Schema.optional(Schema.Literal("true", "false"))
})

const CommitParams = { commitUuid: Schema.String }
const ReportPathParams = { ...CommitParams, language: Schema.String }
/** The npm reporter's path names no provider; the official one's does. */
const AccountParams = { username: Schema.String, projectName: Schema.String }
const ProviderParams = { provider: Schema.String, ...AccountParams }

export class ReporterSuccess extends Schema.Class<ReporterSuccess>("ReporterSuccess")({ success: Schema.String }) {}

const report = <const Name extends string>(name: Name, path: HttpApiEndpoint.PathSegment) =>
  HttpApiEndpoint.post(name, path)
    .setUrlParams(ReportParams)
    .setPayload(ReporterReport.ReporterReport)
    .addSuccess(ReporterSuccess)

export class ReporterGroup extends HttpApiGroup.make("reporter")
  .add(
    report("reportCoverage", "/coverage/:commitUuid/:language")
      .setPath(Schema.Struct(ReportPathParams))
      .setHeaders(ProjectTokenHeaders)
  )
  .add(
    HttpApiEndpoint.post("completeCoverage", "/commit/:commitUuid/coverageFinal")
      .setPath(Schema.Struct(CommitParams))
      .setHeaders(ProjectTokenHeaders)
      .addSuccess(ReporterSuccess)
  )
  .add(
    report("reportCoverageWithProjectName", "/:username/:projectName/commit/:commitUuid/coverage/:language")
      .setPath(Schema.Struct({ ...AccountParams, ...ReportPathParams }))
      .setHeaders(AccountTokenHeaders)
  )
  .add(
    report("reportCoverageWithProvider", "/:provider/:username/:projectName/commit/:commitUuid/coverage/:language")
      .setPath(Schema.Struct({ ...ProviderParams, ...ReportPathParams }))
      .setHeaders(AccountTokenHeaders)
  )
  .add(
    HttpApiEndpoint.post("completeCoverageWithProjectName", "/:username/:projectName/commit/:commitUuid/coverageFinal")
      .setPath(Schema.Struct({ ...AccountParams, ...CommitParams }))
      .setHeaders(AccountTokenHeaders)
      .addSuccess(ReporterSuccess)
  )
  .add(
    HttpApiEndpoint.post("completeCoverageWithProvider", "/:provider/:username/:projectName/commit/:commitUuid/coverageFinal")
      .setPath(Schema.Struct({ ...ProviderParams, ...CommitParams }))
      .setHeaders(AccountTokenHeaders)
      .addSuccess(ReporterSuccess)
  )
  .pipe(ApiErrors.reporter)
{}
