import { Effect, Layer, Option } from "effect"
import { BadgeTokenStore } from "../ports/BadgeTokenStore.js"

export const make = Effect.sync(() => {
  const tokens = new Map<number, string>()
  return BadgeTokenStore.of({
    save: (repositoryId, token) => Effect.sync(() => void tokens.set(repositoryId, token)),
    find: (repositoryId) => Effect.sync(() => Option.fromNullable(tokens.get(repositoryId)))
  })
})

export const layer = Layer.effect(BadgeTokenStore, make)
