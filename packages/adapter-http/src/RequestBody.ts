import { type HttpApp, HttpIncomingMessage, HttpServerError, HttpServerRequest } from "@effect/platform"
import { Common } from "@tidemark/core"
import { Effect, Option } from "effect"
import { invalidBody, invalidRequest } from "./ErrorMapping.js"

/**
 * Bodies are refused before anything reads them when they are too large (by Content-Length) or not
 * declared as JSON, so that a client gets the error body rather than a reset connection or a form
 * parsed as if it were JSON. A chunked body past the limit still fails while it is read. Named
 * RequestBody for what it mostly guards; it also refuses URLs carrying NUL characters, and every
 * JSON body is parsed here (`storableJson`) for whoever reads it.
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
    const read = HttpIncomingMessage.withMaxBodySize(app, Option.some(bytes)).pipe(
      Effect.provideService(HttpServerRequest.HttpServerRequest, storableJson(request))
    )
    return yield* hasBody ? Effect.catchAllDefect(read, (defect) => tooDeep(request.url, defect)) : read
    // The failures are API error classes, encoded by the framework like any handler's; the
    // app-level type cannot name them.
  }) as HttpApp.Default

const parseStorable = (request: HttpServerRequest.HttpServerRequest, text: string) =>
  Effect.try({
    try: (): unknown => (text === "" ? null : JSON.parse(text, Common.refuseNul)),
    catch: (cause) =>
      new HttpServerError.RequestError({
        request,
        reason: "Decode",
        cause,
        description: cause instanceof Error && cause.message === Common.nulInJson
          ? Common.nulInJson
          : cause instanceof RangeError
          ? "it is nested too deeply"
          : "it is not valid JSON or is too large"
      })
  })

/**
 * The request as handlers see it: its `json` refuses any string holding NUL, once for every
 * operation (the HttpApi's payloads and the ingestion route read bodies through it), since every
 * string of a body may reach storage and PostgreSQL refuses NUL in text. A body read as bytes (the
 * webhooks', which are signed) is checked where it is decoded. The rest of the request is the
 * platform's own: the proxy reads everything else from it, so its cached body is read once.
 */
const storableJson = (request: HttpServerRequest.HttpServerRequest): HttpServerRequest.HttpServerRequest =>
  new Proxy(request, {
    get: (target, key) =>
      key === "json" ? Effect.flatMap(target.text, (text) => parseStorable(target, text)) : Reflect.get(target, key, target)
  })

/**
 * JSON nested tens of thousands deep parses, but every recursive walk of the value after it (the
 * schema's decoding, the error message quoting what was sent) may overflow the stack: that body is
 * the client's mistake, answered 400 as any body that does not decode. Any other defect stays one.
 */
const tooDeep = (url: string, defect: unknown) =>
  defect instanceof RangeError && /call stack/i.test(defect.message)
    ? Effect.fail(invalidBody(url, "it is nested too deeply"))
    : Effect.die(defect)
