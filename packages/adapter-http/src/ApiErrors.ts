import type { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import type { Schema } from "effect"
import {
  BadRequest,
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
  ServiceUnavailable,
  Unauthorized,
  UnprocessableEntity
} from "./HttpErrors.js"

/**
 * The errors each kind of operation can answer, declared once and added to a group with `pipe`
 * (`HttpApiGroup.make(…).add(…).pipe(ApiErrors.reads)`). Each list keeps the order the groups
 * always declared them in: the OpenAPI documents list the error schemas in that order.
 */

type Group<Id extends string, Endpoints extends HttpApiEndpoint.HttpApiEndpoint.Any, Error, R, TopLevel extends boolean> =
  HttpApiGroup.HttpApiGroup<Id, Endpoints, Error, R, TopLevel>

/** Adds `errors` to a group, in their order, as `addError` one by one does. */
const answering = <const Errors extends ReadonlyArray<Schema.Schema.AnyNoContext>>(...errors: Errors) =>
<Id extends string, Endpoints extends HttpApiEndpoint.HttpApiEndpoint.Any, Error, R, TopLevel extends boolean>(
  group: Group<Id, Endpoints, Error, R, TopLevel>
): Group<Id, Endpoints, Error | Schema.Schema.Type<Errors[number]>, R, TopLevel> =>
  // `addError` widens the group's error type one schema at a time, which a fold over a list cannot spell.
  errors.reduce<Group<Id, Endpoints, Error | Schema.Schema.Type<Errors[number]>, R, TopLevel>>(
    (added, error) => added.addError(error),
    group as unknown as Group<Id, Endpoints, Error | Schema.Schema.Type<Errors[number]>, R, TopLevel>
  )

/** Operations open to anyone: input they cannot read or store, the service's failure. */
export const anonymous = answering(BadRequest, UnprocessableEntity, InternalServerError)

/** Reads of the analysis API: besides, a token refused and a thing that is not there (or not visible). */
export const reads = answering(BadRequest, Unauthorized, NotFound, UnprocessableEntity, InternalServerError)

/** Changes (and reads that need a permission): besides, a permission the caller lacks. */
export const writes = answering(BadRequest, Unauthorized, Forbidden, NotFound, UnprocessableEntity, InternalServerError)

/** The account's reads: no 404 for the group (getOrganization declares its own). */
export const account = answering(BadRequest, Unauthorized, UnprocessableEntity, InternalServerError)

/** The issued secrets, listed and revoked: as `writes`, without 422. */
export const tokens = answering(BadRequest, Unauthorized, Forbidden, NotFound, InternalServerError)

/** Badge images: a token is part of the address, so a wrong one is a repository not found, never a 401. */
export const badges = answering(BadRequest, NotFound, UnprocessableEntity, InternalServerError)

/** Webhook deliveries: a body that is not one, a secret that does not match, the service's failure. */
export const webhooks = answering(BadRequest, Unauthorized, InternalServerError)

/** The ingestion API's ApiError bodies. */
export const ingestion = answering(IngestionBadRequest, IngestionUnauthorized, IngestionServerError)

/** The coverage reporters' API 2.0 `{error, code}` bodies. */
export const reporter = answering(ReporterBadRequest, ReporterUnauthorized, ReporterForbidden, ReporterNotFound, ReporterServerError)

/** The readiness probe: 503 once a worker stopped. */
export const readiness = answering(ServiceUnavailable)
