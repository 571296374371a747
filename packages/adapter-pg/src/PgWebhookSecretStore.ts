import { WebhookSecretStore } from "@tidemark/core"
import { Effect, Layer } from "effect"
import { repositoryValuesIn } from "./PgRepositoryValues.js"

export const make = Effect.map(repositoryValuesIn("webhook_secrets", "secret"), WebhookSecretStore.WebhookSecretStore.of)

export const layer = Layer.effect(WebhookSecretStore.WebhookSecretStore, make)
