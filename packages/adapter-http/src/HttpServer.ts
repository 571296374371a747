import { HttpApiBuilder, HttpIncomingMessage, HttpRouter, HttpServerResponse, OpenApi } from "@effect/platform"
import { Effect, Layer, Option } from "effect"
import { AnalysisApi } from "./AnalysisApi.js"
import { authenticationLayer, ingestionAuthenticationLayer } from "./AuthenticationLive.js"
import { errorMiddleware } from "./ErrorMapping.js"
import * as AdminHandlers from "./handlers/AdminHandlers.js"
import * as AnalysisHandlers from "./handlers/AnalysisHandlers.js"
import * as IngestionHandlers from "./handlers/IngestionHandlers.js"
import { IngestionApi } from "./IngestionApi.js"
import { TidemarkApi } from "./TidemarkApi.js"

export interface Options {
  /** What getVersion answers. */
  readonly version: string
  /** Largest request body accepted, in bytes. */
  readonly maxBodyBytes?: number
}

/** Each API's OpenAPI document, generated from the same definitions that serve it. */
const openApiRoutes = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const analysis = yield* HttpServerResponse.json(OpenApi.fromApi(AnalysisApi)).pipe(Effect.orDie)
    const ingestion = yield* HttpServerResponse.json(OpenApi.fromApi(IngestionApi)).pipe(Effect.orDie)
    yield* router.get("/api/v3/openapi.json", Effect.succeed(analysis))
    yield* router.get("/v1/openapi.json", Effect.succeed(ingestion))
  })
)

/**
 * The HTTP adapter as one Layer: both APIs and the admin surface, over the domain services. The
 * caller provides the domain services and an `HttpServer` (Node, or a test server).
 */
export const layer = (options: Options) => {
  const api = HttpApiBuilder.api(TidemarkApi).pipe(
    Layer.provide([
      AnalysisHandlers.layer(options.version),
      AdminHandlers.layer,
      IngestionHandlers.layer
    ]),
    Layer.provide([authenticationLayer, ingestionAuthenticationLayer])
  )
  return HttpApiBuilder.serve().pipe(
    Layer.provide(openApiRoutes),
    Layer.provide(HttpApiBuilder.middleware(errorMiddleware)),
    Layer.provide(api),
    Layer.provide(HttpRouter.setRouterConfig({ maxParamLength: 500 })),
    Layer.provide(maxBody(options.maxBodyBytes ?? 1024 * 1024))
  )
}

/** Bodies past the limit fail to read, which the error mapping answers 400 with a clear message. */
const maxBody = (bytes: number) =>
  HttpApiBuilder.middleware((app) => HttpIncomingMessage.withMaxBodySize(app, Option.some(bytes)))
