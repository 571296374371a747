import { HttpApiBuilder, HttpRouter } from "@effect/platform"
import { Layer } from "effect"
import { authenticationLayer, ingestionAuthenticationLayer } from "./AuthenticationLive.js"
import { errorMiddleware } from "./ErrorMapping.js"
import { openApiRoutes } from "./OpenApiDocuments.js"
import { bodyGuard } from "./RequestBody.js"
import * as AdminHandlers from "./handlers/AdminHandlers.js"
import * as AnalysisHandlers from "./handlers/AnalysisHandlers.js"
import * as IngestionHandlers from "./handlers/IngestionHandlers.js"
import { TidemarkApi } from "./TidemarkApi.js"

export interface Options {
  /** What getVersion answers. */
  readonly version: string
  /** Largest request body accepted, in bytes. */
  readonly maxBodyBytes?: number
}

/**
 * The HTTP adapter as one Layer: both APIs and the admin surface, over the domain services. The
 * caller provides the domain services and an `HttpServer` (Node, or a test server).
 */
export const layer = (options: Options) => {
  const api = HttpApiBuilder.api(TidemarkApi).pipe(
    Layer.provide([
      AnalysisHandlers.layer(options.version),
      AdminHandlers.layer,
      IngestionHandlers.layer,
      IngestionHandlers.metricsLayer
    ]),
    Layer.provide([authenticationLayer, ingestionAuthenticationLayer])
  )
  return HttpApiBuilder.serve().pipe(
    Layer.provide(openApiRoutes),
    Layer.provide(HttpApiBuilder.middleware(errorMiddleware)),
    Layer.provide(api),
    Layer.provide(HttpRouter.setRouterConfig({ maxParamLength: 500 })),
    Layer.provide(HttpApiBuilder.middleware(bodyGuard(options.maxBodyBytes ?? 1024 * 1024)))
  )
}
