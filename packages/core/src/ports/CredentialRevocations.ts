import { Context, type Effect, type Scope, type Stream } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"

/**
 * Word that credentials were revoked or replaced, to every process that verifies secrets against
 * the same storage: each remembers the secrets it verified (Access) and must forget them as soon as
 * one stops being valid, wherever that happened.
 */
export class CredentialRevocations extends Context.Tag("@tidemark/core/CredentialRevocations")<
  CredentialRevocations,
  {
    /** Tells every process, this one included, that a credential changed: once the change is stored. */
    readonly announce: Effect.Effect<void, ServiceUnavailable>
    /**
     * Listens for as long as the scope is open: once this succeeds, every announcement made
     * afterwards, by any process, comes out of the stream. The stream fails as soon as it may
     * have missed one (its connection is lost); it never ends otherwise.
     */
    readonly subscribe: Effect.Effect<Stream.Stream<void, ServiceUnavailable>, ServiceUnavailable, Scope.Scope>
  }
>() {}
