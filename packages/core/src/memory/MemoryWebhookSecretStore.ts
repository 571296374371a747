import { Effect, Layer, Option } from "effect"
import { WebhookSecretStore } from "../ports/WebhookSecretStore.js"

export const make = Effect.sync(() => {
  const secrets = new Map<number, string>()
  return WebhookSecretStore.of({
    save: (repositoryId, secret) => Effect.sync(() => void secrets.set(repositoryId, secret)),
    find: (repositoryId) => Effect.sync(() => Option.fromNullable(secrets.get(repositoryId)))
  })
})

export const layer = Layer.effect(WebhookSecretStore, make)
