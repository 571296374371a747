import { HttpApp, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"

/**
 * The headers every answer carries, the dashboard's files and the APIs' JSON alike: one policy for
 * the whole origin, so a JSON body opened in a tab or a file served by mistake is held to it too.
 *
 * The dashboard is one script and one stylesheet from its own origin (no inline script or style
 * attribute; uPlot styles its elements through the CSSOM, which CSP allows), so the policy admits
 * nothing else: a name holding markup that ever reached the DOM as HTML still could not run.
 * `X-Frame-Options` says what `frame-ancestors` says, for browsers that predate it.
 */
export const headers = {
  "content-security-policy": [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'"
  ].join("; "),
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY"
} as const

/**
 * Adds the headers as the server writes the answer: after the app's own answer or the one the
 * server makes of a failure that escaped it, so no path (404, defect, OpenAPI document) goes without.
 */
export const middleware = <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R> =>
  HttpApp.withPreResponseHandler(app, (_request, response) => Effect.succeed(HttpServerResponse.setHeaders(response, headers)))
