import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { QuickFixes } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { repositoryPath, RepositoryParams } from "../ApiParams.js"
import { OptionalAuthentication } from "../Authentication.js"
import { PullRequestParams } from "../pullRequests/Api.js"

/**
 * Quick fixes (issue 27): the tools' own fixes of the issues shown, as one patch that `git apply`
 * takes on the analysed commit. Read as the issues they fix are: open for a Public repository.
 */

const BranchQuery = Schema.Struct({ branch: Schema.optional(Schema.String) })

export class QuickFixesGroup extends HttpApiGroup.make("quickFixes")
  .add(
    HttpApiEndpoint.get("hasQuickfixSuggestions", `${repositoryPath}/issues/hasSuggestions`)
      .setPath(RepositoryParams)
      .setUrlParams(BranchQuery)
      .addSuccess(QuickFixes.HasQuickfixSuggestionsResponse)
  )
  .add(
    HttpApiEndpoint.get("getQuickfixesPatch", `${repositoryPath}/issues/patch`)
      .setPath(RepositoryParams)
      .setUrlParams(BranchQuery)
      .addSuccess(QuickFixes.QuickfixPatchResponse)
  )
  .add(
    HttpApiEndpoint.get("getPullRequestQuickfixesPatch", `${repositoryPath}/pull-requests/:pullRequestNumber/issues/patch`)
      .setPath(PullRequestParams)
      .addSuccess(QuickFixes.QuickfixPatchResponse)
  )
  .middleware(OptionalAuthentication)
  .pipe(ApiErrors.reads)
{}
