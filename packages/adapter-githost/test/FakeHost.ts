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
export const fakeHost = (statuses: ReadonlyArray<number>, headers: Readonly<Record<string, string>> = {}) => {
  let answered = 0
  return routedHost(() => {
    const status = statuses[Math.min(answered, statuses.length - 1)] ?? 201
    answered++
    return { status, headers, body: status < 300 ? { id: answered } : { message: `refused with ${status}` } }
  })
}

/** A loopback port nobody listens on: a host that is down. */
export const downHost = Effect.async<string>((resume) => {
  const server = createServer()
  server.listen(0, "127.0.0.1", () => {
    const address = server.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    server.close(() => resume(Effect.succeed(`http://127.0.0.1:${port}`)))
  })
})

/** What a routed fake host answers one request with. */
export interface Answer {
  readonly status: number
  readonly body: unknown
  readonly headers?: Readonly<Record<string, string>>
}

/** A host answering each request as `answer` says from its method and URL (path and query), recording them all; stopped with the scope. */
export const routedHost = (answer: (request: RecordedRequest) => Answer) =>
  Effect.gen(function*() {
    const requests: Array<RecordedRequest> = []
    const server = createServer((request, response) => {
      const chunks: Array<Buffer> = []
      request.on("data", (chunk: Buffer) => chunks.push(chunk))
      request.on("end", () => {
        const recorded = { method: request.method ?? "", url: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") }
        requests.push(recorded)
        const { body, headers, status } = answer(recorded)
        response.writeHead(status, { "content-type": "application/json", ...headers })
        response.end(JSON.stringify(body))
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
