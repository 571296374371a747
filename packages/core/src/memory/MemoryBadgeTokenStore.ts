import { Effect, Layer } from "effect"
import { BadgeTokenStore } from "../ports/BadgeTokenStore.js"
import { repositoryValues } from "./MemoryRepositoryValues.js"

export const make = Effect.sync(() => BadgeTokenStore.of(repositoryValues()))

export const layer = Layer.effect(BadgeTokenStore, make)
