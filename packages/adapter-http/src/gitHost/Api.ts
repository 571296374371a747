import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { GitHostSettings } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { RepositoryParams } from "../ApiParams.js"
import { Authentication } from "../Authentication.js"

/**
 * A repository's git host settings (issue 14): the token and API with which Tidemark posts its
 * verdicts on commits to GitHub or GitLab. Part of the admin surface, beside repository tokens; the
 * token is written, never read back.
 */

const gitHostPath = "/admin/organizations/:provider/:remoteOrganizationName/repositories/:repositoryName/git-host"

export class GitHostGroup extends HttpApiGroup.make("gitHost")
  .add(
    HttpApiEndpoint.get("getRepositoryGitHost", gitHostPath)
      .setPath(RepositoryParams)
      .addSuccess(Schema.Struct({ data: GitHostSettings.GitHostView }))
      .annotate(OpenApi.Description, "Whether the repository has a git host token set, and the API it goes to; never the token.")
  )
  .add(
    HttpApiEndpoint.put("setRepositoryGitHost", gitHostPath)
      .setPath(RepositoryParams)
      .setPayload(GitHostSettings.SetGitHostBody)
      .addSuccess(Schema.Void, { status: 204 })
      .annotate(
        OpenApi.Description,
        "Sets the token (and, for GitHub Enterprise Server or a self-managed GitLab, the API base URL) with which " +
          "Tidemark posts commit statuses to the repository's host; replaces what was set."
      )
  )
  .add(
    HttpApiEndpoint.del("clearRepositoryGitHost", gitHostPath)
      .setPath(RepositoryParams)
      .addSuccess(Schema.Void, { status: 204 })
      .annotate(OpenApi.Description, "Forgets the repository's git host settings: no commit status is sent any more.")
  )
  .pipe(ApiErrors.writes)
  .middleware(Authentication)
{}
