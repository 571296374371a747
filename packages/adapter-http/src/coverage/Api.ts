import { HttpApiEndpoint, OpenApi } from "@effect/platform"
import { Bodies, Coverage, CoverageReports } from "@tidemark/core"
import { Schema } from "effect"
import { PageParams, plainRepositoryPath, repositoryPath, RepositoryParams } from "../ApiParams.js"

/**
 * A repository's coverage reports: listed (the original API, in the results group) and uploaded
 * (admin). The coverage reporters' own API 2.0 is in reporter/.
 */

export const listCoverageReports = HttpApiEndpoint.get("listCoverageReports", `${plainRepositoryPath}/coverage/status`)
  .setPath(RepositoryParams)
  .setUrlParams(Schema.Struct({ limit: PageParams.limit }))
  .addSuccess(CoverageReports.CoverageReportResponse)

/** Admin. */
export const uploadCoverage = HttpApiEndpoint.post("uploadCoverage", `${repositoryPath}/coverage`)
  .setPath(RepositoryParams)
  .setPayload(Bodies.CoverageUploadBody)
  .addSuccess(Schema.Struct({ data: Coverage.Coverage }), { status: 201 })
  .annotate(
    OpenApi.Description,
    "Stores a coverage report (LCOV or Cobertura) of a commit; the repository shows it, and the grade counts it, with that commit's analysis."
  )
