import { Effect, Layer, Option } from "effect"
import { DependencyStore, type Inventory } from "../ports/DependencyStore.js"

export const make = Effect.sync(() => {
  const inventories = new Map<number, Inventory>()
  return DependencyStore.of({
    save: (inventory) => Effect.sync(() => void inventories.set(inventory.repositoryId, inventory)),
    find: (repositoryId) => Effect.sync(() => Option.fromNullable(inventories.get(repositoryId))),
    ofRepositories: (repositoryIds) =>
      Effect.sync(() => new Map(repositoryIds.flatMap((id) => {
        const inventory = inventories.get(id)
        return inventory === undefined ? [] : [[id, inventory] as const]
      }))),
    matchedBefore: (at) =>
      Effect.sync(() => [...inventories.values()].filter((inventory) => inventory.matchedAt < at).map((inventory) => inventory.repositoryId).sort((a, b) => a - b)),
    markMatched: (repositoryId, at) =>
      Effect.sync(() => {
        const inventory = inventories.get(repositoryId)
        if (inventory !== undefined) inventories.set(repositoryId, { ...inventory, matchedAt: at })
      })
  })
})

export const layer = Layer.effect(DependencyStore, make)
