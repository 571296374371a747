/**
 * How git may reach a repository's source. A name may lead elsewhere at a fetch than when the
 * repository was added (a record changed, a repository stored before the rule), so each clone or
 * fetch of a remote checks where its host leads right then, against the rule of the
 * NetworkAddresses port. An http(s) connection is pinned to the addresses checked (git resolves
 * the name again, and a rebinding name could answer otherwise the second time); redirects are
 * never followed, so a server cannot send git on to another address.
 */
import { Data, Effect } from "effect"
import * as DnsNetworkAddresses from "./DnsNetworkAddresses.js"
import type { RepositoryLocation } from "./RepositoryLocation.js"

/** Why git is not let to reach a remote. */
export class RemoteRefused extends Data.TaggedError("RemoteRefused")<{
  readonly host: string
  /**
   * `unclearHost`: the URL's host is not a plain name or address that every parser reads alike;
   * `unresolved`: the name leads nowhere now (so nothing can be pinned); `nonPublic`: it leads to
   * `address`, of the non-public `range`.
   */
  readonly reason: "unclearHost" | "unresolved" | "nonPublic"
  readonly address?: string
  readonly range?: string
}> {
  override get message() {
    switch (this.reason) {
      case "unclearHost":
        return `the host of the repository URL (${this.host}) is not a plain name or address`
      case "unresolved":
        return `${this.host} does not resolve`
      case "nonPublic":
        return `${this.host} leads to ${this.address ?? "?"}, a ${this.range ?? "?"} address, not a public one`
    }
  }
}

export interface RemoteAccessOptions {
  /** Whether addresses outside the public internet may be reached (an installation whose hosts are internal). */
  readonly allowPrivate: boolean
  /** The system's resolver (`dns.lookup`) by default. */
  readonly resolve?: DnsNetworkAddresses.Resolver | undefined
}

export interface RemoteAccess {
  /**
   * The `-c` options every git command that may reach `location`'s source must carry (a fetch, a
   * clone, a blame or diff of a blob-less mirror that fetches what it lacks), the host checked now;
   * none for a local source.
   */
  readonly optionsFor: (location: RepositoryLocation) => Effect.Effect<ReadonlyArray<string>, RemoteRefused>
}

const noRedirects = ["-c", "http.followRedirects=false"]

// The host as git and curl read it, where no other reading is possible: no backslash, blank or
// second `@` that parsers split differently (`http://a\@127.0.0.1/` is one host to a browser's
// URL parser and another to curl), only a name's or an address's characters.
const plainHost = String.raw`(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)`
const urlAuthority = new RegExp(String.raw`^([A-Za-z][A-Za-z0-9+.-]*)://(?:[^@/\\?#\s]*@)?${plainHost}(?::(\d*))?(?:[/?#]|$)`)
const scpAuthority = new RegExp(String.raw`^(?:[^@/\\\s]*@)?${plainHost}:`)
const unclearCharacters = /[\\\s\p{Cc}]/u

interface Authority {
  readonly scheme: string | undefined
  readonly host: string
  readonly port: string | undefined
}

/** The host (and scheme and port) of a remote source, when it reads the same to git as to us. */
const authorityOf = (source: string): Authority | undefined => {
  if (unclearCharacters.test(source)) return undefined
  const url = urlAuthority.exec(source)
  const scp = url === null ? scpAuthority.exec(source) : null
  const host = (url?.[2] ?? scp?.[1])?.replace(/^\[(.*)\]$/, "$1").toLowerCase()
  // The host the add-time check (DnsNetworkAddresses.hostOf) read must be this one too.
  if (host === undefined || DnsNetworkAddresses.hostOf(source)?.toLowerCase() !== host) return undefined
  return { scheme: url?.[1]?.toLowerCase(), host, port: url?.[3] || undefined }
}

const defaultPorts: Record<string, string> = { http: "80", https: "443" }

/**
 * curl's `CURLOPT_RESOLVE` entry (`host:port:address[,address]`) that makes git's http(s)
 * transport connect to the checked addresses; none for other transports (git:// and ssh resolve
 * the name themselves, with no such option) or for an address literal.
 */
const pinning = (authority: Authority, addresses: ReadonlyArray<string>): ReadonlyArray<string> => {
  const defaultPort = authority.scheme === undefined ? undefined : defaultPorts[authority.scheme]
  if (defaultPort === undefined || addresses.length === 0 || DnsNetworkAddresses.rangeOf(authority.host) !== "invalid") return []
  const listed = addresses.map((address) => address.includes(":") ? `[${address}]` : address).join(",")
  return ["-c", `http.curloptResolve=${authority.host}:${authority.port ?? defaultPort}:${listed}`]
}

/** Why `addresses` may not be reached when only public ones may, if they may not. */
const refusal = (host: string, addresses: ReadonlyArray<string>): RemoteRefused | undefined => {
  if (addresses.length === 0) return new RemoteRefused({ host, reason: "unresolved" })
  const found = DnsNetworkAddresses.firstNonPublic(addresses)
  return found === undefined ? undefined : new RemoteRefused({ host, reason: "nonPublic", ...found })
}

/**
 * Where private addresses are allowed, names are still pinned when they resolve: one way for all,
 * whose only difference is the check.
 */
export const make = (options: RemoteAccessOptions): RemoteAccess => ({
  optionsFor: (location) => {
    if (!location.remote) return Effect.succeed([])
    const authority = authorityOf(location.source)
    if (authority === undefined) {
      return options.allowPrivate
        ? Effect.succeed(noRedirects)
        : Effect.fail(new RemoteRefused({ host: DnsNetworkAddresses.hostOf(location.source) ?? "", reason: "unclearHost" }))
    }
    return Effect.flatMap(DnsNetworkAddresses.addressesOf(authority.host, options.resolve), (addresses) => {
      const refused = options.allowPrivate ? undefined : refusal(authority.host, addresses)
      return refused === undefined ? Effect.succeed([...noRedirects, ...pinning(authority, addresses)]) : Effect.fail(refused)
    })
  }
})
