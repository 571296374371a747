import { HttpApiBuilder, HttpServerRequest } from "@effect/platform"
import { Ingestion } from "@tidemark/core"
import { Effect, Option } from "effect"
import { IngestionCaller } from "../Authentication.js"
import { ingestionErrors } from "../ErrorMapping.js"
import { TidemarkApi } from "../TidemarkApi.js"

/** The provider mappings read their event headers (`x-github-event`, `x-gitlab-event`). */
const providerHeaders = (headers: Readonly<Record<string, string | undefined>>) => {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && name.startsWith("x-")) kept[name.toLowerCase()] = value
  }
  return kept
}

/** Both operations answer only once the payload is queued durably (204 / 202, as the spec says). */
export const layer = HttpApiBuilder.group(TidemarkApi, "ingestion", (handlers) =>
  Effect.gen(function*() {
    const ingestion = yield* Ingestion.Ingestion
    return handlers
      .handle("pushAccelerateData", ({ payload, urlParams }) =>
        Effect.flatMap(IngestionCaller, (caller) =>
          ingestion.accept(caller, Option.fromNullable(urlParams.system), payload)).pipe(ingestionErrors))
      .handle("pushData", ({ path, payload, urlParams }) =>
        Effect.gen(function*() {
          const caller = yield* IngestionCaller
          const request = yield* HttpServerRequest.HttpServerRequest
          yield* ingestion.acceptProvider(
            caller,
            Option.fromNullable(urlParams.system),
            path.provider,
            providerHeaders(request.headers),
            payload
          )
        }).pipe(ingestionErrors))
  }))
