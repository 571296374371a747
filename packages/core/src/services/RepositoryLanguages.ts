import { Effect, type Option } from "effect"
import {
  changesOf,
  type FileExtensionsBody,
  fileExtensionsOf,
  type LanguageUpdate,
  type RepositoryLanguagesBody,
  repositoryLanguagesOf
} from "../domain/LanguageSettings.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import type { RepositoryRecord } from "../domain/Records.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { LanguageSettingsStore } from "../ports/LanguageSettingsStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { withSpans } from "../runtime/Spans.js"
import { Access } from "./Access.js"

type Caller = Option.Option<Principal>

const make = Effect.gen(function*() {
  const access = yield* Access
  const store = yield* LanguageSettingsStore
  const repositories = yield* RepositoryStore
  const analyses = yield* AnalysisStore

  /**
   * The languages of the default branch's latest analysis, else those read from the file names when
   * the repository was added: the repository's `languages`, as getRepositoryWithAnalysis shows them.
   */
  const detected = (repository: RepositoryRecord) =>
    Effect.gen(function*() {
      const main = (yield* repositories.listBranches(repository.id)).find((b) => b.isDefault)
      const latest = main === undefined
        ? undefined
        : (yield* analyses.latest([{ repositoryId: repository.id, branch: main.name }])).get(repository.id)
      return latest?.measures?.languages ?? repository.languages
    })

  /** getRepositoryLanguages */
  const languages = (caller: Caller, at: RepositoryCoordinates) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "read")
      const [stored, found] = yield* Effect.all([store.settings(repository.id), detected(repository)], { concurrency: "unbounded" })
      return repositoryLanguagesOf(stored, found)
    })

  const update = (caller: Caller, at: RepositoryCoordinates, updates: ReadonlyArray<LanguageUpdate>) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "write")
      const changes = yield* changesOf(yield* store.settings(repository.id), updates)
      yield* store.update(repository.id, changes)
    })

  /** patchRepositoryLanguageResponseSettings */
  const updateLanguages = (caller: Caller, at: RepositoryCoordinates, body: RepositoryLanguagesBody) =>
    update(caller, at, body.languages.map((language, i) => ({ field: `languages[${i}]`, ...language })))

  /** getFileExtensionsSettings */
  const fileExtensions = (caller: Caller, at: RepositoryCoordinates) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "read")
      return fileExtensionsOf(yield* store.settings(repository.id))
    })

  /** patchFileExtensionsSettings: the extensions of the languages named; whether they are analysed stays. */
  const updateFileExtensions = (caller: Caller, at: RepositoryCoordinates, body: FileExtensionsBody) =>
    update(caller, at, body.languagesExtensions.map((language, i) => ({ field: `languagesExtensions[${i}]`, ...language })))

  return withSpans("RepositoryLanguages", { languages, updateLanguages, fileExtensions, updateFileExtensions })
})

/**
 * A repository's language settings (the original API's language and file extension settings):
 * which languages are analysed and the extensions each adds.
 */
export class RepositoryLanguages extends Effect.Service<RepositoryLanguages>()("@tidemark/core/RepositoryLanguages", {
  effect: make,
  dependencies: [Access.Default]
}) {}
