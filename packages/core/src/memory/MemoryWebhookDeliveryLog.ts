import { Effect, Layer } from "effect"
import { WebhookDeliveryLog } from "../ports/WebhookDeliveryLog.js"

export const make = Effect.sync(() => {
  /** Until when each `repository id NUL key` is kept (epoch milliseconds). */
  const kept = new Map<string, number>()
  const keyOf = (repositoryId: number, key: string) => `${repositoryId}\u0000${key}`
  return WebhookDeliveryLog.of({
    claim: (repositoryId, keys, at, until) =>
      Effect.sync(() => {
        const now = Date.parse(at)
        for (const [key, expires] of kept) if (expires <= now) kept.delete(key)
        if (keys.some((key) => kept.has(keyOf(repositoryId, key)))) return false
        for (const key of keys) kept.set(keyOf(repositoryId, key), Date.parse(until))
        return true
      }),
    release: (repositoryId, keys) =>
      Effect.sync(() => {
        for (const key of keys) kept.delete(keyOf(repositoryId, key))
      })
  })
})

export const layer = Layer.effect(WebhookDeliveryLog, make)
