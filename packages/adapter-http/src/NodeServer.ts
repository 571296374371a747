import { createServer, type Server } from "node:http"

/**
 * Node's HTTP server, its idle keep-alive connections kept 65 s instead of Node's 5. A client that
 * sends on a connection at the moment the server closes it gets ECONNRESET, and cannot tell
 * whether a POST was received (seen: the HTTP suite's first POST after a slow set-up, on a loaded
 * machine). Clients and load balancers keep idle connections up to 60 s, and fetch (undici)
 * follows the server's `Keep-Alive: timeout` hint: the server has to outlast them, not the reverse.
 */
export const nodeServer = (): Server => {
  const server = createServer()
  server.keepAliveTimeout = 65_000
  // Node asks that a request's headers be allowed longer than an idle connection is kept.
  server.headersTimeout = 66_000
  return server
}
