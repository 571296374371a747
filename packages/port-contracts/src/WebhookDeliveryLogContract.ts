import { describe, expect, layer } from "@effect/vitest"
import { type OrganizationStore, type RepositoryStore, WebhookDeliveryLog } from "@tidemark/core"
import { Effect, type Layer } from "effect"
import { freshRepository } from "./Fixtures.js"

const at = (hour: number) => new Date(Date.UTC(2026, 0, 1, hour)).toISOString()

/** Deliveries hang off repositories, which the store of repositories creates. */
export const webhookDeliveryLogContract = (
  name: string,
  storeLayer: Layer.Layer<WebhookDeliveryLog.WebhookDeliveryLog | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>
) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`WebhookDeliveryLog contract (${name})`, (it) => {
    describe("claims", () => {
      it.effect("a delivery is taken once while its keys are kept; any key in common makes a replay", () =>
        Effect.gen(function*() {
          const log = yield* WebhookDeliveryLog.WebhookDeliveryLog
          const { repository } = yield* freshRepository
          expect(yield* log.claim(repository.id, ["delivery:a", "body:1"], at(0), at(24))).toBe(true)
          expect(yield* log.claim(repository.id, ["delivery:a", "body:1"], at(1), at(25))).toBe(false)
          expect(yield* log.claim(repository.id, ["delivery:b", "body:1"], at(1), at(25))).toBe(false)
          expect(yield* log.claim(repository.id, ["delivery:a", "body:2"], at(1), at(25))).toBe(false)
          // A replay keeps nothing of its own: its new keys are free afterwards.
          expect(yield* log.claim(repository.id, ["delivery:b", "body:2"], at(1), at(25))).toBe(true)
        }))

      it.effect("keys are kept until they expire, and per repository", () =>
        Effect.gen(function*() {
          const log = yield* WebhookDeliveryLog.WebhookDeliveryLog
          const one = yield* freshRepository
          const two = yield* freshRepository
          expect(yield* log.claim(one.repository.id, ["body:x"], at(0), at(24))).toBe(true)
          expect(yield* log.claim(two.repository.id, ["body:x"], at(0), at(24))).toBe(true)
          expect(yield* log.claim(one.repository.id, ["body:x"], at(23), at(47))).toBe(false)
          expect(yield* log.claim(one.repository.id, ["body:x"], at(24), at(48))).toBe(true)
        }))

      it.effect("a released delivery is taken again; of deliveries claimed at once, one is taken", () =>
        Effect.gen(function*() {
          const log = yield* WebhookDeliveryLog.WebhookDeliveryLog
          const { repository } = yield* freshRepository
          expect(yield* log.claim(repository.id, ["delivery:r"], at(0), at(24))).toBe(true)
          yield* log.release(repository.id, ["delivery:r"])
          expect(yield* log.claim(repository.id, ["delivery:r"], at(1), at(25))).toBe(true)
          const taken = yield* Effect.all(
            Array.from({ length: 6 }, () => log.claim(repository.id, ["delivery:c"], at(2), at(26))),
            { concurrency: "unbounded" }
          )
          expect(taken.filter((claimed) => claimed)).toHaveLength(1)
        }))
    })
  })
