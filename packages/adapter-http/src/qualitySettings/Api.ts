import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Bodies, Goals, QualityGate } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { RepositoryParams } from "../ApiParams.js"
import { Authentication } from "../Authentication.js"

/**
 * The original API's quality settings (issue 14): the gates of a repository's pull requests and
 * commits, and the repository's own settings, which are its goals (which the admin API's
 * updateRepositoryGoals changes too).
 */

const settingsPath = "/organizations/:provider/:remoteOrganizationName/repositories/:repositoryName/settings/quality"

const GateResponse = Schema.Struct({ data: QualityGate.QualitySettingsWithGatePolicy })
const RepositorySettingsResponse = Schema.Struct({ data: Goals.Goals })

export class QualitySettingsGroup extends HttpApiGroup.make("qualitySettings")
  .add(
    HttpApiEndpoint.get("getQualitySettingsForRepository", `${settingsPath}/repository`)
      .setPath(RepositoryParams)
      .addSuccess(RepositorySettingsResponse)
  )
  .add(
    HttpApiEndpoint.put("updateRepositoryQualitySettings", `${settingsPath}/repository`)
      .setPath(RepositoryParams)
      .setPayload(Bodies.UpdateGoalsBody)
      .addSuccess(RepositorySettingsResponse)
  )
  .add(
    HttpApiEndpoint.post("resetRepositoryQualitySettings", `${settingsPath}/repository/reset`)
      .setPath(RepositoryParams)
      .addSuccess(RepositorySettingsResponse)
  )
  .add(
    HttpApiEndpoint.get("getCommitQualitySettings", `${settingsPath}/commits`)
      .setPath(RepositoryParams)
      .addSuccess(GateResponse)
  )
  .add(
    HttpApiEndpoint.put("updateCommitQualitySettings", `${settingsPath}/commits`)
      .setPath(RepositoryParams)
      .setPayload(QualityGate.QualityGate)
      .addSuccess(GateResponse)
  )
  .add(
    HttpApiEndpoint.post("resetCommitsQualitySettings", `${settingsPath}/commits/reset`)
      .setPath(RepositoryParams)
      .addSuccess(GateResponse)
  )
  .add(
    HttpApiEndpoint.get("getPullRequestQualitySettings", `${settingsPath}/pull-requests`)
      .setPath(RepositoryParams)
      .addSuccess(GateResponse)
  )
  .add(
    HttpApiEndpoint.put("updatePullRequestQualitySettings", `${settingsPath}/pull-requests`)
      .setPath(RepositoryParams)
      .setPayload(QualityGate.QualityGate)
      .addSuccess(GateResponse)
  )
  .add(
    HttpApiEndpoint.post("resetPullRequestsQualitySettings", `${settingsPath}/pull-requests/reset`)
      .setPath(RepositoryParams)
      .addSuccess(GateResponse)
  )
  // Forbidden: a read token asking for a change.
  .pipe(ApiErrors.writes)
  .middleware(Authentication)
{}

/** Admin (our extension). */
export const updateRepositoryGoals = HttpApiEndpoint.patch(
  "updateRepositoryGoals",
  "/analysis/organizations/:provider/:remoteOrganizationName/repositories/:repositoryName/goals"
)
  .setPath(RepositoryParams)
  .setPayload(Bodies.UpdateGoalsBody)
  .addSuccess(Schema.Struct({ data: Goals.Goals }))
  .annotate(OpenApi.Description, "Changes the repository's goals (fields left out keep their value) and answers all of them.")
