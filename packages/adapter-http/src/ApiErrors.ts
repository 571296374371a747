import type { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
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
 * (`HttpApiGroup.make(…).add(…).pipe(ApiErrors.reads)`). The order is the one the groups always
 * declared them in: the OpenAPI documents list the error schemas in that order.
 */

type Group<Id extends string, Endpoints extends HttpApiEndpoint.HttpApiEndpoint.Any, Error, R, TopLevel extends boolean> =
  HttpApiGroup.HttpApiGroup<Id, Endpoints, Error, R, TopLevel>

/** Operations open to anyone: input they cannot read or store, the service's failure. */
export const anonymous = <Id extends string, Endpoints extends HttpApiEndpoint.HttpApiEndpoint.Any, Error, R, TopLevel extends boolean>(
  group: Group<Id, Endpoints, Error, R, TopLevel>
) => group.addError(BadRequest).addError(UnprocessableEntity).addError(InternalServerError)

/** Reads of the analysis API: besides, a token refused and a thing that is not there (or not visible). */
export const reads = <Id extends string, Endpoints extends HttpApiEndpoint.HttpApiEndpoint.Any, Error, R, TopLevel extends boolean>(
  group: Group<Id, Endpoints, Error, R, TopLevel>
) =>
  group.addError(BadRequest).addError(Unauthorized).addError(NotFound).addError(UnprocessableEntity).addError(
    InternalServerError
  )

/** Changes (and reads that need a permission): besides, a permission the caller lacks. */
export const writes = <Id extends string, Endpoints extends HttpApiEndpoint.HttpApiEndpoint.Any, Error, R, TopLevel extends boolean>(
  group: Group<Id, Endpoints, Error, R, TopLevel>
) =>
  group.addError(BadRequest).addError(Unauthorized).addError(Forbidden).addError(NotFound).addError(UnprocessableEntity)
    .addError(InternalServerError)

/** The account's reads: no 404 for the group (getOrganization declares its own). */
export const account = <Id extends string, Endpoints extends HttpApiEndpoint.HttpApiEndpoint.Any, Error, R, TopLevel extends boolean>(
  group: Group<Id, Endpoints, Error, R, TopLevel>
) => group.addError(BadRequest).addError(Unauthorized).addError(UnprocessableEntity).addError(InternalServerError)

/** The issued secrets, listed and revoked: as `writes`, without 422. */
export const tokens = <Id extends string, Endpoints extends HttpApiEndpoint.HttpApiEndpoint.Any, Error, R, TopLevel extends boolean>(
  group: Group<Id, Endpoints, Error, R, TopLevel>
) => group.addError(BadRequest).addError(Unauthorized).addError(Forbidden).addError(NotFound).addError(InternalServerError)

/** Webhook deliveries: a body that is not one, a secret that does not match, the service's failure. */
export const webhooks = <Id extends string, Endpoints extends HttpApiEndpoint.HttpApiEndpoint.Any, Error, R, TopLevel extends boolean>(
  group: Group<Id, Endpoints, Error, R, TopLevel>
) => group.addError(BadRequest).addError(Unauthorized).addError(InternalServerError)

/** The ingestion API's ApiError bodies. */
export const ingestion = <Id extends string, Endpoints extends HttpApiEndpoint.HttpApiEndpoint.Any, Error, R, TopLevel extends boolean>(
  group: Group<Id, Endpoints, Error, R, TopLevel>
) => group.addError(IngestionBadRequest).addError(IngestionUnauthorized).addError(IngestionServerError)

/** The coverage reporters' API 2.0 `{error, code}` bodies. */
export const reporter = <Id extends string, Endpoints extends HttpApiEndpoint.HttpApiEndpoint.Any, Error, R, TopLevel extends boolean>(
  group: Group<Id, Endpoints, Error, R, TopLevel>
) =>
  group.addError(ReporterBadRequest).addError(ReporterUnauthorized).addError(ReporterForbidden).addError(ReporterNotFound)
    .addError(ReporterServerError)

/** The readiness probe: 503 once a worker stopped. */
export const readiness = <Id extends string, Endpoints extends HttpApiEndpoint.HttpApiEndpoint.Any, Error, R, TopLevel extends boolean>(
  group: Group<Id, Endpoints, Error, R, TopLevel>
) => group.addError(ServiceUnavailable)
