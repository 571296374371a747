import { HttpApiBuilder } from "@effect/platform"
import { QualitySettings, Repositories } from "@tidemark/core"
import { Effect } from "effect"
import { answerData, repositoryAt, type RequestOf } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"
import type { updateRepositoryGoals } from "./Api.js"

/** Every answer of the group is `{data}`. */
export const layer = HttpApiBuilder.group(TidemarkApi, "qualitySettings", (handlers) =>
  Effect.gen(function*() {
    const settings = yield* QualitySettings.QualitySettings
    return handlers
      .handle("getQualitySettingsForRepository", ({ path }) =>
        answerData((caller) => settings.repositorySettings(caller, repositoryAt(path))))
      .handle("updateRepositoryQualitySettings", ({ path, payload }) =>
        answerData((caller) => settings.updateRepositorySettings(caller, repositoryAt(path), payload)))
      .handle("resetRepositoryQualitySettings", ({ path }) =>
        answerData((caller) => settings.resetRepositorySettings(caller, repositoryAt(path))))
      .handle("getCommitQualitySettings", ({ path }) => answerData((caller) => settings.gate(caller, repositoryAt(path), "commits")))
      .handle("updateCommitQualitySettings", ({ path, payload }) =>
        answerData((caller) => settings.updateGate(caller, repositoryAt(path), "commits", payload)))
      .handle("resetCommitsQualitySettings", ({ path }) =>
        answerData((caller) => settings.resetGate(caller, repositoryAt(path), "commits")))
      .handle("getPullRequestQualitySettings", ({ path }) =>
        answerData((caller) => settings.gate(caller, repositoryAt(path), "pullRequests")))
      .handle("updatePullRequestQualitySettings", ({ path, payload }) =>
        answerData((caller) => settings.updateGate(caller, repositoryAt(path), "pullRequests", payload)))
      .handle("resetPullRequestsQualitySettings", ({ path }) =>
        answerData((caller) => settings.resetGate(caller, repositoryAt(path), "pullRequests")))
  }))

/** The admin group's operation on a repository's goals (see admin/Handlers.ts). */
export const adminHandlers = Effect.map(Repositories.Repositories, (repositories) => ({
  updateRepositoryGoals: ({ path, payload }: RequestOf<typeof updateRepositoryGoals>) =>
    answerData((caller) => repositories.setGoals(caller, repositoryAt(path), payload))
}))
