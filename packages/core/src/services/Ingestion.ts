import { Context, Effect, Layer, Option } from "effect"
import { ServiceUnavailable } from "../domain/Errors.js"
import { encodeEnvelope, IngestionEnvelope, type IngestionProvider, unknownSystem } from "../domain/IngestionEnvelope.js"
import type { Event } from "../domain/IngestionEvents.js"
import { ingestionOrganizationOf, type Principal } from "../domain/Principal.js"
import { EventQueue } from "../ports/EventQueue.js"
import { sha256Hex } from "./Secrets.js"
import { nowIso } from "./Now.js"

const make = Effect.gen(function*() {
  const queue = yield* EventQueue


  /** Queues durably; succeeds only once the queue has stored the envelope. */
  const enqueue = (organizationId: number, system: Option.Option<string>, origin: IngestionEnvelope["origin"]) =>
    Effect.gen(function*() {
      const systemName = Option.getOrElse(Option.filter(system, (s) => s !== ""), () => unknownSystem)
      const content = JSON.stringify([organizationId, systemName, origin])
      const envelope = new IngestionEnvelope({
        id: yield* sha256Hex(content),
        organizationId,
        system: systemName,
        receivedAt: yield* nowIso,
        origin
      })
      yield* queue.publish(envelope.id, encodeEnvelope(envelope)).pipe(
        Effect.mapError((e) => new ServiceUnavailable({ reason: e.message }))
      )
    })

  /** pushAccelerateData: an event already decoded by the core schema. */
  const accept = (principal: Principal, system: Option.Option<string>, event: Event) =>
    Effect.flatMap(ingestionOrganizationOf(principal), (organizationId) =>
      enqueue(organizationId, system, { _tag: "Event", event }))

  /** pushData: a provider's own webhook payload, mapped to events by the worker. */
  const acceptProvider = (
    principal: Principal,
    system: Option.Option<string>,
    provider: IngestionProvider,
    headers: Readonly<Record<string, string>>,
    payload: unknown
  ) =>
    Effect.flatMap(ingestionOrganizationOf(principal), (organizationId) =>
      enqueue(organizationId, system, { _tag: "Provider", provider, headers, payload }))

  return { accept, acceptProvider } as const
})

/** The ingestion API's side of the pipeline: authenticated payloads onto the durable queue. */
export class Ingestion extends Context.Tag("@tidemark/core/Ingestion")<Ingestion, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(Ingestion, make)
}
