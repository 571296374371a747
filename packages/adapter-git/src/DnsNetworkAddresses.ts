/**
 * The NetworkAddresses port on the system's resolver (`dns.lookup`, as git, curl and Node's HTTP
 * client resolve) and IANA's special-purpose address registries as `ipaddr.js` keeps them.
 */
import { NetworkAddresses } from "@tidemark/core"
import { type Context, Effect, Layer } from "effect"
import ipaddr from "ipaddr.js"
import { lookup } from "node:dns/promises"
import * as RepositoryLocation from "./RepositoryLocation.js"

export interface DnsNetworkAddressesOptions {
  /** Whether addresses outside the public internet are allowed (an installation whose hosts are internal). */
  readonly allowPrivate: boolean
}

/**
 * The range of an address: `unicast` for a public one; otherwise its special-purpose name
 * (`loopback`, `private`, `carrierGradeNat`, `linkLocal`, `uniqueLocal`, `unspecified`, `multicast`,
 * `broadcast`, `reserved`, ...). An IPv4-mapped IPv6 address is judged as the IPv4 address it maps;
 * the other IPv6 forms that carry an IPv4 address (NAT64, 6to4, Teredo) keep their own non-public
 * range, since where they lead depends on a translator.
 */
export const rangeOf = (address: string): string =>
  ipaddr.isValid(address) ? ipaddr.process(address).range() : "invalid"

/** The host a remote URL names, brackets of an IPv6 literal removed; none for a local path or file:// URL. */
export const hostOf = (url: string): string | undefined => {
  const address = url.trim()
  const parsed = RepositoryLocation.parse(address, (path) => path)
  if (parsed._tag === "Left" || !parsed.right.remote) return undefined
  const host = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(address)
    ? URL.canParse(address) ? new URL(address).hostname : undefined
    // scp-like `[user@]host:path`, the host possibly a bracketed IPv6 literal.
    : /^(?:[^@/]*@)?(\[[^\]]*\]|[^:/]*):/.exec(address)?.[1]
  return host?.replace(/^\[(.*)\]$/, "$1")
}

/** Every address a name resolves to; none when it does not resolve. */
export type Resolver = (host: string) => Promise<ReadonlyArray<string>>

/** The system's resolver, as git, curl and Node's HTTP client ask it. */
export const systemResolver: Resolver = (host) =>
  lookup(host, { all: true, verbatim: true }).then((found) => found.map((entry) => entry.address))

/** Where `host` leads now: itself when it is an address literal, else what `resolve` answers. */
export const addressesOf = (host: string, resolve: Resolver = systemResolver): Effect.Effect<ReadonlyArray<string>> =>
  ipaddr.isValid(host)
    // Literals in any form the resolver takes (`0x7f000001`, `2130706433`), written as usual.
    ? Effect.succeed([ipaddr.parse(host).toString()])
    : Effect.tryPromise(() => resolve(host)).pipe(
      // A name that does not resolve leads nowhere: the connection that follows fails by itself.
      Effect.orElseSucceed((): ReadonlyArray<string> => [])
    )

/** The first of `addresses` that is not public, with its range. */
export const firstNonPublic = (
  addresses: ReadonlyArray<string>
): { readonly address: string; readonly range: string } | undefined =>
  addresses.map((address) => ({ address, range: rangeOf(address) })).find(({ range }) => range !== "unicast")

export const make = (options: DnsNetworkAddressesOptions): Context.Tag.Service<NetworkAddresses.NetworkAddresses> => ({
  requirePublic: (url) => {
    const host = hostOf(url)
    if (options.allowPrivate || host === undefined) return Effect.void
    return Effect.flatMap(addressesOf(host), (addresses) => {
      const found = firstNonPublic(addresses)
      return found === undefined ? Effect.void : Effect.fail(new NetworkAddresses.NonPublicAddress({ url, ...found }))
    })
  }
})

export const layer = (options: DnsNetworkAddressesOptions): Layer.Layer<NetworkAddresses.NetworkAddresses> =>
  Layer.succeed(NetworkAddresses.NetworkAddresses, make(options))

