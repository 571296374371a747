import { Effect, Layer } from "effect"
import { WebhookSecretStore } from "../ports/WebhookSecretStore.js"
import { repositoryValues } from "./MemoryRepositoryValues.js"

export const make = Effect.sync(() => WebhookSecretStore.of(repositoryValues()))

export const layer = Layer.effect(WebhookSecretStore, make)
