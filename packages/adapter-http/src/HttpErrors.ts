import { HttpApiSchema } from "@effect/platform"
import { Common } from "@tidemark/core"
import { Schema } from "effect"

/**
 * The error bodies both APIs answer with, one class per status. Analysis API:
 * `{error, message, actions, innerMessage?}` with `error` naming the status without spaces;
 * ingestion API: ApiError `{message, error}` with the status name as the spec lists it.
 */

const actions = Schema.Array(Common.Action).pipe(Schema.propertySignature, Schema.withConstructorDefault(() => []))
const analysisFields = {
  message: Schema.String,
  innerMessage: Schema.optional(Schema.String),
  actions
}

export class BadRequest extends Schema.Class<BadRequest>("BadRequest")(
  { error: Schema.tag("BadRequest"), ...analysisFields },
  HttpApiSchema.annotations({ status: 400 })
) {}

export class Unauthorized extends Schema.Class<Unauthorized>("Unauthorized")(
  { error: Schema.tag("Unauthorized"), code: Schema.tag("Unauthorized"), ...analysisFields },
  HttpApiSchema.annotations({ status: 401 })
) {}

export class Forbidden extends Schema.Class<Forbidden>("Forbidden")(
  { error: Schema.tag("Forbidden"), ...analysisFields },
  HttpApiSchema.annotations({ status: 403 })
) {}

export class NotFound extends Schema.Class<NotFound>("NotFound")(
  { error: Schema.tag("NotFound"), ...analysisFields },
  HttpApiSchema.annotations({ status: 404 })
) {}

export class Conflict extends Schema.Class<Conflict>("Conflict")(
  { error: Schema.tag("Conflict"), ...analysisFields },
  HttpApiSchema.annotations({ status: 409 })
) {}

export class UnprocessableEntity extends Schema.Class<UnprocessableEntity>("UnprocessableEntity")(
  { error: Schema.tag("UnprocessableEntity"), ...analysisFields },
  HttpApiSchema.annotations({ status: 422 })
) {}

export class InternalServerError extends Schema.Class<InternalServerError>("InternalServerError")(
  { error: Schema.tag("InternalServerError"), ...analysisFields },
  HttpApiSchema.annotations({ status: 500 })
) {}

export class BadGateway extends Schema.Class<BadGateway>("BadGateway")(
  { error: Schema.tag("BadGateway"), ...analysisFields },
  HttpApiSchema.annotations({ status: 502 })
) {}

/** The process cannot do its work (a worker stopped): what a readiness probe answers. */
export class ServiceUnavailable extends Schema.Class<ServiceUnavailable>("ServiceUnavailable")(
  { error: Schema.tag("ServiceUnavailable"), ...analysisFields },
  HttpApiSchema.annotations({ status: 503 })
) {}

export type AnalysisError =
  | BadRequest
  | Unauthorized
  | Forbidden
  | NotFound
  | Conflict
  | UnprocessableEntity
  | InternalServerError
  | BadGateway

export class IngestionBadRequest extends Schema.Class<IngestionBadRequest>("ApiErrorBadRequest")(
  { message: Schema.String, error: Schema.tag("Bad Request") },
  HttpApiSchema.annotations({ status: 400 })
) {}

export class IngestionUnauthorized extends Schema.Class<IngestionUnauthorized>("ApiErrorUnauthorized")(
  { message: Schema.String, error: Schema.tag("Unauthorized") },
  HttpApiSchema.annotations({ status: 401 })
) {}

export class IngestionServerError extends Schema.Class<IngestionServerError>("ApiErrorInternalServerError")(
  { message: Schema.String, error: Schema.tag("Internal Server Error") },
  HttpApiSchema.annotations({ status: 500 })
) {}


/**
 * The API 2.0 coverage reporters' error body `{error, code}`: the reporters print `error` as the
 * reason (the official one takes any body with an `error` string as a failure, whatever the
 * status); `code` names the status, as the analysis API's does, and tells the bodies apart when
 * the framework encodes them.
 */
export class ReporterBadRequest extends Schema.Class<ReporterBadRequest>("ReporterBadRequest")(
  { error: Schema.String, code: Schema.tag("BadRequest") },
  HttpApiSchema.annotations({ status: 400 })
) {}

export class ReporterUnauthorized extends Schema.Class<ReporterUnauthorized>("ReporterUnauthorized")(
  { error: Schema.String, code: Schema.tag("Unauthorized") },
  HttpApiSchema.annotations({ status: 401 })
) {}

export class ReporterForbidden extends Schema.Class<ReporterForbidden>("ReporterForbidden")(
  { error: Schema.String, code: Schema.tag("Forbidden") },
  HttpApiSchema.annotations({ status: 403 })
) {}

export class ReporterNotFound extends Schema.Class<ReporterNotFound>("ReporterNotFound")(
  { error: Schema.String, code: Schema.tag("NotFound") },
  HttpApiSchema.annotations({ status: 404 })
) {}

export class ReporterServerError extends Schema.Class<ReporterServerError>("ReporterServerError")(
  { error: Schema.String, code: Schema.tag("InternalServerError") },
  HttpApiSchema.annotations({ status: 500 })
) {}

export type ReporterError = ReporterBadRequest | ReporterUnauthorized | ReporterForbidden | ReporterNotFound | ReporterServerError
