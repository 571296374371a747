import * as NodeContext from "@effect/platform-node/NodeContext"
import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { describe, expect, layer } from "@effect/vitest"
import * as PrivateNatsServer from "../../adapter-nats/test/PrivateNatsServer.js"
import * as ScratchDatabase from "../../adapter-pg/test/ScratchDatabase.js"
import { Effect, Redacted, Schedule } from "effect"
import { ingestionKey, postJson, requireBuild, type RunningServer, scratch, startServer } from "./CliFixture.js"

/**
 * NATS restarted while events flow: what was accepted is never lost, and while the broker is down
 * the API answers 500 with the ApiError body instead of accepting what it cannot queue.
 */

const admin = "tma_broker-admin"

interface Answer {
  readonly id: string
  readonly status: number
  readonly body: string
}

const send = (server: RunningServer, key: string, ids: ReadonlyArray<string>) =>
  Effect.forEach(ids, (id) =>
    Effect.map(
      postJson(server, `/v1/ingestion/cli?api_key=${key}&system=broker`, {
        $type: "change",
        change_id: id,
        time_created: "2024-05-01T12:00:00Z"
      }),
      ({ status, text }): Answer => ({ id, status, body: text })
    ), { concurrency: 50 })

const range = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`)

describe("broker outage", () => {
  layer(NodeContext.layer, { excludeTestServices: true })((it) => {
    it.scoped("accepted events survive a NATS restart; during the outage the API answers 500 with an ApiError", () =>
      Effect.gen(function*() {
        yield* requireBuild
        const directory = yield* scratch
        const nats = yield* PrivateNatsServer.make
        const databaseUrl = yield* ScratchDatabase.migratedDatabase
        const server = yield* startServer({
          dataDir: directory,
          adminToken: admin,
          env: { DATABASE_URL: databaseUrl, NATS_URL: nats.url }
        })
        const key = yield* ingestionKey(server, admin)

        const before = yield* send(server, key, range("before", 300))
        expect(before.every((a) => a.status === 204)).toBe(true)

        yield* nats.kill
        const during = yield* send(server, key, range("during", 60))
        for (const answer of during) {
          expect(answer.status).toBe(500)
          expect(JSON.parse(answer.body)).toEqual({ message: expect.any(String), error: "Internal Server Error" })
        }

        yield* nats.start
        // The server reconnects by itself: the first event goes through once it has.
        yield* send(server, key, ["after-probe"]).pipe(
          Effect.filterOrFail((answers) => answers[0]?.status === 204, () => "not reconnected yet"),
          Effect.retry(Schedule.spaced("250 millis").pipe(Schedule.upTo("30 seconds")))
        )
        const after = yield* send(server, key, range("after", 300))
        expect(after.every((a) => a.status === 204)).toBe(true)

        const accepted = [...before, ...after].map((a) => a.id).concat("after-probe").sort()
        const stored = yield* Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          return yield* sql<{ readonly id: string }>`
            SELECT id FROM delivery_events WHERE system = 'broker' AND id NOT LIKE 'during-%' ORDER BY id
          `.pipe(
            Effect.map((rows) => rows.map((r) => r.id)),
            Effect.filterOrFail((ids) => ids.length >= accepted.length, () => "not all stored yet"),
            Effect.retry(Schedule.spaced("250 millis").pipe(Schedule.upTo("60 seconds")))
          )
        }).pipe(Effect.provide(PgClient.layer({ url: Redacted.make(databaseUrl) })))
        expect([...stored].sort()).toEqual(accepted)
      }), 180_000)
  })
})
