import { type OrganizationStore, type RepositoryStore, WebhookSecretStore } from "@tidemark/core"
import type { Layer } from "effect"
import { repositoryValueContract } from "./RepositoryValueContract.js"

export const webhookSecretStoreContract = (
  name: string,
  storeLayer: Layer.Layer<WebhookSecretStore.WebhookSecretStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>
) => repositoryValueContract("WebhookSecretStore", "secret", WebhookSecretStore.WebhookSecretStore, name, storeLayer)
