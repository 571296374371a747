import { HttpApiBuilder } from "@effect/platform"
import { LanguageCatalogue, RepositoryLanguages } from "@tidemark/core"
import { Effect } from "effect"
import { answer, answerWith, asData, experimental, repositoryAt } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"

export const repositoryLanguagesLayer = HttpApiBuilder.group(TidemarkApi, "repositoryLanguages", (handlers) =>
  Effect.gen(function*() {
    const languages = yield* RepositoryLanguages.RepositoryLanguages
    return handlers
      .handle("getRepositoryLanguages", ({ path }) =>
        Effect.zipLeft(
          answerWith((caller) => languages.languages(caller, repositoryAt(path)), (found) => ({ languages: found })),
          experimental
        ))
      .handle("patchRepositoryLanguageResponseSettings", ({ path, payload }) =>
        Effect.zipLeft(answer((caller) => languages.updateLanguages(caller, repositoryAt(path), payload)), experimental))
      .handle("getFileExtensionsSettings", ({ path }) =>
        answerWith((caller) => languages.fileExtensions(caller, repositoryAt(path)), (found) => ({ languagesExtensions: found })))
      .handle("patchFileExtensionsSettings", ({ path, payload }) =>
        answer((caller) => languages.updateFileExtensions(caller, repositoryAt(path), payload)))
  }))

/** No caller: the same for anyone. */
export const languageToolsLayer = HttpApiBuilder.group(TidemarkApi, "languageTools", (handlers) =>
  Effect.gen(function*() {
    const catalogue = yield* LanguageCatalogue.LanguageCatalogue
    return handlers
      // The original's language lists no tools: each language's tools stay in the core's answer.
      .handle("listLanguagesWithTools", () => Effect.map(catalogue.languages, (found) => asData(found.map((l) => l.language))))
      .handle("listDuplicationTools", () => Effect.map(catalogue.duplication, asData))
      .handle("listMetricsTools", () => Effect.map(catalogue.metrics, asData))
  }))
