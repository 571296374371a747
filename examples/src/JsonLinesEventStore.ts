/**
 * An adapter of your own: the `EventStore` port of `@tidemark/core` kept in one JSON-lines file,
 * a line per event stored (its organization, its system and the event as the ingestion API writes
 * it). The port's rules (a later event replaces an earlier one of the same key, systems in code unit
 * order, `aggregate` equal to core's `aggregateEvents`) are those of core's in-memory adapter, which
 * holds what the file says: the file is its journal, appended before the memory changes and read
 * back when the store opens, so events outlive the process.
 *
 * test/JsonLinesEventStore.test.ts runs the port's contract suite from `@tidemark/port-contracts`
 * against it, and DeliveryKeys.ts's four keys on it.
 */
import { Errors, EventStore, IngestionEvents } from "@tidemark/core"
import { MemoryEventStore } from "@tidemark/core/memory"
import { Effect, Layer, Schema } from "effect"
import { appendFile, readFile } from "node:fs/promises"

export interface JsonLinesEventStoreOptions {
  /** The journal; created on the first store. */
  readonly file: string
}

const Line = Schema.parseJson(Schema.Struct({ organizationId: Schema.Int, system: Schema.String, event: IngestionEvents.Event }))
const encodeLine = Schema.encodeSync(Line)
const decodeLine = Schema.decodeUnknown(Line)

const unavailable = (file: string) => (cause: unknown) => new Errors.ServiceUnavailable({ reason: `${file}: ${String(cause)}` })

/** The journal's lines; none before the first store. */
const readLines = (file: string) =>
  Effect.tryPromise({
    try: () => readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? "" : Promise.reject(error))),
    catch: unavailable(file)
  }).pipe(Effect.map((text) => text.split("\n").filter((line) => line !== "")))

export const make = (options: JsonLinesEventStoreOptions) =>
  Effect.gen(function*() {
    const memory = yield* MemoryEventStore.make
    // Replayed in order, a later line replaces an earlier one of the same key, as when it was stored.
    for (const line of yield* readLines(options.file)) {
      const { organizationId, system, event } = yield* Effect.mapError(decodeLine(line), unavailable(options.file))
      yield* memory.store(organizationId, system, [event])
    }
    return EventStore.EventStore.of({
      ...memory,
      store: (organizationId, system, events) =>
        Effect.tryPromise({
          // One write per batch: a batch the file took is a batch the memory takes.
          try: () => appendFile(options.file, events.map((event) => `${encodeLine({ organizationId, system, event })}\n`).join("")),
          catch: unavailable(options.file)
        }).pipe(Effect.zipRight(memory.store(organizationId, system, events)))
    })
  })

export const layer = (options: JsonLinesEventStoreOptions) => Layer.effect(EventStore.EventStore, make(options))
