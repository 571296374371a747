import { BadgeTokenStore } from "@tidemark/core"
import { Effect, Layer } from "effect"
import { repositoryValuesIn } from "./PgRepositoryValues.js"

export const make = Effect.map(repositoryValuesIn("badge_tokens", "token"), BadgeTokenStore.BadgeTokenStore.of)

export const layer = Layer.effect(BadgeTokenStore.BadgeTokenStore, make)
