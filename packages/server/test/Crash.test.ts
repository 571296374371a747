import * as NodeContext from "@effect/platform-node/NodeContext"
import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { describe, expect, layer } from "@effect/vitest"
import { EmbeddedPostgres } from "@tidemark/adapter-pg"
import * as ScratchDatabase from "../../adapter-pg/test/ScratchDatabase.js"
import { Effect, Layer, Redacted, Schedule } from "effect"
import { join } from "node:path"
import { ingestionKey, requireBuild, scratch, startProcess, startServer } from "./CliFixture.js"

/**
 * An event answered 204 is never lost: not when the worker is killed mid-stream, not when the API
 * process is. Every accepted event is stored exactly once after a restart.
 */

const slow = 180_000
/** A message held by a killed worker comes back after this (short, so the tests are too). */
const visibility = { TIDEMARK_QUEUE_VISIBILITY_SECONDS: "2" }
const admin = "tma_crash-admin"
const events = 1_500

/** Sends changes `prefix-0 ...` with 50 in flight; `during` runs once a third is sent. Answers the accepted ids. */
const sendEvents = <E, R>(url: () => string, key: string, prefix: string, during: Effect.Effect<void, E, R>) =>
  Effect.gen(function*() {
    const accepted: Array<string> = []
    const send = (i: number) =>
      Effect.promise(async () => {
        const id = `${prefix}-${i}`
        try {
          const response = await fetch(`${url()}/v1/ingestion/cli?api_key=${key}&system=crash`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ $type: "change", change_id: id, time_created: "2024-05-01T12:00:00Z" })
          })
          if (response.status === 204) accepted.push(id)
        } catch {
          // No answer (the process died): not accepted, the client would retry.
        }
      })
    const firstWave = Math.floor(events / 3)
    yield* Effect.forEach(Array.from({ length: firstWave }, (_, i) => i), send, { concurrency: 50 })
    // The crash comes once the second wave has events accepted, however slow a loaded machine
    // makes the server: a kill before any would test nothing mid-stream.
    const acceptedBefore = accepted.length
    let secondWaveDone = false
    const secondWaveFlowing = Effect.sync(() => secondWaveDone || accepted.length > acceptedBefore).pipe(
      Effect.repeat({ schedule: Schedule.spaced("10 millis"), until: (flowing) => flowing })
    )
    yield* Effect.all([
      Effect.forEach(Array.from({ length: events - firstWave }, (_, i) => i + firstWave), send, { concurrency: 50 }).pipe(
        Effect.ensuring(Effect.sync(() => {
          secondWaveDone = true
        }))
      ),
      Effect.zipRight(secondWaveFlowing, during)
    ], { concurrency: 2 })
    return accepted
  })

/** Stored change ids, once the queue is empty. */
const storedOnceDrained = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql<{ readonly n: number }>`SELECT count(*)::int AS n FROM queue_messages`.pipe(
    Effect.filterOrFail((rows) => rows[0]?.n === 0, () => "queue not drained yet"),
    Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo("90 seconds")))
  )
  const rows = yield* sql<{ readonly id: string }>`SELECT id FROM delivery_events WHERE system = 'crash' AND type = 'change'`
  return rows.map((r) => r.id)
})

const expectExactlyOnce = (stored: ReadonlyArray<string>, accepted: ReadonlyArray<string>) => {
  expect(accepted.length).toBeGreaterThan(events / 3)
  expect(new Set(stored).size).toBe(stored.length)
  // Every accepted event is stored; an event the client saw fail may be stored too (it was committed
  // just before the process died), which a client retry de-duplicates.
  expect(stored.filter((id) => accepted.includes(id)).sort()).toEqual([...accepted].sort())
}

describe("crashes while events flow", () => {
  layer(NodeContext.layer, { excludeTestServices: true })((it) => {
    it.scoped("PostgreSQL: killing the worker with SIGKILL mid-stream loses nothing", () =>
      Effect.gen(function*() {
        yield* requireBuild
        const directory = yield* scratch
        const databaseUrl = yield* ScratchDatabase.migratedDatabase
        const env = { DATABASE_URL: databaseUrl, TIDEMARK_ADMIN_TOKEN: admin, ...visibility }
        const server = yield* startServer({ dataDir: directory, adminToken: admin, env: { ...env, TIDEMARK_WORKER: "false" } })
        const key = yield* ingestionKey(server, admin)
        const worker = yield* startProcess(["worker"], env)
        const accepted = yield* sendEvents(() => server.url, key, "w", Effect.gen(function*() {
          yield* Effect.sleep("300 millis")
          yield* worker.crash
          yield* startProcess(["worker"], env)
        }))
        const stored = yield* storedOnceDrained.pipe(
          Effect.provide(PgClient.layer({ url: Redacted.make(databaseUrl) }))
        )
        expectExactlyOnce(stored, accepted)
      }), slow)

    it.scoped("PostgreSQL: killing the API process with SIGKILL mid-stream loses nothing it accepted", () =>
      Effect.gen(function*() {
        yield* requireBuild
        const directory = yield* scratch
        const databaseUrl = yield* ScratchDatabase.migratedDatabase
        const env = { DATABASE_URL: databaseUrl, ...visibility }
        let current = yield* startServer({ dataDir: directory, adminToken: admin, env })
        const key = yield* ingestionKey(current, admin)
        const accepted = yield* sendEvents(() => current.url, key, "a", Effect.gen(function*() {
          yield* Effect.sleep("300 millis")
          yield* current.crash
          current = yield* startServer({ dataDir: directory, adminToken: admin, env })
        }))
        const stored = yield* storedOnceDrained.pipe(
          Effect.provide(PgClient.layer({ url: Redacted.make(databaseUrl) }))
        )
        expectExactlyOnce(stored, accepted)
      }), slow)

    it.scoped("embedded default: killing the server with SIGKILL mid-stream loses nothing it accepted", () =>
      Effect.gen(function*() {
        yield* requireBuild
        const directory = yield* scratch
        const dataDir = join(directory, "data")
        const accepted = yield* Effect.scoped(Effect.gen(function*() {
          let current = yield* startServer({ dataDir, adminToken: admin, env: visibility })
          const key = yield* ingestionKey(current, admin)
          const accepted = yield* sendEvents(() => current.url, key, "e", Effect.gen(function*() {
            yield* Effect.sleep("300 millis")
            yield* current.crash
            current = yield* startServer({ dataDir, adminToken: admin, env: visibility })
          }))
          // Give the restarted worker time to drain (messages the killed one held come back after
          // the visibility timeout) before the server stops.
          yield* Effect.sleep("8 seconds")
          return accepted
        }))
        // The embedded database admits one process: read it once the server has stopped.
        const stored = yield* storedOnceDrained.pipe(
          Effect.provide(Layer.orDie(EmbeddedPostgres.layer({ dataDir: join(dataDir, "pg") })))
        )
        expectExactlyOnce(stored, accepted)
      }), slow)
  })
})
