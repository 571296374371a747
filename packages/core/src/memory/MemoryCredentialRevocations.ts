import { Effect, Layer, PubSub, Stream } from "effect"
import { CredentialRevocations } from "../ports/CredentialRevocations.js"

/**
 * Announcements within this process: right where one process owns the storage (memory, the
 * embedded database). Announcements are all alike, so a subscriber behind keeps only the latest.
 */
export const make = Effect.map(PubSub.sliding<void>(1), (hub) =>
  CredentialRevocations.of({
    announce: Effect.asVoid(PubSub.publish(hub, undefined)),
    subscribe: Effect.map(PubSub.subscribe(hub), (subscription) => Stream.fromQueue(subscription))
  }))

export const layer = Layer.effect(CredentialRevocations, make)
