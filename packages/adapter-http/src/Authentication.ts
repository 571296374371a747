import { HttpApiMiddleware, HttpApiSecurity } from "@effect/platform"
import type { Principal } from "@tidemark/core"
import { Context, type Option, Schema } from "effect"
import { IngestionServerError, IngestionUnauthorized, InternalServerError, Unauthorized } from "./HttpErrors.js"

/** The caller of an analysis operation; none when no `api-token` was sent (public repositories). */
export class Caller extends Context.Tag("@tidemark/adapter-http/Caller")<Caller, Option.Option<Principal.Principal>>() {}

const apiToken = HttpApiSecurity.apiKey({ key: "api-token", in: "header" })

/**
 * Reads the `api-token` header of an operation that needs one: a missing or failing token is
 * answered 401 before anything else of the request is read (the framework decodes the path, query
 * and body inside the middleware), so a client learns it must authenticate first.
 */
export class Authentication extends HttpApiMiddleware.Tag<Authentication>()("Authentication", {
  provides: Caller,
  failure: Schema.Union(Unauthorized, InternalServerError),
  security: { apiToken }
}) {}

/**
 * The same for operations anonymous callers may use (getVersion, listRepositoryTools of a public
 * repository): a missing token is none, a token that is sent and fails is still 401.
 */
export class OptionalAuthentication extends HttpApiMiddleware.Tag<OptionalAuthentication>()("OptionalAuthentication", {
  provides: Caller,
  failure: Schema.Union(Unauthorized, InternalServerError),
  security: { apiToken }
}) {}

/** The organization an ingestion key belongs to. */
export class IngestionCaller extends Context.Tag("@tidemark/adapter-http/IngestionCaller")<IngestionCaller, Principal.Principal>() {}

/** Reads the `api_key` query parameter of the ingestion API; required on both operations. */
export class IngestionAuthentication extends HttpApiMiddleware.Tag<IngestionAuthentication>()("IngestionAuthentication", {
  provides: IngestionCaller,
  failure: Schema.Union(IngestionUnauthorized, IngestionServerError),
  security: { apiKey: HttpApiSecurity.apiKey({ key: "api_key", in: "query" }) }
}) {}
