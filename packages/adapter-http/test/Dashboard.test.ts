import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Http from "./fixtures/Http.js"
import { testLayer } from "./fixtures/TestLayer.js"
import { dashboardFiles } from "./fixtures/TestServer.js"

/** The dashboard's files at `/`, behind the APIs (the test server serves a stand-in build). */

layer(testLayer, { excludeTestServices: true })("dashboard", (it) => {
  describe("static files", () => {
    it.effect("GET / is the dashboard's page, revalidated on every load", () =>
      Effect.gen(function*() {
        const page = yield* Http.raw("/")
        expect(page.status).toBe(200)
        expect(page.headers["content-type"]).toMatch(/^text\/html/)
        expect(page.headers["cache-control"]).toBe("no-cache")
        expect(page.text).toBe(dashboardFiles["index.html"])
        expect(page.headers["etag"]).toMatch(/^(W\/)?".+"$/)
        expect((yield* Http.raw("/index.html")).text).toBe(dashboardFiles["index.html"])
        expect((yield* Http.raw("/", { method: "HEAD" })).status).toBe(200)
      }))

    it.effect("hashed assets are cached for a year", () =>
      Effect.gen(function*() {
        const script = yield* Http.raw("/assets/app-3f2a.js")
        expect(script.status).toBe(200)
        expect(script.headers["content-type"]).toMatch(/javascript/)
        expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
        expect(script.text).toBe(dashboardFiles["assets/app-3f2a.js"])
      }))

    it.effect("anything else is the API's: its 404 body, its routes and methods, no file outside the build", () =>
      Effect.gen(function*() {
        for (const path of ["/nope", "/assets/missing.js", "/assets/../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/assets/%zz"]) {
          yield* Http.expectError(yield* Http.get(path), "NotFound")
        }
        yield* Http.expectError(yield* Http.post("/", { json: {} }), "NotFound")
        const version = yield* Http.get("/api/v3/version")
        expect(version.status).toBe(200)
        yield* Http.expectError(yield* Http.get("/api/v3/nope"), "NotFound")
      }))
  })
})
