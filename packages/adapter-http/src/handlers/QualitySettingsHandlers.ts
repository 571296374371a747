import { HttpApiBuilder } from "@effect/platform"
import { QualitySettings } from "@tidemark/core"
import { Effect } from "effect"
import { Caller } from "../Authentication.js"
import { analysisErrors } from "../ErrorMapping.js"
import { TidemarkApi } from "../TidemarkApi.js"
import { repositoryAt } from "./HandlerShapes.js"

/** Every answer of the group is `{data}`. */
const enveloped = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.map(effect, (data) => ({ data }))

export const layer = HttpApiBuilder.group(TidemarkApi, "qualitySettings", (handlers) =>
  Effect.gen(function*() {
    const settings = yield* QualitySettings
    return handlers
      .handle("getQualitySettingsForRepository", ({ path }) =>
        Effect.flatMap(Caller, (caller) => settings.repositorySettings(caller, repositoryAt(path))).pipe(enveloped, analysisErrors))
      .handle("updateRepositoryQualitySettings", ({ path, payload }) =>
        Effect.flatMap(Caller, (caller) => settings.updateRepositorySettings(caller, repositoryAt(path), payload)).pipe(
          enveloped,
          analysisErrors
        ))
      .handle("resetRepositoryQualitySettings", ({ path }) =>
        Effect.flatMap(Caller, (caller) => settings.resetRepositorySettings(caller, repositoryAt(path))).pipe(enveloped, analysisErrors))
      .handle("getCommitQualitySettings", ({ path }) =>
        Effect.flatMap(Caller, (caller) => settings.gate(caller, repositoryAt(path), "commits")).pipe(enveloped, analysisErrors))
      .handle("updateCommitQualitySettings", ({ path, payload }) =>
        Effect.flatMap(Caller, (caller) => settings.updateGate(caller, repositoryAt(path), "commits", payload)).pipe(enveloped, analysisErrors))
      .handle("resetCommitsQualitySettings", ({ path }) =>
        Effect.flatMap(Caller, (caller) => settings.resetGate(caller, repositoryAt(path), "commits")).pipe(enveloped, analysisErrors))
      .handle("getPullRequestQualitySettings", ({ path }) =>
        Effect.flatMap(Caller, (caller) => settings.gate(caller, repositoryAt(path), "pullRequests")).pipe(enveloped, analysisErrors))
      .handle("updatePullRequestQualitySettings", ({ path, payload }) =>
        Effect.flatMap(Caller, (caller) => settings.updateGate(caller, repositoryAt(path), "pullRequests", payload)).pipe(
          enveloped,
          analysisErrors
        ))
      .handle("resetPullRequestsQualitySettings", ({ path }) =>
        Effect.flatMap(Caller, (caller) => settings.resetGate(caller, repositoryAt(path), "pullRequests")).pipe(enveloped, analysisErrors))
  }))
