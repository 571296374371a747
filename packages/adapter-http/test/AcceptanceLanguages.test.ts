/**
 * Acceptance of the languages operations: a client generated from the original API's definition of
 * the languages, file extensions and tools (docs/spec/codacy-v3-languages-tools.interface.yaml, its
 * interface without prose; types by openapi-typescript, calls by openapi-fetch) calls the seven
 * languages operations and the catalogue's listPatterns against a running server, on each storage, and checks every answer against that
 * definition's schema; the served document declares each at the definition's method and path, with
 * its statuses and its security. The definition's other operations (the catalogue's and a
 * repository's tools and patterns) are tested with their own groups.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { readFileSync } from "node:fs"
import createClient from "openapi-fetch"
import { definitions, typesOf } from "../scripts/acceptance-client.mjs"
import { acceptanceDefinition } from "./fixtures/AcceptanceDefinition.js"
import type { paths } from "./fixtures/CodacyLanguagesToolsApi.js"
import * as Http from "./fixtures/Http.js"
import { eslint9, issueToken, world } from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"
import { TestServer } from "./fixtures/TestServer.js"

const { interfacePath, typesPath } = definitions["languages-tools"]
const interfaceText = readFileSync(interfacePath, "utf8")
const { called, checked, operations } = acceptanceDefinition(interfaceText)

const languageOperations = [
  "getRepositoryLanguages",
  "patchRepositoryLanguageResponseSettings",
  "getFileExtensionsSettings",
  "patchFileExtensionsSettings",
  "listLanguagesWithTools",
  "listDuplicationTools",
  "listMetricsTools",
  // The catalogue's patterns of a tool, which the catalogue group's tests cover further (Account.test.ts).
  "listPatterns"
]

const settings = "/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/settings"

/** Just what is read of an operation of either document. */
const Operation = Schema.Struct({
  operationId: Schema.String,
  responses: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  security: Schema.optional(Schema.Array(Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) }))),
  deprecated: Schema.optional(Schema.Boolean)
})
const Document = Schema.Struct({ paths: Schema.Record({ key: Schema.String, value: Schema.Record({ key: Schema.String, value: Schema.Unknown }) }) })

layer(testLayer, { excludeTestServices: true })("acceptance client of the languages", (it) => {
  it("is what openapi-typescript generates from the committed interface", async () => {
    expect(readFileSync(typesPath, "utf8")).toBe(await typesOf(interfaceText))
  })

  it.effect("the served document has each operation at the definition's method and path, with its statuses, security and deprecation", () =>
    Effect.gen(function*() {
      const reply = yield* Http.get("/api/v3/openapi.json")
      const served = Schema.decodeUnknownSync(Document)(reply.body)
      for (const name of languageOperations) {
        const spec = operations.get(name)
        expect(spec, name).toBeDefined()
        if (spec === undefined) continue
        const original = Schema.decodeUnknownSync(Operation)(spec.operation)
        const ours = Schema.decodeUnknownSync(Operation)(served.paths[`/api/v3${spec.template}`]?.[spec.method])
        expect(ours.operationId).toBe(name)
        expect(Object.keys(ours.responses).sort(), name).toEqual(Object.keys(original.responses).sort())
        // `security: []`: open to anyone; otherwise the api-token.
        expect(ours.security, name).toEqual(original.security === undefined ? [{ apiToken: [] }] : [])
        expect(ours.deprecated === true, name).toBe(original.deprecated === true)
      }
    }))

  describe("every languages operation of the definition", () => {
    it.effect("answers as the definition says", () =>
      Effect.gen(function*() {
        const w = yield* world({ prefix: "acceptance" })
        const { baseUrl } = yield* TestServer
        const client = createClient<paths>({ baseUrl: `${baseUrl}/api/v3`, headers: { "api-token": w.token } })
        const call = <T>(run: () => Promise<T>) => Effect.promise(run)
        const path = { provider: w.org.provider, remoteOrganizationName: w.org.name, repositoryName: w.repo }
        const params = { params: { path } }

        const languages = checked("getRepositoryLanguages", 200, yield* call(() => client.GET(`${settings}/languages`, params)))
        expect(languages.languages.find((l) => l.name === "TypeScript")).toMatchObject({ enabled: true, detected: true })
        checked("patchRepositoryLanguageResponseSettings", 204, yield* call(() =>
          client.PATCH(`${settings}/languages`, { ...params, body: { languages: [{ name: "Go", enabled: false, extensions: [".gotmpl"] }] } })))
        const extensions = checked("getFileExtensionsSettings", 200, yield* call(() => client.GET(`${settings}/file-extensions`, params)))
        expect(extensions.languagesExtensions.find((l) => l.name === "Go")).toEqual({ name: "Go", codacyDefaults: [".go"], extensions: [".go", ".gotmpl"] })
        checked("patchFileExtensionsSettings", 204, yield* call(() =>
          client.PATCH(`${settings}/file-extensions`, { ...params, body: { languagesExtensions: [{ name: "Go", extensions: [] }] } })))
        const after = checked("getRepositoryLanguages", 200, yield* call(() => client.GET(`${settings}/languages`, params)))
        expect(after.languages.find((l) => l.name === "Go")).toMatchObject({ enabled: false, extensions: [".go"] })

        const anonymous = createClient<paths>({ baseUrl: `${baseUrl}/api/v3` })
        const listed = checked("listLanguagesWithTools", 200, yield* call(() => anonymous.GET("/languages/tools")))
        expect(listed.data.find((l) => l.name === "Python")).toEqual({ name: "Python", fileExtensions: [".py"], files: [] })
        const duplication = checked("listDuplicationTools", 200, yield* call(() => anonymous.GET("/duplicationTools")))
        expect(duplication.data).toHaveLength(1)
        const metrics = checked("listMetricsTools", 200, yield* call(() => anonymous.GET("/metricsTools")))
        expect(metrics.data).toHaveLength(2)
        const patterns = checked("listPatterns", 200, yield* call(() =>
          anonymous.GET("/tools/{toolUuid}/patterns", { params: { path: { toolUuid: eslint9 }, query: { limit: 3, enabled: true } } })))
        expect(patterns.data.map((p) => [p.enabled, p.id.startsWith("ESLint9_")])).toEqual([[true, true], [true, true], [true, true]])
        expect(patterns.pagination?.cursor).toBeDefined()

        // Errors with the bodies the definition gives.
        checked("patchRepositoryLanguageResponseSettings", 400, yield* call(() =>
          client.PATCH(`${settings}/languages`, { ...params, body: { languages: [{ name: "Klingon" }] } })))
        checked("patchFileExtensionsSettings", 409, yield* call(() =>
          client.PATCH(`${settings}/file-extensions`, { ...params, body: { languagesExtensions: [{ name: "CSS", extensions: [".html"] }] } })))
        checked("getFileExtensionsSettings", 404, yield* call(() =>
          client.GET(`${settings}/file-extensions`, { params: { path: { ...path, repositoryName: "missing" } } })))
        checked("listPatterns", 404, yield* call(() =>
          anonymous.GET("/tools/{toolUuid}/patterns", { params: { path: { toolUuid: "00000000-0000-0000-0000-000000000000" } } })))
        checked("listPatterns", 400, yield* call(() =>
          anonymous.GET("/tools/{toolUuid}/patterns", { params: { path: { toolUuid: eslint9 }, query: { limit: 0 } } })))
        checked("getRepositoryLanguages", 401, yield* call(() => anonymous.GET(`${settings}/languages`, params)))
        const reader = createClient<paths>({ baseUrl: `${baseUrl}/api/v3`, headers: { "api-token": yield* issueToken(w.org, "read") } })
        checked("patchRepositoryLanguageResponseSettings", 403, yield* call(() =>
          reader.PATCH(`${settings}/languages`, { ...params, body: { languages: [] } })))

        expect([...called].sort()).toEqual([...languageOperations].sort())
      }))
  })
})
