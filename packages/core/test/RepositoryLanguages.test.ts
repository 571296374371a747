import { describe, expect, it } from "@effect/vitest"
import { CommitAnalysis, Errors, LanguageDefinitions, LanguageSettings, LanguageSettingsStore, RepositoryLanguages } from "@tidemark/core"
import { Effect, Option } from "effect"
import { mainHead } from "./fixtures/FakeGitReader.js"
import * as Stored from "./fixtures/StoredCommitAnalyses.js"
import { addRepository, anonymous, callerWith, repo, withServices } from "./fixtures/TestLayer.js"

const app = repo("app")

const body = (languages: ReadonlyArray<ConstructorParameters<typeof LanguageSettings.RepositoryLanguageUpdate>[0]>) =>
  LanguageSettings.RepositoryLanguagesBody.make({ languages: languages.map((l) => LanguageSettings.RepositoryLanguageUpdate.make(l)) })

const extensionsBody = (languages: ReadonlyArray<{ readonly name: string; readonly extensions: ReadonlyArray<string> }>) =>
  LanguageSettings.FileExtensionsBody.make({ languagesExtensions: languages.map((l) => LanguageSettings.FileExtensionsUpdate.make(l)) })

const byName = <A extends { readonly name: string }>(items: ReadonlyArray<A>) => new Map(items.map((item) => [item.name, item]))

describe("RepositoryLanguages", () => {
  it.effect("a repository never configured: every language the analysis knows, enabled, with its own extensions, detected from the file names read when it was added", () =>
    withServices(
      Effect.gen(function*() {
        const service = yield* RepositoryLanguages.RepositoryLanguages
        yield* addRepository("app")
        const languages = yield* service.languages(yield* callerWith("read"), app)
        expect(languages.map((l) => l.name)).toStrictEqual(LanguageDefinitions.languageDefinitions.map((d) => d.name))
        for (const language of languages) {
          const definition = Option.getOrThrow(LanguageDefinitions.findLanguage(language.name))
          expect(language.codacyDefaults).toStrictEqual(definition.extensions)
          expect(language.extensions).toStrictEqual(definition.extensions)
          expect(language.enabled).toBe(true)
        }
        // The fake repository holds TypeScript, JSON, JavaScript and Markdown files.
        expect(languages.filter((l) => l.detected).map((l) => l.name).sort()).toStrictEqual(["JSON", "JavaScript", "Markdown", "TypeScript"])
      })
    ))

  it.effect("once the default branch is analysed, detected follows its latest analysis, whose measures name languages as cloc does", () =>
    withServices(
      Effect.gen(function*() {
        const service = yield* RepositoryLanguages.RepositoryLanguages
        const { id } = yield* Stored.addedRecord("app")
        const measures = CommitAnalysis.AnalysisMeasures.make({ ...Stored.measuresWith(0), languages: ["Python", "Bourne Shell"] })
        yield* Stored.saveAnalysis(id, "main", yield* Stored.storedCommit(id, mainHead.sha), 20, { measures })
        // Another branch's analysis does not count.
        yield* Stored.saveAnalysis(id, "develop", Stored.commitNamed("d1", 4), 40, { measures: Stored.measuresWith(0) })
        const languages = yield* service.languages(yield* callerWith("read"), app)
        expect(languages.filter((l) => l.detected).map((l) => l.name)).toStrictEqual(["Python", "Shell"])
      })
    ))

  it.effect("a change sets what it gives and keeps the rest; a language's own extensions and repeats are not added twice", () =>
    withServices(
      Effect.gen(function*() {
        const service = yield* RepositoryLanguages.RepositoryLanguages
        yield* addRepository("app")
        const writer = yield* callerWith("write")
        yield* service.updateLanguages(writer, app, body([
          { name: "python", enabled: false },
          { name: "JavaScript", extensions: [".es6", ".JS", ".es6", "-js.resource"] }
        ]))
        yield* service.updateLanguages(writer, app, body([{ name: "Python", extensions: [".pyw"] }]))
        const languages = byName(yield* service.languages(writer, app))
        expect(languages.get("Python")).toMatchObject({ enabled: false, extensions: [".py", ".pyw"] })
        expect(languages.get("JavaScript")).toMatchObject({ enabled: true, extensions: [".js", ".mjs", ".cjs", ".es6", "-js.resource"] })

        // The deprecated operation replaces a language's added extensions and leaves `enabled` alone.
        yield* service.updateFileExtensions(writer, app, extensionsBody([{ name: "Python", extensions: [".pyi"] }, { name: "JavaScript", extensions: [] }]))
        const extensions = byName(yield* service.fileExtensions(writer, app))
        expect(extensions.get("Python")).toStrictEqual(LanguageSettings.FileExtensions.make({ name: "Python", codacyDefaults: [".py"], extensions: [".py", ".pyi"] }))
        expect(extensions.get("JavaScript")?.extensions).toStrictEqual([".js", ".mjs", ".cjs"])
        expect(byName(yield* service.languages(writer, app)).get("Python")?.enabled).toBe(false)
      })
    ))

  it.effect("an unknown or repeated language and an extension two languages would claim are refused, and nothing is stored", () =>
    withServices(
      Effect.gen(function*() {
        const service = yield* RepositoryLanguages.RepositoryLanguages
        const { id } = yield* Stored.addedRecord("app")
        const writer = yield* callerWith("write")
        const unknown = yield* Effect.flip(service.updateLanguages(writer, app, body([{ name: "Go", enabled: false }, { name: "Cobol", enabled: false }])))
        expect(unknown).toBeInstanceOf(Errors.InvalidInput)
        expect(unknown).toMatchObject({ field: "languages[1].name" })
        const repeated = yield* Effect.flip(service.updateFileExtensions(writer, app, extensionsBody([{ name: "Go", extensions: [] }, { name: "go", extensions: [] }])))
        expect(repeated).toMatchObject({ _tag: "InvalidInput", field: "languagesExtensions[1].name" })
        // Another language's own extension, then one added to two languages (in one change or in two).
        for (const languages of [[{ name: "JavaScript", extensions: [".TS"] }], [{ name: "Go", extensions: [".tpl"] }, { name: "HTML", extensions: [".tpl"] }]]) {
          expect(yield* Effect.flip(service.updateLanguages(writer, app, body(languages)))).toBeInstanceOf(Errors.ConfigurationConflict)
        }
        yield* service.updateLanguages(writer, app, body([{ name: "Go", extensions: [".tpl"] }]))
        const conflict = yield* Effect.flip(service.updateLanguages(writer, app, body([{ name: "HTML", extensions: [".TPL"], enabled: false }])))
        expect(conflict.message).toContain("Go")
        const stored = yield* Effect.flatMap(LanguageSettingsStore.LanguageSettingsStore, (store) => store.settings(id))
        expect(stored).toStrictEqual([LanguageSettings.LanguageSetting.make({ language: "Go", enabled: true, extensions: [".tpl"] })])
      })
    ))

  it.effect("reading needs a token of the organization; changing needs one that may write", () =>
    withServices(
      Effect.gen(function*() {
        const service = yield* RepositoryLanguages.RepositoryLanguages
        yield* addRepository("app", { visibility: "Public" })
        const reader = yield* callerWith("read")
        const change = body([{ name: "Go", enabled: false }])
        expect(yield* Effect.flip(service.languages(anonymous, app))).toBeInstanceOf(Errors.Unauthenticated)
        expect(yield* Effect.flip(service.fileExtensions(yield* callerWith("read", "globex"), app))).toBeInstanceOf(Errors.Unauthenticated)
        expect(yield* Effect.flip(service.updateLanguages(reader, app, change))).toBeInstanceOf(Errors.PermissionDenied)
        expect(yield* Effect.flip(service.updateFileExtensions(reader, app, extensionsBody([])))).toBeInstanceOf(Errors.PermissionDenied)
        expect(yield* Effect.flip(service.languages(reader, repo("missing")))).toStrictEqual(new Errors.NotFound({ what: "repository", id: "missing" }))
      })
    ))
})
