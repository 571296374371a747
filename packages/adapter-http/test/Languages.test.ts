import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { DuplicationToolList, FileExtensionsBody, LanguageList, MetricsToolList, RepositoryLanguagesBody } from "./fixtures/Bodies.js"
import * as Http from "./fixtures/Http.js"
import { issueToken, newOrganization, type Organization, world } from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"

/**
 * The original API's language settings of a repository (languages, and the deprecated file
 * extensions), and the languages, duplication and metrics tools Tidemark analyses with.
 */

const settingsOf = (org: Organization, repository: string, part: "languages" | "file-extensions") =>
  `/api/v3/organizations/${org.provider}/${encodeURIComponent(org.name)}/repositories/${encodeURIComponent(repository)}/settings/${part}`

const languagesOf = (org: Organization, repository: string, token: string) =>
  Effect.map(Http.get(settingsOf(org, repository, "languages"), { token }), (reply) => Http.expectBody(reply, 200, RepositoryLanguagesBody).languages)
const extensionsOf = (org: Organization, repository: string, token: string) =>
  Effect.map(Http.get(settingsOf(org, repository, "file-extensions"), { token }), (reply) => Http.expectBody(reply, 200, FileExtensionsBody).languagesExtensions)

const named = <A extends { readonly name: string }>(items: ReadonlyArray<A>, name: string) => items.find((item) => item.name === name)

layer(testLayer, { excludeTestServices: true })("languages", (it) => {
  describe("a repository's languages", () => {
    it.effect("every language Tidemark analyses, enabled, with its own extensions; detected: those of the repository's files; marked experimental", () =>
      Effect.gen(function*() {
        const w = yield* world({ permission: "read" })
        const reply = yield* Http.get(settingsOf(w.org, w.repo, "languages"), { token: w.token })
        const { languages } = Http.expectBody(reply, 200, RepositoryLanguagesBody)
        expect(reply.headers["x-maturity"]).toBe("experimental")
        expect(languages.map((l) => l.name)).toEqual(["C", "CPP", "CSS", "Go", "HTML", "Java", "JavaScript", "JSON", "LESS", "Markdown", "PHP", "Python", "Ruby", "SCSS", "Shell", "TypeScript", "YAML"])
        expect(named(languages, "TypeScript")).toEqual({
          name: "TypeScript",
          codacyDefaults: [".ts", ".mts", ".cts", ".tsx"],
          extensions: [".ts", ".mts", ".cts", ".tsx"],
          defaultFiles: [],
          enabled: true,
          detected: true
        })
        // The sample repository: a README, JavaScript and TypeScript files.
        expect(languages.filter((l) => l.detected).map((l) => l.name)).toEqual(["JavaScript", "Markdown", "TypeScript"])
        expect(languages.every((l) => l.enabled)).toBe(true)
      }))

    it.effect("PATCH answers 204 and changes what each language gives; the file extensions read the same settings", () =>
      Effect.gen(function*() {
        const w = yield* world({ names: ["app", "lib"] })
        const patched = yield* Http.patch(settingsOf(w.org, w.repo, "languages"), {
          token: w.token,
          json: { languages: [{ name: "Python", enabled: false }, { name: "javascript", extensions: [".es6", ".js"] }, { name: "Go" }] }
        })
        Http.expectNoContent(patched)
        expect(patched.headers["x-maturity"]).toBe("experimental")
        const languages = yield* languagesOf(w.org, w.repo, w.token)
        expect(named(languages, "Python")).toMatchObject({ enabled: false, extensions: [".py"] })
        expect(named(languages, "JavaScript")).toMatchObject({ enabled: true, codacyDefaults: [".js", ".mjs", ".cjs"], extensions: [".js", ".mjs", ".cjs", ".es6"] })
        expect(named(yield* extensionsOf(w.org, w.repo, w.token), "JavaScript"))
          .toEqual({ name: "JavaScript", codacyDefaults: [".js", ".mjs", ".cjs"], extensions: [".js", ".mjs", ".cjs", ".es6"] })

        Http.expectNoContent(yield* Http.patch(settingsOf(w.org, w.repo, "file-extensions"), {
          token: w.token,
          json: { languagesExtensions: [{ name: "JavaScript", extensions: [] }, { name: "Python", extensions: [".pyw"] }] }
        }))
        const after = yield* languagesOf(w.org, w.repo, w.token)
        expect(named(after, "JavaScript")?.extensions).toEqual([".js", ".mjs", ".cjs"])
        // The extensions changed; whether Python is analysed did not.
        expect(named(after, "Python")).toMatchObject({ enabled: false, extensions: [".py", ".pyw"] })
        // Another repository of the organization keeps its own settings.
        expect(named(yield* languagesOf(w.org, "lib", w.token), "Python")).toMatchObject({ enabled: true, extensions: [".py"] })
      }))

    it.effect("every operation needs a token of the organization (401), a repository that is there (404); changes need write (403)", () =>
      Effect.gen(function*() {
        const w = yield* world({ visibility: "Public" })
        const reader = yield* issueToken(w.org, "read")
        const stranger = yield* issueToken(newOrganization(), "admin")
        const change = { languages: [{ name: "Go", enabled: false }] }
        const extensions = { languagesExtensions: [{ name: "Go", extensions: [".tpl"] }] }
        const as = (token: string | undefined) => (token === undefined ? {} : { token })
        const getLanguages = (token: string | undefined, repository = w.repo) => Http.get(settingsOf(w.org, repository, "languages"), as(token))
        const patchLanguages = (token: string | undefined, repository = w.repo) =>
          Http.patch(settingsOf(w.org, repository, "languages"), { ...as(token), json: change })
        const getExtensions = (token: string | undefined, repository = w.repo) => Http.get(settingsOf(w.org, repository, "file-extensions"), as(token))
        const patchExtensions = (token: string | undefined, repository = w.repo) =>
          Http.patch(settingsOf(w.org, repository, "file-extensions"), { ...as(token), json: extensions })
        for (const operation of [getLanguages, patchLanguages, getExtensions, patchExtensions]) {
          expect(yield* Http.expectError(yield* operation(undefined), "Unauthorized")).toContain("api-token")
          yield* Http.expectError(yield* operation(stranger), "Unauthorized")
          yield* Http.expectError(yield* operation(w.token, "missing"), "NotFound")
        }
        expect(yield* Http.expectError(yield* patchLanguages(reader), "Forbidden")).toContain("write")
        yield* Http.expectError(yield* patchExtensions(reader), "Forbidden")
        expect(named(yield* languagesOf(w.org, w.repo, reader), "Go")).toMatchObject({ enabled: true, extensions: [".go"] })
      }))

    it.effect("a body that is not one, an unknown or repeated language, an extension with a space: 400; an extension two languages would claim: 409", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const patch = (part: "languages" | "file-extensions", json: unknown) => Http.patch(settingsOf(w.org, w.repo, part), { token: w.token, json })
        for (const json of [{}, { languages: {} }, { languages: [{ enabled: true }] }, { languages: [{ name: "Go", enabled: "yes" }] }, { languages: [{ name: "Go", extensions: ["a b"] }] }]) {
          yield* Http.expectError(yield* patch("languages", json), "BadRequest")
        }
        for (const json of [{ languages: [] }, { languagesExtensions: [{ name: "Go" }] }, { languagesExtensions: [{ name: "Go", extensions: [".a/b"] }] }]) {
          yield* Http.expectError(yield* patch("file-extensions", json), "BadRequest")
        }
        expect(yield* Http.expectError(yield* patch("languages", { languages: [{ name: "Cobol", enabled: false }] }), "BadRequest")).toContain("Cobol")
        yield* Http.expectError(yield* patch("file-extensions", { languagesExtensions: [{ name: "Go", extensions: [] }, { name: "GO", extensions: [] }] }), "BadRequest")
        expect(yield* Http.expectError(yield* patch("languages", { languages: [{ name: "JavaScript", extensions: [".tsx"] }] }), "Conflict")).toContain("TypeScript")
        Http.expectNoContent(yield* patch("languages", { languages: [{ name: "HTML", extensions: [".tpl"] }] }))
        yield* Http.expectError(yield* patch("file-extensions", { languagesExtensions: [{ name: "Go", extensions: [".tpl"] }] }), "Conflict")
        // Nothing refused was stored.
        const languages = yield* languagesOf(w.org, w.repo, w.token)
        expect(languages.filter((l) => l.extensions.length > l.codacyDefaults.length || !l.enabled).map((l) => [l.name, l.extensions])).toEqual([
          ["HTML", [".html", ".htm", ".tpl"]]
        ])
      }))
  })

  describe("the languages and tools, open to anyone", () => {
    it.effect("listLanguagesWithTools: every language some tool analyses, with its extensions", () =>
      Effect.gen(function*() {
        const reply = yield* Http.get("/api/v3/languages/tools")
        const { data } = Http.expectBody(reply, 200, LanguageList)
        expect(data.map((l) => l.name)).toEqual(["C", "CPP", "CSS", "Go", "HTML", "Java", "JavaScript", "JSON", "LESS", "Markdown", "PHP", "Python", "Ruby", "SCSS", "Shell", "TypeScript", "YAML"])
        expect(named(data, "Shell")).toEqual({ name: "Shell", fileExtensions: [".sh"], files: [] })
        // Stylelint's, Cppcheck's, RuboCop's and PHP_CodeSniffer's languages as the analysis measures them.
        expect(named(data, "SCSS")).toEqual({ name: "SCSS", fileExtensions: [".scss"], files: [] })
        expect(named(data, "LESS")).toEqual({ name: "LESS", fileExtensions: [".less"], files: [] })
        // Headers are neither's (cloc's C/C++ Header, measured apart).
        expect(named(data, "C")).toEqual({ name: "C", fileExtensions: [".c"], files: [] })
        expect(named(data, "CPP")).toEqual({ name: "CPP", fileExtensions: [".cc", ".cpp", ".cxx", ".c++", ".ipp", ".tpp", ".inl"], files: [] })
        expect(named(data, "Ruby")).toEqual({
          name: "Ruby",
          fileExtensions: [".rb", ".rake", ".gemspec", ".ru", ".rbw", ".rbx", ".podspec", ".thor", ".jbuilder"],
          files: ["Rakefile", "Gemfile"]
        })
      }))

    it.effect("listDuplicationTools and listMetricsTools: jscpd for every language it reads whole; lines for every language, complexity for five", () =>
      Effect.gen(function*() {
        const every = ["C", "CPP", "CSS", "Go", "HTML", "Java", "JavaScript", "JSON", "LESS", "Markdown", "PHP", "Python", "Ruby", "SCSS", "Shell", "TypeScript", "YAML"]
        const duplication = Http.expectBody(yield* Http.get("/api/v3/duplicationTools"), 200, DuplicationToolList)
        expect(duplication).toEqual({ data: [{ dockerImage: "", languages: every.filter((l) => !["CPP", "PHP", "Ruby"].includes(l)) }] })
        const metrics = Http.expectBody(yield* Http.get("/api/v3/metricsTools"), 200, MetricsToolList)
        expect(metrics).toEqual({ data: [{ dockerImage: "", languages: every }, { dockerImage: "", languages: ["Go", "Java", "JavaScript", "Python", "TypeScript"] }] })
      }))
  })
})
