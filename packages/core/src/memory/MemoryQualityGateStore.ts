import { Effect, Layer, Option } from "effect"
import type { GateKind, QualityGate } from "../domain/QualityGate.js"
import { QualityGateStore } from "../ports/QualityGateStore.js"

export const make = Effect.sync(() => {
  const gates = new Map<string, QualityGate>()
  const key = (repositoryId: number, kind: GateKind) => `${repositoryId}\u0000${kind}`
  return QualityGateStore.of({
    find: (repositoryId, kind) => Effect.sync(() => Option.fromNullable(gates.get(key(repositoryId, kind)))),
    save: (repositoryId, kind, gate) => Effect.sync(() => void gates.set(key(repositoryId, kind), gate)),
    remove: (repositoryId, kind) => Effect.sync(() => void gates.delete(key(repositoryId, kind)))
  })
})

export const layer = Layer.effect(QualityGateStore, make)
