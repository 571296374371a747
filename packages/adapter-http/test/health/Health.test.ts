import { expect, layer } from "@effect/vitest"
import { WorkerHealth } from "@tidemark/core"
import { Context, Effect } from "effect"
import * as Http from "../fixtures/Http.js"
import { testLayer } from "../fixtures/TestLayer.js"
import { TestServer } from "../fixtures/TestServer.js"

/**
 * The readiness probe (our extension, `GET /api/v3/health`): ready while every worker of the
 * process runs; 503 once one has stopped. Its own server: the last test stops a worker.
 */
layer(testLayer)("the readiness probe", (it) => {
  it.effect("answers ready, without a token, with the workers the process runs", () =>
    Effect.gen(function*() {
      const reply = yield* Http.get("/api/v3/health")
      expect(reply.status).toBe(200)
      expect(reply.body).toEqual({ data: { status: "ready", workers: [{ name: "ingestion worker", running: true }] } })
    }))

  it.effect("answers 503 with the error body once a worker has stopped, naming it and why", () =>
    Effect.gen(function*() {
      const health = Context.get((yield* TestServer).ports, WorkerHealth.WorkerHealth)
      yield* health.supervise("analysis worker", Effect.die(new RangeError("Maximum call stack size exceeded")))
      const reply = yield* Http.get("/api/v3/health")
      expect(reply.status).toBe(503)
      expect(reply.body).toEqual({
        error: "ServiceUnavailable",
        message: "the analysis worker stopped: Maximum call stack size exceeded",
        actions: []
      })
      // The other routes still answer: only the probe tells.
      expect((yield* Http.get("/api/v3/version")).status).toBe(200)
    }))
})
