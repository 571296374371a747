import { HttpApiBuilder } from "@effect/platform"
import { IssueTriage } from "@tidemark/core"
import { Effect } from "effect"
import { answer, answerPage, repositoryAt } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"

export const layer = HttpApiBuilder.group(TidemarkApi, "triage", (handlers) =>
  Effect.gen(function*() {
    const triage = yield* IssueTriage.IssueTriage
    return handlers
      .handle("bulkIgnoreIssues", ({ path, payload }) => answer((caller) => triage.bulkIgnore(caller, repositoryAt(path), payload)))
      .handle("updateIssueState", ({ path, payload }) =>
        answer((caller) => triage.updateIssueState(caller, repositoryAt(path), path.issueId, payload)))
      .handle("ignoreFalsePositive", ({ path }) => answer((caller) => triage.ignoreFalsePositive(caller, repositoryAt(path), path.issueId)))
      .handle("searchRepositoryIgnoredIssues", ({ path, payload, urlParams }) =>
        answerPage((caller) => triage.searchIgnored(caller, repositoryAt(path), payload, urlParams.cursor, urlParams.limit)))
      .handle("updateFileState", ({ path, payload }) => answer((caller) => triage.updateFileState(caller, repositoryAt(path), payload)))
  }))
