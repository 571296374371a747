import dgram from "node:dgram"
import dns from "node:dns"
import { syncBuiltinESMExports } from "node:module"
import net from "node:net"

/**
 * Node 20's permission model has no switch for the network, and a repository's config would
 * otherwise reach every service the worker can (a database on loopback with trust auth, a broker).
 * Replacing the entry points in the child before the config loads leaves it no way to open a
 * socket: every client (http, https, tls, fetch's undici, http2) ends in `net.Socket#connect`, and
 * the bindings underneath are out of reach (`process.binding` is refused under the permission model).
 */

export class NetworkDenied extends Error {
  readonly code = "ERR_ACCESS_DENIED"
  readonly permission = "Network"
  constructor(readonly resource: string) {
    super(`network access is not allowed in the sandbox (${resource})`)
  }
}

const deny = (resource: string) => (): never => {
  throw new NetworkDenied(resource)
}

const seal = (target: object, key: string, resource: string) =>
  Object.defineProperty(target, key, { value: deny(resource), writable: false, configurable: false })

export const blockNetwork = (): void => {
  seal(net.Socket.prototype, "connect", "net.Socket#connect")
  seal(net.Server.prototype, "listen", "net.Server#listen")
  seal(dgram.Socket.prototype, "bind", "dgram.Socket#bind")
  seal(dgram.Socket.prototype, "send", "dgram.Socket#send")
  seal(dgram.Socket.prototype, "connect", "dgram.Socket#connect")
  // Name resolution sends packets of its own (c-ares), enough to carry data out.
  seal(dns, "lookup", "dns.lookup")
  seal(dns.promises, "lookup", "dns.promises.lookup")
  seal(dns, "lookupService", "dns.lookupService")
  seal(dns.promises, "lookupService", "dns.promises.lookupService")
  // The module's own resolve* are bound to a default resolver made at load: sealed one by one.
  const queries = Object.getOwnPropertyNames(dns.Resolver.prototype).filter((key) => key.startsWith("resolve") || key === "reverse")
  for (const key of queries) {
    for (const [target, name] of [[dns.Resolver.prototype, "dns.Resolver#"], [dns.promises.Resolver.prototype, "dns.promises.Resolver#"], [dns, "dns."], [dns.promises, "dns.promises."]] as const) {
      if (key in target) seal(target, key, `${name}${key}`)
    }
  }
  for (const key of ["fetch", "WebSocket", "EventSource"]) {
    if (key in globalThis) seal(globalThis, key, key)
  }
  // `import { lookup } from "node:dns"` reads the ES module's copies of the exports: bring them up to date.
  syncBuiltinESMExports()
}
