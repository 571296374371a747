import { Context, type Effect, Schema } from "effect"

/** A URL whose host leads (after name resolution) to an address outside the public internet. */
export class NonPublicAddress extends Schema.TaggedError<NonPublicAddress>()("NonPublicAddress", {
  url: Schema.String,
  /** The resolved address that is not public, e.g. `127.0.0.1`, `10.0.0.7`, `fd00::1`. */
  address: Schema.String,
  /** Its range as named by IANA's special-purpose registries, e.g. `loopback`, `private`, `uniqueLocal`. */
  range: Schema.String
}) {
  override get message() {
    return `${this.url} leads to ${this.address}, a ${this.range} address, not a public one`
  }
}

/**
 * Where the host of a remote URL (http(s), git, ssh, or scp-like `user@host:path`) leads, as name
 * resolution answers now. Asked before the server connects somewhere a caller chose, so that a
 * caller cannot make the server reach its own loopback or private network (services that trust
 * it). An installation that means to reach such hosts turns the check off in the adapter.
 */
export class NetworkAddresses extends Context.Tag("@tidemark/core/NetworkAddresses")<
  NetworkAddresses,
  {
    /**
     * Succeeds when every address the URL's host resolves to is public, or when the name does not
     * resolve at all (then no connection can be made either). A local path or `file://` URL has
     * no host and succeeds: reading the server's disk is ruled on by who may add a repository.
     */
    readonly requirePublic: (url: string) => Effect.Effect<void, NonPublicAddress>
  }
>() {}
