import { Effect, Option } from "effect"
import { NotFound } from "../domain/Errors.js"
import { IssuedToken, type IssuedTokenKind } from "../domain/IssuedToken.js"
import { pageOfResults, pageRequest } from "../domain/Pagination.js"
import type { OrganizationCoordinates, Principal } from "../domain/Principal.js"
import type { Credential } from "../domain/Records.js"
import { CredentialStore } from "../ports/CredentialStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { Access } from "./Access.js"
import { withSpans } from "../runtime/Spans.js"

type Caller = Option.Option<Principal>

type IssuedCredential = Credential & { readonly kind: IssuedTokenKind }

// The admin credential belongs to no organization, so no organization's list holds it.
const isIssued = (credential: Credential): credential is IssuedCredential => credential.kind !== "admin"

const viewOf = (credential: IssuedCredential, repositoryNames: ReadonlyMap<number, string>) => {
  const repository = credential.repositoryId === undefined ? undefined : repositoryNames.get(credential.repositoryId)
  return new IssuedToken({
    id: credential.id,
    kind: credential.kind,
    permission: credential.permission,
    ...(repository === undefined ? {} : { repository }),
    createdAt: credential.createdAt,
    lastUsedAt: credential.lastUsedAt ?? null
  })
}

/**
 * The secrets issued to an organization (API tokens, repository tokens, ingestion keys): listed and
 * revoked by the installation admin or an admin token of the organization, who may issue them. A
 * revoked secret is refused from the next request on, by every process sharing the storage (Access
 * forgets what it verified, and announces it: CredentialRevocations).
 */
const make = Effect.gen(function*() {
  const access = yield* Access
  const credentials = yield* CredentialStore
  const repositories = yield* RepositoryStore

  const repositoryNames = (page: ReadonlyArray<Credential>) =>
    Effect.forEach(
      new Set(page.flatMap((credential) => credential.repositoryId === undefined ? [] : [credential.repositoryId])),
      (id) => Effect.map(repositories.findRepositoryById(id), Option.map((found) => [id, found.name] as const)),
      { concurrency: 4 }
    ).pipe(Effect.map((found) => new Map(found.flatMap(Option.toArray))))

  const list = (caller: Caller, at: OrganizationCoordinates, query: { readonly cursor?: string | undefined; readonly limit?: number | undefined }) =>
    Effect.gen(function*() {
      const organization = yield* access.organization(caller, at, "admin")
      const request = yield* pageRequest(query.cursor, query.limit)
      const rows = yield* credentials.ofOrganization(organization.id, request)
      const names = yield* repositoryNames(rows.items)
      return pageOfResults({ ...rows, items: rows.items.filter(isIssued) }, request.limit, (credential) => viewOf(credential, names))
    })

  const revoke = (caller: Caller, at: OrganizationCoordinates, id: string) =>
    Effect.gen(function*() {
      const organization = yield* access.organization(caller, at, "admin")
      if (!(yield* credentials.remove(organization.id, id))) return yield* new NotFound({ what: "token", id })
      yield* access.forgetVerified
    })

  return withSpans("Tokens", { list, revoke })
})

export class Tokens extends Effect.Service<Tokens>()("@tidemark/core/Tokens", {
  effect: make,
  dependencies: [Access.Default]
}) {}
