import { SqlClient } from "@effect/sql"
import { expect, layer } from "@effect/vitest"
import { EventStore, IngestionEvents } from "@tidemark/core"
import { eventStoreContract } from "@tidemark/port-contracts"
import { Effect, Layer } from "effect"
import { Migrations, PgEventStore } from "../src/index.js"
import * as ScratchDatabase from "./ScratchDatabase.js"

eventStoreContract("PostgreSQL", PgEventStore.layer.pipe(Layer.provide(Migrations.layer), Layer.provide(ScratchDatabase.migratedLayer)))

const change = (id: string, time_created: string) => new IngestionEvents.Change({ $type: "change", change_id: id, time_created })

layer(PgEventStore.layer.pipe(Layer.provideMerge(Migrations.layer), Layer.provideMerge(ScratchDatabase.migratedLayer)), {
  excludeTestServices: true
})("PgEventStore", (it) => {
  it.effect("the columns metric queries use hold instants: offsets order correctly", () =>
    Effect.gen(function*() {
      const store = yield* EventStore.EventStore
      const sql = yield* SqlClient.SqlClient
      yield* store.store(1, "checkout", [
        change("third", "2024-05-01T12:30:00+02:00"),
        change("first", "2024-05-01T05:00:00-05:00"),
        change("second", "2024-05-01T10:15:00.5Z"),
        new IngestionEvents.Deployment({
          $type: "deployment",
          deploy_id: "d1",
          time_created: "2024-05-01T13:00:00Z",
          changes: ["first", "second"],
          teams: ["web"]
        })
      ])
      const changes = yield* sql<{ id: string }>`
        SELECT id FROM delivery_events
        WHERE organization_id = 1 AND system = 'checkout' AND type = 'change'
        ORDER BY created_at`
      const [deployment] = yield* sql<{ changes: ReadonlyArray<string>; teams: ReadonlyArray<string> }>`
        SELECT changes, teams FROM delivery_events WHERE type = 'deployment' AND id = 'd1'`
      expect(changes.map((row) => row.id)).toEqual(["first", "second", "third"])
      expect(deployment).toEqual({ changes: ["first", "second"], teams: ["web"] })
    }))

  it.effect("a batch the database refuses stores nothing, and the failure is ServiceUnavailable", () =>
    Effect.gen(function*() {
      const store = yield* EventStore.EventStore
      // PostgreSQL stores no NUL character in text.
      const error = yield* Effect.flip(
        store.store(2, "checkout", [change("fine", "2024-05-01T10:00:00Z"), change("nul\u0000", "2024-05-01T10:00:00Z")])
      )
      expect(error._tag).toBe("ServiceUnavailable")
      expect(yield* store.load(2, "checkout")).toEqual({ deployments: [], changes: [], incidents: [] })
    }))
})
