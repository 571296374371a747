import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { publishedDocument } from "./PublishedDocument.js"
import { AnalysisApi, IngestionApi, ReporterApi } from "./TidemarkApi.js"

/** Each API's OpenAPI document, generated from the same definitions that serve it. */
export const openApiRoutes = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const analysis = yield* HttpServerResponse.json(publishedDocument(AnalysisApi)).pipe(Effect.orDie)
    const ingestion = yield* HttpServerResponse.json(publishedDocument(IngestionApi)).pipe(Effect.orDie)
    const reporter = yield* HttpServerResponse.json(publishedDocument(ReporterApi)).pipe(Effect.orDie)
    yield* router.get("/api/v3/openapi.json", Effect.succeed(analysis))
    yield* router.get("/v1/openapi.json", Effect.succeed(ingestion))
    yield* router.get("/2.0/openapi.json", Effect.succeed(reporter))
  })
)
