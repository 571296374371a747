/**
 * Issue 16, point 2: no error body, log line or span shows a token, key or secret a client sent.
 * Every operation of both APIs and the admin surface is called with secrets where clients put them
 * (the `api-token` header, the `api_key` query parameter, path segments, bodies, a git URL's
 * credentials) and with the inputs that make it fail at each step (no route, wrong method, a bad
 * query, a malformed or ill-typed body, unknown ids), on a server whose logs and spans are recorded.
 */
import { describe, expect, it, layer } from "@effect/vitest"
import { HttpServerRequest, OpenApi } from "@effect/platform"
import { TidemarkApi } from "@tidemark/adapter-http"
import { errorMiddleware } from "../src/ErrorMapping.js"
import { Effect, Exit, Layer, Logger, Tracer } from "effect"
import * as Http from "./fixtures/Http.js"
import { eslint9, issueIngestionKey, once, world } from "./fixtures/Scenario.js"
import * as OpenApiContract from "./fixtures/OpenApiContract.js"
import * as TestServer from "./fixtures/TestServer.js"

/** What the server logged and the spans it opened, as text. */
const logs: Array<string> = []
const spans: Array<Tracer.Span> = []

const observed = Layer.mergeAll(
  Logger.replace(Logger.defaultLogger, Logger.map(Logger.stringLogger, (line) => logs.push(line))),
  Layer.unwrapEffect(Effect.map(Effect.tracer, (native) =>
    Layer.setTracer(Tracer.make({
      span: (...args) => {
        const span = native.span(...args)
        spans.push(span)
        return span
      },
      context: (f, fiber) => native.context(f, fiber)
    }))))
)

const observedLayer = OpenApiContract.layer.pipe(
  Layer.provideMerge(TestServer.makeLayer({ analysis: false }).pipe(Layer.provide(observed)))
)

/** A value no answer may hold; for issued secrets, the part after the id (the id is not secret). */
const secretPart = (secret: string) => secret.split(".")[2] ?? secret

const arbitrary = "hunter2-not-a-token-7f3a9c"
const setup = once(Effect.gen(function*() {
  const w = yield* world()
  const key = yield* issueIngestionKey(w.org)
  return { w, key, secrets: [w.token, key, TestServer.adminToken, arbitrary].map(secretPart) }
}))

const methods = ["get", "post", "put", "patch", "delete"] as const

/** Every operation the server defines, by method and path template. */
const operations = Object.entries(OpenApi.fromApi(TidemarkApi).paths).flatMap(([template, item]) =>
  methods.filter((method) => method in item).map((method) => ({
    method: method.toUpperCase(),
    template,
    hasBody: item[method]?.requestBody !== undefined
  }))
)

const fill = (template: string, values: (name: string) => string) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values(name)))

const expectNoSecret = (reply: Http.Reply, secrets: ReadonlyArray<string>) => {
  for (const secret of secrets) {
    expect(reply.text, `${reply.method} ${reply.url} → ${reply.status}`).not.toContain(secret)
  }
}

layer(observedLayer, { excludeTestServices: true })("secrets in what the server answers, logs and traces", (it) => {
  it.effect("no answer of any operation repeats a token, key or secret it was sent, at any step where it fails", () =>
    Effect.gen(function*() {
      const { w, key, secrets } = yield* setup
      const real = (name: string) =>
        ({ provider: "gh", remoteOrganizationName: w.org.name, repositoryName: w.repo, toolUuid: eslint9 })[name] ?? "1"
      let answers = 0
      for (const operation of operations) {
        const ingestion = operation.template.startsWith("/v1")
        const admin = operation.template.includes("/admin/") || operation.template === "/api/v3/repositories"
        const token = ingestion ? {} : { token: admin ? TestServer.adminToken : w.token }
        const secretQuery = ingestion ? { api_key: key, token: arbitrary } : { api_key: arbitrary, token: w.token }
        const path = fill(operation.template, real)
        const body = operation.hasBody ? { body: "{\"names\": " } : {}
        // Secrets where a typed field is expected: a decode error quotes what it got.
        const illTyped = operation.hasBody
          ? { json: { names: w.token, enabled: key, gitUrl: w.token, name: key, $type: "deployment", deploy_id: key } }
          : {}
        const replies = [
          // The secret in the query, a bad limit and cursor, a malformed body.
          yield* Http.request(operation.method, path, { ...token, query: { ...secretQuery, limit: "0", cursor: "%%%" }, ...body }),
          yield* Http.request(operation.method, path, { ...token, query: secretQuery, ...illTyped }),
          // Secrets as path segments: unknown organizations, repositories, tools, ids.
          yield* Http.request(operation.method, fill(operation.template, (name) => (name === "provider" ? "gh" : w.token)), {
            ...token,
            query: secretQuery
          }),
          // No route: below the operation's path, and the wrong method.
          yield* Http.request(operation.method, `${path}/${key}`, { ...token, query: secretQuery }),
          yield* Http.request(operation.method === "DELETE" ? "PUT" : "DELETE", path, { ...token, query: secretQuery }),
          // A foreign or invalid credential.
          yield* Http.request(operation.method, path, { token: arbitrary, query: { api_key: arbitrary } })
        ]
        for (const reply of replies) {
          expect(reply.status, `${reply.method} ${reply.url}`).toBeLessThan(500)
          expectNoSecret(reply, secrets)
          answers++
        }
      }
      expect(answers).toBeGreaterThanOrEqual(operations.length * 6)

      // What is served beside the operations: the documents and the dashboard's files.
      const { baseUrl } = yield* TestServer.TestServer
      for (const path of ["/api/v3/openapi.json", "/v1/openapi.json", "/", "/assets/missing.js", "/nothing"]) {
        const text = yield* Effect.promise(() =>
          fetch(`${baseUrl}${path}?api_key=${key}&token=${arbitrary}`, { headers: { "api-token": w.token } }).then((r) => r.text())
        )
        for (const secret of secrets) expect(text, path).not.toContain(secret)
      }
      // Every operation of both APIs, each at every step where it can fail: longer than one request's test.
    }), 90_000)

  it.effect("an unknown route names the request with the secrets of its query redacted", () =>
    Effect.gen(function*() {
      const { key } = yield* setup
      const ingestion = yield* Http.get("/v1/nothing", { query: { api_key: key, system: "web" } })
      const message = Http.expectIngestionError(ingestion, 400, "Bad Request")
      expect(message).toBe("No operation at GET /v1/nothing?api_key=REDACTED&system=web")

      const analysis = yield* Http.get("/api/v3/nothing", { query: { api_key: arbitrary, access_token: arbitrary, limit: "5" } })
      expect(yield* Http.expectError(analysis, "NotFound"))
        .toBe("No operation at GET /api/v3/nothing?api_key=REDACTED&access_token=REDACTED&limit=5")
    }))

  it.effect("a git URL's credentials are not repeated when the repository cannot be read", () =>
    Effect.gen(function*() {
      const { w } = yield* setup
      for (const gitUrl of [`https://alice:${arbitrary}@127.0.0.1:9/team/app.git`, `https://${arbitrary}@127.0.0.1:9/team/app.git`]) {
        const reply = yield* Http.post("/api/v3/repositories", {
          token: TestServer.adminToken,
          json: { provider: "gh", repositoryFullPath: `${w.org.name}/creds`, gitUrl }
        })
        const message = yield* Http.expectError(reply, "UnprocessableEntity")
        expect(message).not.toContain(arbitrary)
        expect(message).toContain("@127.0.0.1:9/team/app.git")
      }
    }))

  it.effect("no log line and no span attribute holds a secret; requests with one in their query keep a redacted span", () =>
    Effect.gen(function*() {
      const { w, key, secrets } = yield* setup
      yield* Http.get("/v1/systems", { query: { api_key: key } })
      yield* Http.get(`/api/v3/analysis/organizations/gh/${w.org.name}/repositories`, { token: w.token })
      for (const line of logs) for (const secret of secrets) expect(line).not.toContain(secret)
      const attributes = spans.flatMap((span) => [...span.attributes.entries()].map(([name, value]) => `${name}=${String(value)}`))
      for (const attribute of attributes) for (const secret of secrets) expect(attribute).not.toContain(secret)

      const systems = spans.findLast((span) => span.attributes.get("url.path") === "/v1/systems")
      expect(systems?.attributes.get("url.query")).toBe("api_key=REDACTED")
      expect(systems?.attributes.get("http.response.status_code")).toBe(200)
      const listing = spans.findLast((span) =>
        span.attributes.get("url.path") === `/api/v3/analysis/organizations/gh/${w.org.name}/repositories`
      )
      expect(listing?.attributes.get("http.request.header.api-token")).toBe("<redacted>")
    }))
})

describe("an unexpected failure", () => {
  const secret = "tmt.abc123.S3cr3tS3cr3tS3cr3t"
  it("is answered 500 and logged without the secrets it quotes", async () => {
    const lines: Array<string> = []
    const request = HttpServerRequest.fromWeb(new Request(`http://localhost/api/v3/thing?api_key=${arbitrary}`))
    const exit = await Effect.runPromiseExit(
      errorMiddleware(Effect.die(new Error(`cannot parse ${secret} at /api/v3/thing?api_key=${arbitrary}`))).pipe(
        Effect.provideService(HttpServerRequest.HttpServerRequest, request),
        Effect.provide(Logger.replace(Logger.defaultLogger, Logger.map(Logger.stringLogger, (line) => lines.push(line))))
      )
    )
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("InternalServerError")
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain("cannot parse tmt.abc123.REDACTED at /api/v3/thing?api_key=REDACTED")
    expect(lines[0]).not.toContain("S3cr3t")
    expect(lines[0]).not.toContain(arbitrary)
  })
})
