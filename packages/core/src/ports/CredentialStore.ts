import { Context, type Effect, type Option } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { Credential, CredentialKind } from "../domain/Records.js"

/** API tokens, ingestion keys and the admin token, stored as hashes. */
export class CredentialStore extends Context.Tag("@tidemark/core/CredentialStore")<
  CredentialStore,
  {
    readonly save: (credential: Credential) => Effect.Effect<void, ServiceUnavailable>
    readonly find: (id: string) => Effect.Effect<Option.Option<Credential>, ServiceUnavailable>
    readonly countByKind: (kind: CredentialKind) => Effect.Effect<number, ServiceUnavailable>
  }
>() {}
