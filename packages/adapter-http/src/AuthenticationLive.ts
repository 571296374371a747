import { Access } from "@tidemark/core"
import { Effect, Layer, Option, Redacted } from "effect"
import { Authentication, IngestionAuthentication, OptionalAuthentication } from "./Authentication.js"
import { analysisErrors, ingestionErrors } from "./ErrorMapping.js"
import { IngestionUnauthorized } from "./HttpErrors.js"

const optionalCaller = (access: Access.Access, token: Redacted.Redacted<string>) => {
  const presented = Redacted.value(token)
  return presented === ""
    ? Effect.succeed(Option.none())
    : access.authenticate(presented).pipe(Effect.map(Option.some), analysisErrors)
}

export const authenticationLayer = Layer.effect(
  Authentication,
  Effect.map(Access.Access, (access) => ({
    // No token is the core's to refuse, as any caller it does not accept (Access.signedIn).
    apiToken: (token) =>
      Redacted.value(token) === ""
        ? access.signedIn(Option.none()).pipe(Effect.map(Option.some), analysisErrors)
        : optionalCaller(access, token)
  }))
)

export const optionalAuthenticationLayer = Layer.effect(
  OptionalAuthentication,
  Effect.map(Access.Access, (access) => ({ apiToken: (token) => optionalCaller(access, token) }))
)

/**
 * The ingestion API's caller from its `api_key` (empty when none was sent): the security middleware
 * of the HttpApi endpoints and the `/v1/ingestion/cli` route both authenticate through it.
 */
export const authenticateIngestionKey = (access: Access.Access, presented: string) =>
  presented === ""
    ? Effect.fail(new IngestionUnauthorized({ message: "Missing api_key query parameter" }))
    // Which credentials may ingest is the core's rule (Ingestion, Metrics): only ingestion keys.
    : access.authenticate(presented).pipe(ingestionErrors)

export const ingestionAuthenticationLayer = Layer.effect(
  IngestionAuthentication,
  Effect.map(Access.Access, (access) => ({
    apiKey: (key) => authenticateIngestionKey(access, Redacted.value(key))
  }))
)
