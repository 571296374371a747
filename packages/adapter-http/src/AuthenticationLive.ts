import { Access } from "@tidemark/core"
import { Effect, Layer, Option, Redacted } from "effect"
import { Authentication, IngestionAuthentication } from "./Authentication.js"
import { analysisErrors, ingestionErrors } from "./ErrorMapping.js"
import { IngestionUnauthorized } from "./HttpErrors.js"

export const authenticationLayer = Layer.effect(
  Authentication,
  Effect.map(Access, (access) => ({
    apiToken: (token) => {
      const presented = Redacted.value(token)
      return presented === ""
        ? Effect.succeed(Option.none())
        : access.authenticate(presented).pipe(Effect.map(Option.some), analysisErrors)
    }
  }))
)

export const ingestionAuthenticationLayer = Layer.effect(
  IngestionAuthentication,
  Effect.map(Access, (access) => ({
    apiKey: (key) => {
      const presented = Redacted.value(key)
      if (presented === "") return Effect.fail(new IngestionUnauthorized({ message: "Missing api_key query parameter" }))
      // Which credentials may ingest is the core's rule (Ingestion, Metrics): only ingestion keys.
      return access.authenticate(presented).pipe(ingestionErrors)
    }
  }))
)
