import { Headers, type HttpApp, HttpMiddleware, HttpServerRequest } from "@effect/platform"
import { Redaction } from "@tidemark/core"
import { Effect, Layer } from "effect"

/**
 * Spans of the HTTP server without secrets. The platform's tracer records every request header
 * not named in `Headers.currentRedactedNames` (ours, `api-token`, is not among its defaults) and
 * the URL with its query (the ingestion API's `api_key`). Headers: our names are added to the
 * redacted ones. URLs: the platform's span is left out for a request whose URL shows a secret (in
 * its query, or one of our issued secrets in its path), and `redactedSpan` records the same span
 * with the URL redacted.
 */

/** Requests the platform's tracer must not record: those `untraced` names, and any whose URL shows a secret. */
export const withoutSecrets = (untraced: (request: HttpServerRequest.HttpServerRequest) => boolean) =>
<A, E, R>(layer: Layer.Layer<A, E, R>): Layer.Layer<A, E, R> =>
  layer.pipe(
    HttpMiddleware.withTracerDisabledWhen((request) => untraced(request) || Redaction.showsSecret(request.url)),
    Layer.locally(Headers.currentRedactedNames, [...Redaction.secretHeaderNames])
  )

/** The span the platform would record for a request whose URL shows a secret, with it redacted. */
export const redactedSpan = (app: HttpApp.Default): HttpApp.Default =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
    const url = Redaction.redactSecrets(request.url)
    if (url === request.url) return app
    const query = url.indexOf("?")
    return app.pipe(
      Effect.tap((response) => Effect.annotateCurrentSpan("http.response.status_code", response.status)),
      Effect.withSpan(`http.server ${request.method}`, {
        kind: "server",
        attributes: {
          "http.request.method": request.method,
          "url.path": query < 0 ? url : url.slice(0, query),
          ...(query < 0 ? {} : { "url.query": url.slice(query + 1) })
        }
      })
    )
  })
