/** A git host's API on a loopback port, recording every request and answering as a test scripts it. */
import { Effect } from "effect"
import { createServer, type IncomingHttpHeaders } from "node:http"

export interface RecordedRequest {
  readonly method: string
  /** Path and query, as sent (percent-encoding kept). */
  readonly url: string
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/**
 * Answers the n-th request with `statuses[n]` (the last one once they run out) and a small JSON
 * body, as the hosts answer, with `headers` added. Stopped with the scope.
 */
export const fakeHost = (statuses: ReadonlyArray<number>, headers: Readonly<Record<string, string>> = {}) =>
  Effect.gen(function*() {
    const requests: Array<RecordedRequest> = []
    const server = createServer((request, response) => {
      const chunks: Array<Buffer> = []
      request.on("data", (chunk: Buffer) => chunks.push(chunk))
      request.on("end", () => {
        const status = statuses[Math.min(requests.length, statuses.length - 1)] ?? 201
        requests.push({
          method: request.method ?? "",
          url: request.url ?? "",
          headers: request.headers,
          body: Buffer.concat(chunks).toString("utf8")
        })
        response.writeHead(status, { "content-type": "application/json", ...headers })
        response.end(JSON.stringify(status < 300 ? { id: requests.length } : { message: `refused with ${status}` }))
      })
    })
    const port = yield* Effect.acquireRelease(
      Effect.async<number>((resume) => {
        server.listen(0, "127.0.0.1", () => {
          const address = server.address()
          resume(Effect.succeed(typeof address === "object" && address !== null ? address.port : 0))
        })
      }),
      () => Effect.async<void>((resume) => void server.close(() => resume(Effect.void)))
    )
    return { url: `http://127.0.0.1:${port}`, requests }
  })

/** A loopback port nobody listens on: a host that is down. */
export const downHost = Effect.async<string>((resume) => {
  const server = createServer()
  server.listen(0, "127.0.0.1", () => {
    const address = server.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    server.close(() => resume(Effect.succeed(`http://127.0.0.1:${port}`)))
  })
})
