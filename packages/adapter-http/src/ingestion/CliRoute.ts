import { type HttpApp, HttpRouter, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import { RouteNotFound } from "@effect/platform/HttpServerError"
import { Access, Ingestion, IngestionEvents } from "@tidemark/core"
import { Cause, Effect, Option, ParseResult, Schema } from "effect"
import { authenticateIngestionKey } from "../AuthenticationLive.js"
import { errorMiddleware, ingestionErrorResponse, ingestionErrors } from "../ErrorMapping.js"
import { IngestionParams } from "./Api.js"
import { bodyGuard } from "../RequestBody.js"

/**
 * pushAccelerateData (`POST /v1/ingestion/cli`) on a route of its own, in front of the HttpApi app:
 * every ingested event comes this way, and the HttpApi machinery per request (router, security
 * middleware, a decode per part, a span) cost several times the work itself. The HttpApi endpoint
 * stays for the OpenAPI document and answers what this route leaves to it (see `serves`).
 *
 * The answers are the endpoint's: the same steps in the same order (body guard, `api_key`, body,
 * query, then the core), the same decode errors, and failures through the same error mapping and
 * the API's own error encoding.
 */

export const path = "/v1/ingestion/cli"

const decodeEvent = Schema.decodeUnknown(IngestionEvents.Event)
const decodeParams = Schema.decodeUnknown(IngestionParams)
const accepted = HttpServerResponse.empty({ status: 204 })

/** The key as the HttpApi security decoder reads it: a single `api_key`, else none (""). */
const apiKeyOf = (params: Readonly<Record<string, string | ReadonlyArray<string>>>) => {
  const key = params["api_key"]
  return typeof key === "string" ? key : ""
}

/**
 * Whether this route answers the request: POST with a body the endpoint would read as JSON (the
 * same test as the HttpApi's payload reader). Anything else (forms, text, other methods) goes to
 * the HttpApi app, which answers it as it always has.
 */
export const serves = (request: HttpServerRequest.HttpServerRequest) =>
  request.method === "POST" &&
  (request.headers["content-type"]?.toLowerCase().trim() || "application/json").includes("application/json")

/** Whether a request is for this route's path (the tracer is disabled for it). */
export const isForPath = (request: HttpServerRequest.HttpServerRequest) =>
  request.url === path || request.url.startsWith(`${path}?`)

const handler = (
  access: Access.Access,
  ingestion: Ingestion.Ingestion,
  params: Readonly<Record<string, string | ReadonlyArray<string>>>
) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const caller = yield* authenticateIngestionKey(access, apiKeyOf(params))
    const event = yield* Effect.flatMap(request.json, decodeEvent)
    // The query is decoded as it is parsed: the HttpApi's normalization only wraps single values in
    // arrays for keys that are not plain strings, and `system` is one.
    const query = yield* decodeParams(params)
    yield* ingestion.accept(caller, Option.fromNullable(query.system), event).pipe(ingestionErrors)
    return accepted
  }).pipe(Effect.catchIf(ParseResult.isParseError, HttpApiDecodeError.refailParseError))

/**
 * The HttpApi app with this route in front: requests it `serves` are routed first, and those it
 * has no route for go on to the HttpApi app.
 */
export const inFrontOf = (maxBodyBytes: number) => <E, R>(api: HttpApp.Default<E, R>) =>
  Effect.gen(function*() {
    const access = yield* Access.Access
    const ingestion = yield* Ingestion.Ingestion
    const route = Effect.flatMap(HttpServerRequest.ParsedSearchParams, (params) =>
      handler(access, ingestion, params).pipe(
        // The error mapping reads failures and defects alike (the HttpApi's body reader dies with
        // its errors); its middleware's type admits no typed failure.
        Effect.orDie,
        bodyGuard(maxBodyBytes),
        errorMiddleware,
        Effect.catchAllCause((cause) =>
          Option.getOrElse(Option.map(ingestionErrorResponse(Cause.squash(cause)), Effect.succeed), () => Effect.failCause(cause))
        )
      ))
    const cli = yield* HttpRouter.toHttpApp(HttpRouter.empty.pipe(HttpRouter.post(path, route)))
    return Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
      serves(request)
        ? Effect.catchIf(cli, (e) => e instanceof RouteNotFound, () => api)
        : api)
  })
