import { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import type { HttpApp } from "@effect/platform"
import { HttpApiSchema, HttpServerError, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import type * as Core from "@tidemark/core"
import { Errors, Redaction } from "@tidemark/core"
import { Cause, Effect, Option, Schema } from "effect"
import {
  BadRequest,
  Conflict,
  Forbidden,
  IngestionBadRequest,
  IngestionServerError,
  IngestionUnauthorized,
  InternalServerError,
  NotFound,
  ReporterBadRequest,
  ReporterForbidden,
  ReporterNotFound,
  ReporterServerError,
  ReporterUnauthorized,
  Unauthorized,
  UnprocessableEntity
} from "./HttpErrors.js"
import * as HttpErrors from "./HttpErrors.js"

/**
 * The one place where failures become HTTP statuses and bodies: domain errors per API, and what
 * the framework raises before a handler runs (undecodable input, unreadable bodies, unknown routes,
 * defects).
 */

export type DomainError =
  | Core.Errors.NotFound
  | Core.Errors.InvalidInput
  | Core.Errors.Unprocessable
  | Core.Errors.ConfigurationConflict
  | Core.Errors.Unauthenticated
  | Core.Errors.PermissionDenied
  | Core.Errors.ServiceUnavailable

/** The analysis API error a domain error becomes, by type, so handlers declare exactly what they can answer. */
export type AnalysisErrorOf<E> = E extends Core.Errors.NotFound ? NotFound
  : E extends Core.Errors.InvalidInput ? BadRequest
  : E extends Core.Errors.Unprocessable ? UnprocessableEntity
  : E extends Core.Errors.ConfigurationConflict ? Conflict
  : E extends Core.Errors.Unauthenticated ? Unauthorized
  : E extends Core.Errors.PermissionDenied ? Forbidden
  : E extends Core.Errors.ServiceUnavailable ? InternalServerError
  : never

/**
 * For the operations whose definition documents no 403 (the SLA's): a caller without the
 * permission is told 401, the status the original answers any caller it refuses with.
 */
export const refusedAsUnauthorized = <A, E, R>(
  effect: Effect.Effect<A, E | Core.Errors.PermissionDenied, R>
): Effect.Effect<A, Exclude<E, Core.Errors.PermissionDenied> | Core.Errors.Unauthenticated, R> =>
  Effect.catchIf(
    effect,
    (e): e is Core.Errors.PermissionDenied => e instanceof Errors.PermissionDenied,
    (e) => Effect.fail(new Errors.Unauthenticated({ kind: "wrongKind", reason: e.reason }))
  ) as Effect.Effect<A, Exclude<E, Core.Errors.PermissionDenied> | Core.Errors.Unauthenticated, R>

/**
 * Every message an error body carries passes here: a domain message may quote what a client sent
 * (a git URL with its credentials), a framework one the request's URL (with its `api_key`).
 */
const said = Redaction.redactSecrets

/**
 * What a client hears of a failure of storage, the queue or the host: that it happened. Why (the
 * database's own words, which name tables and quote values) is for the operator's log only.
 */
const unavailable = "The service could not complete the request"

const logUnavailable = <A, E extends DomainError, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.tapError(effect, (e) => e._tag === "ServiceUnavailable" ? Effect.logError(`service unavailable: ${said(e.message)}`) : Effect.void)

const analysisErrorOf = (e: DomainError): HttpErrors.AnalysisError => {
  const message = said(e.message)
  switch (e._tag) {
    case "NotFound":
      return new NotFound({ message: capitalize(message) })
    case "InvalidInput":
      return new BadRequest({ message })
    case "Unprocessable":
      return new UnprocessableEntity({ message })
    case "ConfigurationConflict":
      return new Conflict({ message })
    case "Unauthenticated":
      return new Unauthorized({ message })
    case "PermissionDenied":
      return new Forbidden({ message })
    case "ServiceUnavailable":
      return new InternalServerError({ message: unavailable })
  }
}

/** Maps every domain failure of an effect to the analysis API's error of the same meaning. */
export const analysisErrors = <A, E extends DomainError, R>(
  effect: Effect.Effect<A, E, R>
): Effect.Effect<A, AnalysisErrorOf<E>, R> =>
  Effect.mapError(logUnavailable(effect), (e) => analysisErrorOf(e) as AnalysisErrorOf<E>)

/** A stopped worker makes the process unready: the readiness probe's 503. */
export const serviceUnavailable = (e: Core.WorkerHealth.WorkerStopped): HttpErrors.ServiceUnavailable =>
  new HttpErrors.ServiceUnavailable({ message: said(e.message) })

export type IngestionErrorOf<E> = E extends Core.Errors.Unauthenticated ? IngestionUnauthorized
  : E extends Core.Errors.ServiceUnavailable ? IngestionServerError
  : IngestionBadRequest

export const ingestionErrors = <A, E extends DomainError, R>(
  effect: Effect.Effect<A, E, R>
): Effect.Effect<A, IngestionErrorOf<E>, R> =>
  Effect.mapError(logUnavailable(effect), (e) => {
    switch (e._tag) {
      case "Unauthenticated":
        return new IngestionUnauthorized({ message: said(e.message) }) as IngestionErrorOf<E>
      case "ServiceUnavailable":
        return new IngestionServerError({ message: unavailable }) as IngestionErrorOf<E>
      default:
        return new IngestionBadRequest({ message: said(e.message) }) as IngestionErrorOf<E>
    }
  })

/**
 * The coverage reporters' API 2.0: its `{error}` body by status. Validation failures the core finds
 * in a body (a commit id, a line) are the client's 400, as a decode failure is.
 */
export const reporterErrors = <A, E extends DomainError, R>(
  effect: Effect.Effect<A, E, R>
): Effect.Effect<A, HttpErrors.ReporterError, R> =>
  Effect.mapError(logUnavailable(effect), (e): HttpErrors.ReporterError => {
    const error = said(e.message)
    switch (e._tag) {
      case "Unauthenticated":
        return new ReporterUnauthorized({ error })
      case "PermissionDenied":
        return new ReporterForbidden({ error })
      case "NotFound":
        return new ReporterNotFound({ error: capitalize(error) })
      case "ServiceUnavailable":
        return new ReporterServerError({ error: unavailable })
      default:
        return new ReporterBadRequest({ error })
    }
  })

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/**
 * `limit: limit must be between 1 and 100`: the field a decode failure is about, then why; for a
 * field that holds a secret, not what was sent (a schema's message quotes the actual value).
 */
const describeDecodeError = (e: HttpApiDecodeError): string => {
  const issue = e.issues[0]
  if (issue === undefined) return said(e.message)
  const field = issue.path.map(String).join(".")
  if (issue.path.some((name) => Redaction.isSecretName(String(name)))) return `${field}: is not valid`
  return said(field === "" ? issue.message : `${field}: ${issue.message}`)
}

const isIngestion = (url: string) => url.startsWith("/v1/") || url === "/v1"
const isReporter = (url: string) => url.startsWith("/2.0/")

/** A request refused before it is read, in the shape of the API the request was for. */
const refuse = (url: string, message: string) =>
  isIngestion(url)
    ? new IngestionBadRequest({ message: said(message) })
    : isReporter(url)
    ? new ReporterBadRequest({ error: said(message) })
    : new BadRequest({ message: said(message) })

export const invalidRequest = (url: string, reason: string) => refuse(url, `Invalid request: ${reason}`)
export const invalidBody = (url: string, reason: string) => refuse(url, `Invalid request body: ${reason}`)

/** What a failure raised outside the handlers becomes, shaped for the API the request was for. */
const fromFramework = (failure: unknown, url: string): unknown => {
  const ingestion = isIngestion(url)
  if (failure instanceof HttpApiDecodeError) return refuse(url, `Invalid request: ${describeDecodeError(failure)}`)
  if (HttpServerError.isServerError(failure)) {
    if (failure._tag === "RouteNotFound") {
      const message = said(`No operation at ${failure.request.method} ${url}`)
      if (isReporter(url)) return new ReporterNotFound({ error: message })
      return ingestion ? new IngestionBadRequest({ message }) : new NotFound({ message })
    }
    if (failure._tag === "RequestError") {
      return refuse(url, `Invalid request body: ${failure.description ?? "it is not valid JSON or is too large"}`)
    }
  }
  return failure
}

const isAnswerable = (e: unknown) =>
  e instanceof BadRequest || e instanceof Unauthorized || e instanceof Forbidden || e instanceof NotFound ||
  e instanceof Conflict || e instanceof UnprocessableEntity || e instanceof InternalServerError ||
  e instanceof HttpErrors.BadGateway || e instanceof IngestionBadRequest || e instanceof IngestionUnauthorized ||
  e instanceof IngestionServerError || e instanceof ReporterBadRequest || e instanceof ReporterUnauthorized ||
  e instanceof ReporterForbidden || e instanceof ReporterNotFound || e instanceof ReporterServerError ||
  e instanceof HttpErrors.ServiceUnavailable

/**
 * Wraps the whole HTTP app: failures the framework raised become the spec's bodies, and anything
 * unexpected is logged and answered 500 with the error body, never a bare framework answer.
 */
export const errorMiddleware = (app: HttpApp.Default): HttpApp.Default =>
  Effect.catchAllCause(app, (cause) =>
    Effect.gen(function*() {
      if (Cause.isInterruptedOnly(cause)) return yield* Effect.failCause(cause)
      const request = yield* HttpServerRequest.HttpServerRequest
      const failure = fromFramework(Cause.squash(cause), request.url)
      if (isAnswerable(failure)) return yield* Effect.fail(failure)
      // As text, redacted: the cause may quote the request, and every logger (the tracer's too) gets it.
      yield* Effect.logError(`unexpected failure: ${said(Cause.pretty(cause))}`)
      return yield* Effect.fail(
        isIngestion(request.url)
          ? new IngestionServerError({ message: "Unexpected server condition" })
          : isReporter(request.url)
          ? new ReporterServerError({ error: "Unexpected server condition" })
          : new InternalServerError({ message: "Unexpected server condition" })
      )
    })
  ) as HttpApp.Default

const ingestionErrorBodies = [IngestionBadRequest, IngestionUnauthorized, IngestionServerError] as const
const IngestionErrorBody = Schema.Union(...ingestionErrorBodies)
const isIngestionErrorBody = Schema.is(IngestionErrorBody)
const encodeIngestionErrorBody = Schema.encodeSync(IngestionErrorBody)

/**
 * An ingestion error the mapping produced, answered as the HttpApi encodes it (its status and JSON
 * body), for a route served outside the HttpApi (`ingestion/CliRoute.ts`); none for anything else.
 */
export const ingestionErrorResponse = (failure: unknown): Option.Option<HttpServerResponse.HttpServerResponse> => {
  const schema = ingestionErrorBodies.find((body) => failure instanceof body)
  return schema === undefined || !isIngestionErrorBody(failure)
    ? Option.none()
    : Option.some(
      HttpServerResponse.unsafeJson(encodeIngestionErrorBody(failure), { status: HttpApiSchema.getStatusError(schema) })
    )
}

