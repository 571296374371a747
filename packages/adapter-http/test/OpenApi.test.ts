import { describe, expect, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { successSchemas } from "./fixtures/Bodies.js"
import * as Http from "./fixtures/Http.js"
import { OpenApiContract, roundTrip } from "./fixtures/OpenApiContract.js"
import { applyStandard, createStandard, eslint8, eslint9, paths, world } from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"

const organization = "/api/v3/analysis/organizations/{provider}/{remoteOrganizationName}"
const repository = `${organization}/repositories/{repositoryName}`
const filters = ["languages", "categories", "severityLevels", "tags", "search", "recommended", "matchesStack"]

interface SpecOperation {
  readonly name: string
  readonly method: "get" | "post" | "patch"
  readonly path: string
  readonly query: ReadonlyArray<string>
  readonly success: number
  /** The statuses the spec's Errors table lists for the operation. */
  readonly errors: ReadonlyArray<number>
}

/** The analysis API's operations as the spec's Endpoints and Errors tables give them. */
const specOperations: ReadonlyArray<SpecOperation> = [
  // No token needed; a token sent that fails is 401, as the spec lists.
  { name: "getVersion", method: "get", path: "/api/v3/version", query: [], success: 200, errors: [401, 422, 500] },
  {
    name: "listOrganizationRepositoriesWithAnalysis",
    method: "get",
    path: `${organization}/repositories`,
    query: ["cursor", "limit", "search", "repositories", "segments"],
    success: 200,
    errors: [400, 401, 404, 422, 500, 502]
  },
  {
    name: "searchOrganizationRepositoriesWithAnalysis",
    method: "post",
    path: `/api/v3/search/analysis/organizations/{provider}/{remoteOrganizationName}/repositories`,
    query: ["cursor", "limit"],
    success: 200,
    errors: [400, 401, 404, 422, 500, 502]
  },
  { name: "getRepositoryWithAnalysis", method: "get", path: repository, query: ["branch"], success: 200, errors: [400, 401, 404, 422, 500] },
  { name: "listRepositoryTools", method: "get", path: `${repository}/tools`, query: [], success: 200, errors: [400, 401, 404, 422, 500] },
  {
    name: "listRepositoryToolConflicts",
    method: "get",
    path: `${repository}/tools/conflicts`,
    query: [],
    success: 200,
    errors: [400, 401, 404, 422, 500]
  },
  {
    name: "configureTool",
    method: "patch",
    path: `${repository}/tools/{toolUuid}`,
    query: [],
    success: 204,
    errors: [400, 401, 404, 409, 422, 500]
  },
  {
    name: "listRepositoryToolPatterns",
    method: "get",
    path: `${repository}/tools/{toolUuid}/patterns`,
    query: [...filters, "enabled", "sort", "direction", "cursor", "limit"],
    success: 200,
    errors: [400, 401, 403, 404, 422, 500]
  },
  {
    name: "updateRepositoryToolPatterns",
    method: "patch",
    path: `${repository}/tools/{toolUuid}/patterns`,
    query: filters,
    success: 204,
    errors: [400, 401, 403, 404, 409, 422, 500]
  },
  { name: "getRepositoryToolPattern", method: "get", path: `${repository}/tools/{toolUuid}/patterns/{patternId}`, query: [], success: 200, errors: [] }
]

/** Just enough of an OpenAPI document to read it without `any`. */
const Parameter = Schema.Struct({ name: Schema.String, in: Schema.String, required: Schema.Boolean, schema: Schema.Unknown })
const Operation = Schema.Struct({
  operationId: Schema.String,
  parameters: Schema.Array(Parameter),
  security: Schema.Array(Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) })),
  responses: Schema.Record({
    key: Schema.String,
    value: Schema.Struct({
      content: Schema.optional(Schema.Struct({ "application/json": Schema.Struct({ schema: Schema.Unknown }) }))
    })
  })
})
const Document = Schema.Struct({
  openapi: Schema.String,
  info: Schema.Struct({ title: Schema.String, version: Schema.String }),
  paths: Schema.Record({ key: Schema.String, value: Schema.Record({ key: Schema.String, value: Operation }) }),
  components: Schema.Struct({
    schemas: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
    securitySchemes: Schema.Record({
      key: Schema.String,
      value: Schema.Struct({ type: Schema.String, name: Schema.String, in: Schema.String })
    })
  })
})
type Document = typeof Document.Type

const ComponentRef = Schema.Struct({ $ref: Schema.String.pipe(Schema.startsWith("#/components/schemas/")) })
const ErrorComponent = Schema.Struct({ required: Schema.Array(Schema.String), properties: Schema.Record({ key: Schema.String, value: Schema.Unknown }) })

const fetchDocument = (path: string) =>
  Effect.map(Http.get(path), (reply) => {
    expect(reply.status).toBe(200)
    expect(reply.contentType).toMatch(/^application\/json/)
    return Schema.decodeUnknownSync(Document)(reply.body)
  })

const operationIn = (document: Document, path: string, method: string) => {
  const operation = document.paths[path]?.[method]
  expect(operation, `${method.toUpperCase()} ${path}`).toBeDefined()
  return operation
}

/**
 * The error body an operation documents for `status`: a reference to a component that has the
 * fields `required` (so a client generated from the document reads what the server sends).
 */
const expectDocumentedError = (document: Document, path: string, method: string, status: string, required: ReadonlyArray<string>) => {
  const schema = document.paths[path]?.[method]?.responses[status]?.content?.["application/json"].schema
  const ref = Schema.decodeUnknownEither(ComponentRef)(schema)
  expect(ref._tag, `${method.toUpperCase()} ${path} ${status}: ${JSON.stringify(schema)}`).toBe("Right")
  if (ref._tag !== "Right") return
  const component = Schema.decodeUnknownSync(ErrorComponent)(document.components.schemas[ref.right.$ref.split("/").pop() ?? ""])
  for (const field of required) expect(component.required, `${method.toUpperCase()} ${path} ${status}`).toContain(field)
}

layer(testLayer, { excludeTestServices: true })("OpenAPI", (it) => {
  describe("analysis API document", () => {
    it.effect("is served at /api/v3/openapi.json with every operation of the spec at its path", () =>
      Effect.gen(function*() {
        const document = yield* fetchDocument("/api/v3/openapi.json")
        expect(document.openapi).toMatch(/^3\./)
        expect(document.info.version).toBe("3.1.0")
        // The spec's operations, the original API's issue, file, account and catalogue operations served
        // since (issue 13), our extension giving a file's source, and the quality settings (issue 14).
        const files = "/api/v3/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/files"
        const issueOperations = [
          `${repository}/issues/search`,
          `${repository}/issues/overview`,
          `${repository}/issues/{issueId}`,
          files,
          `${files}/{fileId}`,
          `${files}/{fileId}/issues`,
          `${files}/{fileId}/duplication`,
          `${files}/{fileId}/coverage`,
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/coverage/status",
          "/api/v3/user/organizations/{provider}",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/repositories",
          // getRepository and getUser (issue 27's setup).
          "/api/v3/user",
          `${repository}/category-overviews`,
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}",
          "/api/v3/tools",
          "/api/v3/tools/{toolUuid}/patterns",
          "/api/v3/tools/{toolUuid}/patterns/{patternId}",
          `${repository}/files/{fileId}/source`,
          ...["repository", "commits", "pull-requests"].flatMap((part) => {
            const settings = `/api/v3/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/settings/quality/${part}`
            return [settings, `${settings}/reset`]
          }),
          // Commits and pull requests (issue 14).
          "/api/v3/analysis/organizations/{provider}/{remoteOrganizationName}/pull-requests",
          `${repository}/pull-requests`,
          `${repository}/pull-requests/{pullRequestNumber}`,
          `${repository}/pull-requests/{pullRequestNumber}/issues`,
          `${repository}/commits`,
          `${repository}/commits/{commitUuid}`,
          `${repository}/commits/{commitUuid}/deltaStatistics`,
          `${repository}/commits/{srcCommitUuid}/deltaIssues`,
          `${repository}/pull-requests/{pullRequestNumber}/files`,
          `${repository}/pull-requests/{pullRequestNumber}/clones`,
          `${repository}/pull-requests/{pullRequestNumber}/commits`,
          `${repository}/pull-requests/{pullRequestNumber}/security-findings`,
          `${repository}/pull-requests/{pullRequestNumber}/coverage/status`,
          `${repository}/commits/{commitUuid}/files`,
          `${repository}/commits/{commitUuid}/clones`,
          "/api/v3/coverage/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/pull-requests/{pullRequestNumber}",
          "/api/v3/coverage/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/pull-requests/{pullRequestNumber}/files",
          "/api/v3/coverage/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/pull-requests/{pullRequestNumber}/diff",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/commits/{commitUuid}/diff",
          // A repository's languages and file extensions; the languages, duplication and metrics tools.
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/settings/languages",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/settings/file-extensions",
          "/api/v3/languages/tools",
          "/api/v3/duplicationTools",
          "/api/v3/metricsTools",
          // Our extension: a branch's grade and issue count over time (the dashboard's commit history).
          `${repository}/commits-history`,
          // Our extension: the readiness probe.
          "/api/v3/health",
          // Triage (issue 27).
          `${repository}/issues/bulk-ignore`,
          `${repository}/issues/{issueId}/false-positive/ignore`,
          `${repository}/ignoredIssues/search`,
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/file",
          // Setting organizations and repositories up (issue 27; deleteRepository shares getRepository's path).
          "/api/v3/organizations",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/join",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/follow",
          // Branches, reanalysing a commit, bypassing a pull request's gate (issue 27).
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/branches",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/branches/{branchName}",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/branches/{branchName}/setDefault",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/reanalyzeCommit",
          `${repository}/pull-requests/{pullRequestNumber}/bypass`,
          // Quick fixes as a patch (issue 27).
          `${repository}/issues/hasSuggestions`,
          `${repository}/issues/patch`,
          `${repository}/pull-requests/{pullRequestNumber}/issues/patch`,
          // Security and risk management (issue 28).
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/security/items",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/security/items/{srmItemId}/ignore",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/security/items/{srmItemId}/unignore",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/security/items/{srmItemId}",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/security/items/search",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/security/dashboard",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/security/dashboard/repositories/search",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/security/dashboard/history/search",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/security/dashboard/categories/search",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/security/repositories",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/security/categories",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/security/sla",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/sbom/dependencies/search",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/sbom/dependencies/repositories/search",
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/sbom/repositories/search",
          // Our extension: a repository's SBOM as CycloneDX.
          "/api/v3/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/sbom"
        ]
        expect(Object.keys(document.paths).sort()).toEqual([...new Set([...specOperations.map((o) => o.path), ...issueOperations])].sort())
        expect(document.components.securitySchemes["apiToken"]).toEqual({ type: "apiKey", name: "api-token", in: "header" })
        for (const spec of specOperations) {
          const operation = operationIn(document, spec.path, spec.method)
          if (operation === undefined) continue
          expect(operation.operationId).toBe(spec.name)
          const pathParameters = [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
          expect(operation.parameters.filter((p) => p.in === "path").map((p) => p.name)).toEqual(pathParameters)
          expect(operation.parameters.filter((p) => p.in === "path").every((p) => p.required)).toBe(true)
          expect(operation.parameters.filter((p) => p.in === "query").map((p) => p.name).sort(), spec.name).toEqual([...spec.query].sort())
          expect(operation.parameters.filter((p) => p.in === "query").some((p) => p.required)).toBe(false)
          const statuses = Object.keys(operation.responses).map(Number)
          expect(statuses, spec.name).toContain(spec.success)
          for (const status of spec.errors) expect(statuses, `${spec.name} documents ${status}`).toContain(status)
          // The token is optional where anonymous callers are answered (OpenAPI's empty requirement).
          const optional = spec.name === "getVersion" || spec.name === "listRepositoryTools"
          expect(operation.security, spec.name).toEqual(optional ? [{}, { apiToken: [] }] : [{ apiToken: [] }])
        }
      }))

    it.effect("documents every error response with the spec's error body, and no other body", () =>
      Effect.gen(function*() {
        const document = yield* fetchDocument("/api/v3/openapi.json")
        for (const spec of specOperations) {
          const operation = operationIn(document, spec.path, spec.method)
          for (const status of Object.keys(operation?.responses ?? {}).filter((s) => Number(s) >= 400)) {
            expectDocumentedError(document, spec.path, spec.method, status, ["error", "message", "actions"])
          }
        }
      }))

    it.effect("documents limit as an integer from 1 to 100", () =>
      Effect.gen(function*() {
        const document = yield* fetchDocument("/api/v3/openapi.json")
        for (const spec of specOperations.filter((o) => o.query.includes("limit"))) {
          const limit = operationIn(document, spec.path, spec.method)?.parameters.find((p) => p.name === "limit")
          expect(limit?.schema, spec.name).toMatchObject({ type: "integer", minimum: 1, maximum: 100 })
        }
      }))
  })

  describe("ingestion API document", () => {
    it.effect("is served at /v1/openapi.json with both operations and the metrics read API", () =>
      Effect.gen(function*() {
        const document = yield* fetchDocument("/v1/openapi.json")
        expect(document.info.version).toBe("0.1.0")
        expect(Object.keys(document.paths).sort()).toEqual([
          "/v1/ingestion/cli",
          "/v1/ingestion/{provider}",
          "/v1/metrics",
          "/v1/systems"
        ])
        expect(document.components.securitySchemes["apiKey"]).toEqual({ type: "apiKey", name: "api_key", in: "query" })
        const cli = operationIn(document, "/v1/ingestion/cli", "post")
        expect(cli?.operationId).toBe("pushAccelerateData")
        expect(Object.keys(cli?.responses ?? {})).toEqual(expect.arrayContaining(["204", "400", "401", "500"]))
        expect(cli?.parameters.map((p) => [p.name, p.required])).toEqual([["api_key", true], ["system", false]])
        expect(cli?.parameters[1]?.schema).toMatchObject({ maxLength: 256 })
        const push = operationIn(document, "/v1/ingestion/{provider}", "post")
        expect(push?.operationId).toBe("pushData")
        expect(Object.keys(push?.responses ?? {})).toEqual(expect.arrayContaining(["202", "400", "401", "500"]))
        const provider = push?.parameters.find((p) => p.name === "provider")
        expect(provider).toMatchObject({ in: "path", required: true })
        expect(provider?.schema).toMatchObject({ enum: ["github", "gitlab", "pagerduty", "jira"] })
      }))

    it.effect("documents every error response with the ApiError body", () =>
      Effect.gen(function*() {
        const document = yield* fetchDocument("/v1/openapi.json")
        for (const [path, method] of [["/v1/ingestion/cli", "post"], ["/v1/ingestion/{provider}", "post"], ["/v1/metrics", "get"], ["/v1/systems", "get"]] as const) {
          for (const status of Object.keys(operationIn(document, path, method)?.responses ?? {}).filter((s) => Number(s) >= 400)) {
            expectDocumentedError(document, path, method, status, ["message", "error"])
          }
        }
      }))
  })

  describe("responses against the document", () => {
    it.effect("every operation's success body validates against its documented schema and survives a decode/encode round trip", () =>
      Effect.gen(function*() {
        const contract = yield* OpenApiContract
        const w = yield* world({ names: ["app", "lib"], visibility: "Public" })
        const standard = yield* createStandard(w.org, "both eslints", {
          tools: [{ uuid: eslint8, patterns: [{ id: "ESLint8_eqeqeq", parameters: [{ name: "null", value: "ignore" }] }] }]
        })
        yield* applyStandard(w.org, standard.id, w.repo)
        const auth = { token: w.token }
        const replies = [
          yield* Http.get(paths.version),
          yield* Http.get(paths.repositories(w.org), { ...auth, query: { limit: "1" } }),
          yield* Http.post(paths.search(w.org), { ...auth, json: { names: ["app", "lib"] } }),
          yield* Http.get(paths.repository(w.org, w.repo), { ...auth, query: { branch: "feature" } }),
          yield* Http.get(paths.tools(w.org, w.repo)),
          yield* Http.get(paths.conflicts(w.org, w.repo), auth),
          yield* Http.get(paths.patterns(w.org, w.repo, eslint8), { ...auth, query: { limit: "3", sort: "severity" } }),
          yield* Http.get(paths.pattern(w.org, w.repo, eslint8, "ESLint8_eqeqeq"), auth),
          yield* Http.patch(paths.tool(w.org, "lib", eslint9), { ...auth, json: { enabled: false } }),
          yield* Http.patch(paths.patterns(w.org, "lib", eslint8), { ...auth, query: { categories: "Security" }, json: { enabled: true } })
        ]
        const seen = new Set<string>()
        for (const reply of replies) {
          expect(reply.status, reply.text.slice(0, 300)).toBeLessThan(300)
          const operation = contract.operationOf(reply.method, new URL(reply.url).pathname)
          expect(operation, reply.url).toBeDefined()
          if (operation === undefined) continue
          seen.add(operation.operationId)
          expect(contract.responseErrors(operation, reply.status, reply.body)).toEqual([])
          const schema = successSchemas[operation.operationId]
          if (reply.status !== 204 && schema !== undefined) expect(roundTrip(schema, reply.body)).toEqual(reply.body)
        }
        expect(seen.size).toBe(10)
        // Two ESLint versions enabled together: the conflicts body is not empty, so it was really checked.
        expect(replies[5]?.body).toEqual({ data: expect.arrayContaining([eslint8, eslint9]) })
      }))

    it.effect("the check is not vacuous: bodies that break the document are reported", () =>
      Effect.gen(function*() {
        const contract = yield* OpenApiContract
        const w = yield* world()
        const reply = yield* Http.get(paths.tools(w.org, w.repo), { token: w.token })
        const operation = contract.operationOf("GET", new URL(reply.url).pathname)
        expect(operation?.operationId).toBe("listRepositoryTools")
        if (operation === undefined) return
        expect(contract.responseErrors(operation, 200, reply.body)).toEqual([])
        expect(contract.responseErrors(operation, 200, { data: [{ uuid: eslint9 }] })).not.toEqual([])
        expect(contract.responseErrors(operation, 200, { data: [], extra: true })).not.toEqual([])
        expect(contract.responseErrors(operation, 200, { data: [{ uuid: 1, name: "x", isClientSide: false, settings: {} }] }))
          .not.toEqual([])
        expect(contract.responseErrors(operation, 201, reply.body)).not.toEqual([])
      }))
  })
})
