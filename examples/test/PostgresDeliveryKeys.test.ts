import { expect, it } from "@effect/vitest"
import * as ScratchDatabase from "../../packages/adapter-pg/test/ScratchDatabase.js"
import { Effect, Redacted } from "effect"
import { exampleWeek, exampleWindow, fourKeys, memoryLayer } from "../src/DeliveryKeys.js"
import { postgresLayer } from "../src/PostgresDeliveryKeys.js"

// The PostgreSQL server at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), in a
// database of the test's own, dropped afterwards.
it.scopedLive("the same program on PostgreSQL answers the four keys it answers in memory", () =>
  Effect.gen(function*() {
    const url = Redacted.make(yield* ScratchDatabase.database)
    const onPostgres = yield* fourKeys("checkout", exampleWeek, exampleWindow).pipe(Effect.provide(postgresLayer(url)))
    const inMemory = yield* fourKeys("checkout", exampleWeek, exampleWindow).pipe(Effect.provide(memoryLayer))
    expect(onPostgres).toEqual(inMemory)
    expect(onPostgres.leadTimeForChanges.value).toBe(4 * 3_600)
    expect(onPostgres.changeFailureRate.value).toBe(0.25)
  }), 60_000)
