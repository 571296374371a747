import { Effect, Layer, Option } from "effect"
import { compareKeys, pageOfSorted } from "../domain/Pagination.js"
import { Credential } from "../domain/Records.js"
import { CredentialStore } from "../ports/CredentialStore.js"

const pageKey = (credential: Credential) => [credential.createdAt, credential.id]

export const make = Effect.sync(() => {
  const credentials = new Map<string, Credential>()
  const ofOrganization = (organizationId: number) =>
    [...credentials.values()]
      .filter((c) => c.organizationId === organizationId)
      .sort((a, b) => compareKeys(pageKey(a), pageKey(b)))
  return CredentialStore.of({
    save: (credential) => Effect.sync(() => void credentials.set(credential.id, credential)),
    find: (id) => Effect.sync(() => Option.fromNullable(credentials.get(id))),
    countByKind: (kind) => Effect.sync(() => [...credentials.values()].filter((c) => c.kind === kind).length),
    ofOrganization: (organizationId, page) => Effect.sync(() => pageOfSorted(ofOrganization(organizationId), pageKey, page)),
    remove: (organizationId, id) =>
      Effect.sync(() => credentials.get(id)?.organizationId === organizationId && credentials.delete(id)),
    markUsed: (id, at) =>
      Effect.sync(() => {
        const found = credentials.get(id)
        // A later use recorded meanwhile stays: the time never moves back.
        if (found !== undefined && (found.lastUsedAt === undefined || found.lastUsedAt < at)) {
          credentials.set(id, new Credential({ ...found, lastUsedAt: at }))
        }
      })
  })
})

export const layer = Layer.effect(CredentialStore, make)
