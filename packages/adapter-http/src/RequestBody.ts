import { type HttpApp, HttpIncomingMessage, HttpServerRequest } from "@effect/platform"
import { Effect, Option } from "effect"
import { invalidBody, invalidRequest } from "./ErrorMapping.js"

/**
 * Bodies are refused before anything reads them when they are too large (by Content-Length) or not
 * declared as JSON, so that a client gets the error body rather than a reset connection or a form
 * parsed as if it were JSON. A chunked body past the limit still fails while it is read. Named
 * RequestBody for what it mostly guards; it also refuses URLs carrying NUL characters.
 */
export const bodyGuard = (bytes: number) => (app: HttpApp.Default): HttpApp.Default =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    // Nothing a client names can hold NUL (storage cannot), so such a path or query is malformed.
    if (/%00/i.test(request.url)) {
      return yield* Effect.fail(invalidRequest(request.url, "the path or query contains a NUL character"))
    }
    const length = request.headers["content-length"]
    const hasBody = (length !== undefined && length !== "0") || request.headers["transfer-encoding"] !== undefined
    const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase()
    if (length !== undefined && Number(length) > bytes) {
      return yield* Effect.fail(invalidBody(request.url, `larger than ${bytes} bytes`))
    }
    if (hasBody && type !== "application/json") {
      return yield* Effect.fail(invalidBody(request.url, "Content-Type must be application/json"))
    }
    return yield* HttpIncomingMessage.withMaxBodySize(app, Option.some(bytes))
    // The failures are API error classes, encoded by the framework like any handler's; the
    // app-level type cannot name them.
  }) as HttpApp.Default
