import { HttpApiMiddleware, HttpApiSecurity } from "@effect/platform"
import type { Principal } from "@tidemark/core"
import { Context, type Option, Schema } from "effect"
import { IngestionServerError, IngestionUnauthorized, InternalServerError, Unauthorized } from "./HttpErrors.js"

/** The caller of an analysis operation; none when no `api-token` was sent (public repositories). */
export class Caller extends Context.Tag("@tidemark/adapter-http/Caller")<Caller, Option.Option<Principal>>() {}

/**
 * Reads the `api-token` header. A missing token is not an error here (some operations answer
 * anonymous callers); a token that is sent and fails is.
 */
export class Authentication extends HttpApiMiddleware.Tag<Authentication>()("Authentication", {
  provides: Caller,
  failure: Schema.Union(Unauthorized, InternalServerError),
  security: { apiToken: HttpApiSecurity.apiKey({ key: "api-token", in: "header" }) }
}) {}

/** The organization an ingestion key belongs to. */
export class IngestionCaller extends Context.Tag("@tidemark/adapter-http/IngestionCaller")<IngestionCaller, Principal>() {}

/** Reads the `api_key` query parameter of the ingestion API; required on both operations. */
export class IngestionAuthentication extends HttpApiMiddleware.Tag<IngestionAuthentication>()("IngestionAuthentication", {
  provides: IngestionCaller,
  failure: Schema.Union(IngestionUnauthorized, IngestionServerError),
  security: { apiKey: HttpApiSecurity.apiKey({ key: "api_key", in: "query" }) }
}) {}
