/**
 * The four key delivery metrics (deployment frequency, lead time for changes, time to recover,
 * change failure rate) of events of your own, with the Tidemark core embedded and no HTTP server.
 * The events take the path the ingestion API gives them (Ingestion → EventQueue → IngestionWorker →
 * EventStore) and the Metrics service reads them back, so the program runs unchanged on any storage:
 * here in memory, in PostgresDeliveryKeys.ts on PostgreSQL, in JsonLinesEventStore.ts on a file.
 *
 *   pnpm --filter @tidemark/examples delivery-keys
 */
import { Access, Ingestion, IngestionEvents, IngestionWorker, Metrics } from "@tidemark/core"
import { CryptoIdGenerator, MemoryEventQueue, MemoryEventStore, storageLayer } from "@tidemark/core/memory"
import { Effect, Layer, Option } from "effect"
import { isScript, runScript } from "./Script.js"

/** The services the program uses; whoever runs it provides their ports. */
export const DeliveryServices = Layer.mergeAll(
  Ingestion.Ingestion.Default,
  // Polls without waiting: the program drains the queue once instead of watching it.
  IngestionWorker.IngestionWorker.Default({ pollWait: "0 millis" }),
  Metrics.Metrics.Default
).pipe(Layer.provideMerge(Access.Access.Default))

/** Every port in memory: nothing to set up, nothing kept. */
export const memoryPorts = Layer.mergeAll(storageLayer, CryptoIdGenerator.layer, MemoryEventQueue.layer(), MemoryEventStore.layer)

export const memoryLayer = DeliveryServices.pipe(Layer.provide(memoryPorts))

const adminSecret = "example-admin"

/**
 * Pushes `events` of `system` to the organization gh/acme with an ingestion key, stores them, and
 * answers the four keys of the request's window.
 */
export const fourKeys = (system: string, events: ReadonlyArray<IngestionEvents.Event>, request: Metrics.MetricsRequest) =>
  Effect.gen(function*() {
    const access = yield* Access.Access
    // The program acts as the installation admin, which may issue keys for any organization.
    yield* access.ensureAdmin(Option.some(adminSecret))
    const admin = yield* access.authenticate(adminSecret)
    const key = yield* access.issueFor(Option.some(admin), { provider: "gh", organization: "acme" }, "ingestion", "write")
    const pusher = yield* access.authenticate(key.secret)
    const ingestion = yield* Ingestion.Ingestion
    yield* Effect.forEach(events, (event) => ingestion.accept(pusher, Option.some(system), event), { discard: true })
    // A server's worker runs for as long as the server; here it stores what the queue holds, then stops.
    const worker = yield* IngestionWorker.IngestionWorker
    yield* worker.processBatch.pipe(Effect.repeat({ until: (handled) => handled === 0 }))
    return yield* (yield* Metrics.Metrics).metrics(pusher, request)
  })

const change = (id: string, time: string) => new IngestionEvents.Change({ $type: "change", change_id: id, time_created: time })
const deployment = (id: string, time: string, changes: Array<string>) =>
  new IngestionEvents.Deployment({ $type: "deployment", deploy_id: id, time_created: time, changes })

/**
 * A week of the `checkout` system, small enough to work out by hand: four deployments on four of
 * the seven days; five changes whose lead times are 2 h, 4 h, 6 h, 8 h and 2 h (median 4 h, 90th
 * percentile 7.2 h); one incident, 1.5 h long, caused by d3 (the last deployment before it), so one
 * deployment in four failed.
 */
export const exampleWeek: ReadonlyArray<IngestionEvents.Event> = [
  change("c1", "2024-05-06T08:00:00Z"),
  deployment("d1", "2024-05-06T10:00:00Z", ["c1"]),
  change("c2", "2024-05-07T09:00:00Z"),
  deployment("d2", "2024-05-07T13:00:00Z", ["c2"]),
  change("c3", "2024-05-08T10:00:00Z"),
  deployment("d3", "2024-05-08T16:00:00Z", ["c3"]),
  new IngestionEvents.Incident({ $type: "incident", incident_id: "i1", time_created: "2024-05-08T18:00:00Z", time_resolved: "2024-05-08T19:30:00Z" }),
  change("c4", "2024-05-09T06:00:00Z"),
  change("c5", "2024-05-09T12:00:00Z"),
  deployment("d4", "2024-05-09T14:00:00+00:00", ["c4", "c5"])
]

/** Monday 6 to Monday 13 May 2024 (exclusive), one point a day. */
export const exampleWindow: Metrics.MetricsRequest = { from: "2024-05-06T00:00:00Z", to: "2024-05-13T00:00:00Z", bucket: "day" }

if (isScript(import.meta.url)) {
  void runScript(fourKeys("checkout", exampleWeek, exampleWindow).pipe(Effect.provide(memoryLayer)))
}
