import { Effect, Option } from "effect"
import { ServiceUnavailable } from "../domain/Errors.js"
import { envelopeJson, type IngestionEnvelope, type IngestionProvider, unknownSystem } from "../domain/IngestionEnvelope.js"
import type { Event } from "../domain/IngestionEvents.js"
import { ingestionOrganizationOf, type Principal } from "../domain/Principal.js"
import { EventQueue } from "../ports/EventQueue.js"
import { Hasher } from "../ports/Hasher.js"
import { nowIso } from "../domain/Now.js"
import { withSpans } from "../runtime/Spans.js"

const make = Effect.gen(function*() {
  const queue = yield* EventQueue
  const { sha256Hex } = yield* Hasher

  /**
   * Queues durably; succeeds only once the queue has stored the envelope. The origin was validated
   * where it was decoded (the HTTP edge, with the core schemas): it is not validated again here.
   */
  const enqueue = (organizationId: number, system: Option.Option<string>, origin: IngestionEnvelope["origin"]) =>
    Effect.gen(function*() {
      const systemName = Option.getOrElse(Option.filter(system, (s) => s !== ""), () => unknownSystem)
      const id = yield* sha256Hex(JSON.stringify([organizationId, systemName, origin]))
      const receivedAt = yield* nowIso
      yield* queue.publish(id, envelopeJson({ id, organizationId, system: systemName, receivedAt, origin })).pipe(
        Effect.mapError((e) => new ServiceUnavailable({ reason: e.message, cause: e }))
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

  return withSpans("Ingestion", { accept, acceptProvider })
})

/** The ingestion API's side of the pipeline: authenticated payloads onto the durable queue. */
export class Ingestion extends Effect.Service<Ingestion>()("@tidemark/core/Ingestion", { effect: make }) {}
