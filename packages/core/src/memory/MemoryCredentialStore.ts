import { Effect, Layer, Option } from "effect"
import type { Credential } from "../domain/Records.js"
import { CredentialStore } from "../ports/CredentialStore.js"

export const make = Effect.sync(() => {
  const credentials = new Map<string, Credential>()
  return CredentialStore.of({
    save: (credential) => Effect.sync(() => void credentials.set(credential.id, credential)),
    find: (id) => Effect.sync(() => Option.fromNullable(credentials.get(id))),
    countByKind: (kind) => Effect.sync(() => [...credentials.values()].filter((c) => c.kind === kind).length)
  })
})

export const layer = Layer.effect(CredentialStore, make)
