import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import * as Http from "./fixtures/Http.js"
import { paths, world } from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"

/**
 * Both served OpenAPI documents against the interface specification itself
 * (docs/spec/interface-spec.md), read mechanically from its Endpoints and Errors tables: every
 * operation at its method and path under its plain name, its success status, every status the spec
 * lists for it, and the ingestion API's required query parameters.
 */

const specText = readFileSync(fileURLToPath(new URL("../../../docs/spec/interface-spec.md", import.meta.url)), "utf8")

interface SpecOperation {
  readonly api: "analysis" | "ingestion"
  readonly name: string
  readonly method: string
  /** Relative to the API's base, with `{parameter}` segments. */
  readonly path: string
  readonly success: number | undefined
  readonly input: string
}

/** The rows of the Markdown table that follows `heading` (up to the next heading). */
const tableRows = (heading: string): ReadonlyArray<ReadonlyArray<string>> => {
  const start = specText.indexOf(`\n${heading}\n`)
  expect(start, heading).toBeGreaterThan(0)
  const lines = specText.slice(start + heading.length + 2).split("\n")
  const first = lines.findIndex((line) => line.startsWith("|"))
  const end = lines.findIndex((line, i) => i > first && !line.startsWith("|"))
  return lines.slice(first, end < 0 ? undefined : end)
    .filter((line) => !/^\|[-| ]+\|$/.test(line))
    .slice(1)
    .map((line) => line.slice(1, -1).split(" | ").map((cell) => cell.trim()))
}

/** A path written `.../x/...` continues an earlier row's path at its segment `/x`. */
const expand = (path: string, earlier: ReadonlyArray<string>): string => {
  if (!path.startsWith(".../")) return path
  const rest = path.slice(3)
  const head = `/${rest.split("/")[1] ?? ""}/`
  const base = earlier.find((p) => p.includes(head.slice(0, -1)))
  expect(base, path).toBeDefined()
  return `${(base ?? "").slice(0, (base ?? "").indexOf(head.slice(0, -1)))}${rest}`
}

const operationsOf = (api: SpecOperation["api"], heading: string): ReadonlyArray<SpecOperation> => {
  const known: Array<string> = []
  return tableRows(heading).map(([name = "", methodAndPath = "", input = "", success = ""]) => {
    const [, method = "", written = ""] = /^(GET|POST|PATCH|PUT|DELETE) `([^`]+)`$/.exec(methodAndPath) ?? []
    const path = expand(written, known)
    known.unshift(path)
    const status = /^(\d{3})\b/.exec(success)?.[1]
    return { api, name, method: method.toLowerCase(), path, success: status === undefined ? undefined : Number(status), input }
  })
}

const analysisOperations = operationsOf("analysis", "### Analysis API")
const ingestionOperations = operationsOf("ingestion", "### Ingestion API")

/** The statuses besides success the spec's Errors section lists per operation. */
const specErrors = (operation: SpecOperation): ReadonlyArray<number> => {
  if (operation.api === "ingestion") {
    const line = specText.split("\n").find((l) => l.startsWith("Ingestion API: ")) ?? ""
    return [...line.matchAll(/\b(\d{3}) \(/g)].map((m) => Number(m[1]))
  }
  const row = tableRows("## Errors").find(([name]) => name === operation.name)
  return [...(row?.[1] ?? "").matchAll(/\b\d{3}\b/g)].map((m) => Number(m[0]))
}

type Json = Record<string, unknown>
const isRecord = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)
const field = (u: unknown, ...keys: ReadonlyArray<string>): unknown =>
  keys.reduce<unknown>((at, key) => (isRecord(at) ? at[key] : undefined), u)

const documentOf = (api: SpecOperation["api"]) =>
  Effect.map(Http.get(api === "analysis" ? "/api/v3/openapi.json" : "/v1/openapi.json"), (reply) => {
    expect(reply.status).toBe(200)
    return reply.body
  })

const base = { analysis: "/api/v3", ingestion: "/v1" } as const

layer(testLayer, { excludeTestServices: true })("the served documents against the interface specification", (it) => {
  it("reads every operation of both APIs from the specification", () => {
    expect(analysisOperations.map((o) => o.name)).toHaveLength(10)
    expect(ingestionOperations.map((o) => [o.name, o.method, o.path])).toEqual([
      ["pushAccelerateData", "post", "/ingestion/cli"],
      ["pushData", "post", "/ingestion/{provider}"]
    ])
    expect(analysisOperations.find((o) => o.name === "getRepositoryToolPattern")?.path)
      .toBe("/analysis/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/tools/{toolUuid}/patterns/{patternId}")
  })

  it.effect("serves every operation at its method and path, under the spec's plain operationId, with every status the spec lists", () =>
    Effect.gen(function*() {
      for (const operation of [...analysisOperations, ...ingestionOperations]) {
        const document = yield* documentOf(operation.api)
        const served = field(document, "paths", `${base[operation.api]}${operation.path}`, operation.method)
        expect(served, `${operation.method.toUpperCase()} ${operation.path}`).toBeDefined()
        expect(field(served, "operationId")).toBe(operation.name)
        const statuses = Object.keys(field(served, "responses") ?? {}).map(Number)
        if (operation.success !== undefined) expect(statuses, operation.name).toContain(operation.success)
        for (const status of specErrors(operation)) expect(statuses, `${operation.name} documents ${status}`).toContain(status)
      }
    }))

  it.effect("declares the query parameters the spec marks required as required, with their limits", () =>
    Effect.gen(function*() {
      const document = yield* documentOf("ingestion")
      for (const operation of ingestionOperations) {
        const parameters = field(document, "paths", `/v1${operation.path}`, operation.method, "parameters")
        const list = Array.isArray(parameters) ? parameters.filter(isRecord) : []
        for (const [, name = "", rule = ""] of operation.input.matchAll(/`(\w+)` \(([^)]*)\)/g)) {
          const declared = list.find((p) => p.name === name)
          expect(declared, `${operation.name} ${name}`).toBeDefined()
          expect(declared?.required === true, `${operation.name} ${name} required`).toBe(rule.includes("required"))
          const limit = /at most (\d+) characters/.exec(rule)?.[1]
          if (limit !== undefined) expect(field(declared, "schema", "maxLength")).toBe(Number(limit))
        }
      }
    }))

  it.effect("types the fields as the specification does: booleans, date-times, bounded ids, the event union by $type", () =>
    Effect.gen(function*() {
      const analysis = yield* documentOf("analysis")
      const patterns = field(analysis, "paths", `/api/v3${analysisOperations.find((o) => o.name === "listRepositoryToolPatterns")?.path ?? ""}`, "get", "parameters")
      const byName = new Map((Array.isArray(patterns) ? patterns.filter(isRecord) : []).map((p) => [p.name, p.schema]))
      for (const name of ["enabled", "recommended", "matchesStack"]) expect(byName.get(name), name).toEqual({ type: "boolean" })
      // Every field the spec's tables type as date-time.
      const dateTimes = specText.split("\n### ").slice(1).flatMap((section) => {
        const resource = /^\w+/.exec(section)?.[0] ?? ""
        return [...section.matchAll(/^\| (\w+) \| date-time \|/gm)].map((row) => [resource, row[1] ?? ""] as const)
      })
      expect(dateTimes.length).toBeGreaterThanOrEqual(8)
      for (const [resource, name] of dateTimes) {
        expect(field(analysis, "components", "schemas", resource, "properties", name), `${resource}.${name}`)
          .toMatchObject({ type: "string", format: "date-time" })
      }

      const ingestion = yield* documentOf("ingestion")
      const body = field(ingestion, "paths", "/v1/ingestion/cli", "post", "requestBody", "content", "application/json", "schema")
      expect(field(body, "discriminator")).toEqual({
        propertyName: "$type",
        mapping: {
          deployment: "#/components/schemas/Deployment",
          change: "#/components/schemas/Change",
          incident: "#/components/schemas/Incident"
        }
      })
      for (const [event, id] of [["Deployment", "deploy_id"], ["Change", "change_id"], ["Incident", "incident_id"]] as const) {
        expect(field(ingestion, "components", "schemas", event, "properties", id), id).toMatchObject({ type: "string", maxLength: 40 })
        expect(field(ingestion, "components", "schemas", event, "properties", "time_created")).toMatchObject({ format: "date-time" })
      }
      expect(field(ingestion, "components", "schemas", "Deployment", "properties", "changes", "maxItems")).toBe(40)
    }))

  it.effect("answers a missing token with 401 before reading the rest of the request", () =>
    Effect.gen(function*() {
      const w = yield* world()
      for (const reply of [
        yield* Http.get(paths.repositories(w.org), { query: { limit: "0" } }),
        yield* Http.post(paths.search(w.org), { json: { names: 3 } }),
        yield* Http.get(paths.patterns(w.org, w.repo, "tool"), { query: { sort: "nonsense", enabled: "maybe" } }),
        yield* Http.patch(paths.tool(w.org, w.repo, "tool"), { json: { enabled: "yes" } }),
        yield* Http.post(paths.addRepository, { json: {} })
      ]) {
        expect(yield* Http.expectError(reply, "Unauthorized"), reply.url).toContain("api-token")
      }
      // With a token, the same requests are refused for what they hold.
      yield* Http.expectError(yield* Http.get(paths.repositories(w.org), { token: w.token, query: { limit: "0" } }), "BadRequest")
    }))
})
