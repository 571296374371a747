import { Context, type Effect, type Option } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { PageRequest, ResultPage } from "../domain/Pagination.js"
import type { Credential, CredentialKind } from "../domain/Records.js"

/** API tokens, ingestion keys and the admin token, stored as hashes. */
export class CredentialStore extends Context.Tag("@tidemark/core/CredentialStore")<
  CredentialStore,
  {
    readonly save: (credential: Credential) => Effect.Effect<void, ServiceUnavailable>
    readonly find: (id: string) => Effect.Effect<Option.Option<Credential>, ServiceUnavailable>
    readonly countByKind: (kind: CredentialKind) => Effect.Effect<number, ServiceUnavailable>
    /** The organization's credentials, oldest first (by `createdAt`, then `id`: the page's key). */
    readonly ofOrganization: (organizationId: number, page: PageRequest) => Effect.Effect<ResultPage<Credential>, ServiceUnavailable>
    /** Forgets the credential if it belongs to the organization; whether it did. */
    readonly remove: (organizationId: number, id: string) => Effect.Effect<boolean, ServiceUnavailable>
    /** Records that the credential authenticated at `at` (an ISO 8601 time); nothing if it is gone. */
    readonly markUsed: (id: string, at: string) => Effect.Effect<void, ServiceUnavailable>
  }
>() {}
