import { expect, it } from "@effect/vitest"
import { EventStore, IngestionEvents } from "@tidemark/core"
import { CryptoIdGenerator, MemoryEventQueue, storageLayer } from "@tidemark/core/memory"
import { eventStoreContract } from "@tidemark/port-contracts"
import { Effect, Layer } from "effect"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DeliveryServices, exampleWeek, exampleWindow, fourKeys, memoryLayer } from "../src/DeliveryKeys.js"
import * as JsonLinesEventStore from "../src/JsonLinesEventStore.js"

/** A journal file in a folder of its own, removed with the scope. */
const journal = Effect.acquireRelease(
  Effect.sync(() => mkdtempSync(join(tmpdir(), "tidemark-journal-"))),
  (directory) => Effect.sync(() => rmSync(directory, { recursive: true, force: true }))
).pipe(Effect.map((directory) => join(directory, "events.jsonl")))

const storeOn = (file: string) => JsonLinesEventStore.layer({ file })

// The rules every EventStore keeps, from @tidemark/port-contracts: the suite builds the store once.
eventStoreContract("JSON-lines file", Layer.unwrapScoped(Effect.map(journal, storeOn)))

it.scopedLive("a store opened on the file later loads what was stored, the later event of a key winning", () =>
  Effect.gen(function*() {
    const file = yield* journal
    const first = new IngestionEvents.Change({ $type: "change", change_id: "c1", time_created: "2024-05-01T10:00:00+02:00" })
    const later = new IngestionEvents.Change({ $type: "change", change_id: "c1", time_created: "2024-05-02T10:00:00Z", source: "git" })
    yield* Effect.flatMap(EventStore.EventStore, (store) => store.store(7, "checkout", [first, later])).pipe(Effect.provide(storeOn(file)))
    expect(readFileSync(file, "utf8").trim().split("\n")).toHaveLength(2)

    const reopened = yield* Effect.flatMap(EventStore.EventStore, (store) => store.load(7, "checkout")).pipe(Effect.provide(storeOn(file)))
    expect(reopened).toStrictEqual({ deployments: [], changes: [later], incidents: [] })
  }))

it.scopedLive("DeliveryKeys.ts's program on this store answers what it answers in memory", () =>
  Effect.gen(function*() {
    const ports = Layer.mergeAll(storageLayer, CryptoIdGenerator.layer, MemoryEventQueue.layer(), storeOn(yield* journal))
    const onFile = yield* fourKeys("checkout", exampleWeek, exampleWindow).pipe(Effect.provide(DeliveryServices.pipe(Layer.provide(ports))))
    expect(onFile).toEqual(yield* fourKeys("checkout", exampleWeek, exampleWindow).pipe(Effect.provide(memoryLayer)))
  }))
