import { BadgeTokenStore, type OrganizationStore, type RepositoryStore } from "@tidemark/core"
import type { Layer } from "effect"
import { repositoryValueContract } from "./RepositoryValueContract.js"

export const badgeTokenStoreContract = (
  name: string,
  storeLayer: Layer.Layer<BadgeTokenStore.BadgeTokenStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>
) => repositoryValueContract("BadgeTokenStore", "token", BadgeTokenStore.BadgeTokenStore, name, storeLayer)
