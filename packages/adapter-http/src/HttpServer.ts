import { HttpApiBuilder, HttpRouter, HttpServer } from "@effect/platform"
import { Effect, Layer } from "effect"
import { authenticationLayer, ingestionAuthenticationLayer, optionalAuthenticationLayer } from "./AuthenticationLive.js"
import { errorMiddleware } from "./ErrorMapping.js"
import { openApiRoutes } from "./OpenApiDocuments.js"
import { bodyGuard } from "./RequestBody.js"
import * as RequestSpans from "./RequestSpans.js"
import * as SecurityHeaders from "./SecurityHeaders.js"
import * as AdminHandlers from "./handlers/AdminHandlers.js"
import * as GitHostHandlers from "./handlers/GitHostHandlers.js"
import * as TokenHandlers from "./handlers/TokenHandlers.js"
import * as AnalysisHandlers from "./handlers/AnalysisHandlers.js"
import * as DashboardRoute from "./handlers/DashboardRoute.js"
import * as GitHostWebhookHandlers from "./handlers/GitHostWebhookHandlers.js"
import * as HealthHandlers from "./health/HealthHandlers.js"
import * as IngestionCliRoute from "./handlers/IngestionCliRoute.js"
import * as IngestionHandlers from "./handlers/IngestionHandlers.js"
import * as ReporterHandlers from "./handlers/ReporterHandlers.js"
import { TidemarkApi } from "./TidemarkApi.js"

export interface Options {
  /** What getVersion answers. */
  readonly version: string
  /** Largest request body accepted, in bytes. */
  readonly maxBodyBytes?: number
  /** The dashboard's built files, served at `/` behind the APIs; none without it. */
  readonly dashboardDirectory?: string | undefined
}

/**
 * `HttpApiBuilder.serve()` with the ingestion route in front of the HttpApi app (see
 * IngestionCliRoute), and no span for that route: the one hot path of the server; the dashboard's
 * files for what no API serves (see DashboardRoute); every answer with the SecurityHeaders. Spans
 * hold no secret (see RequestSpans).
 */
const serve = (maxBodyBytes: number, dashboardDirectory: string | undefined) =>
  HttpApiBuilder.httpApp.pipe(
    Effect.flatMap(IngestionCliRoute.inFrontOf(maxBodyBytes)),
    Effect.flatMap(DashboardRoute.inFrontOfIfAny(dashboardDirectory)),
    Effect.map((app) => HttpServer.serve(app, SecurityHeaders.middleware)),
    Layer.unwrapEffect,
    Layer.provide([HttpApiBuilder.Router.Live, HttpApiBuilder.Middleware.layer]),
    RequestSpans.withoutSecrets(IngestionCliRoute.isForPath)
  )

/**
 * The HTTP adapter as one Layer: both APIs and the admin surface, over the domain services. The
 * caller provides the domain services and an `HttpServer` (Node, or a test server).
 */
export const layer = (options: Options) => {
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024
  const api = HttpApiBuilder.api(TidemarkApi).pipe(
    Layer.provide([
      AnalysisHandlers.layer(options.version),
      AdminHandlers.layer,
      GitHostHandlers.layer,
      TokenHandlers.layer,
      IngestionHandlers.layer,
      IngestionHandlers.metricsLayer,
      ReporterHandlers.layer,
      GitHostWebhookHandlers.layer,
      HealthHandlers.layer
    ]),
    Layer.provide([authenticationLayer, optionalAuthenticationLayer, ingestionAuthenticationLayer])
  )
  return serve(maxBodyBytes, options.dashboardDirectory).pipe(
    Layer.provide(openApiRoutes),
    Layer.provide(HttpApiBuilder.middleware(errorMiddleware)),
    Layer.provide(api),
    Layer.provide(HttpRouter.setRouterConfig({ maxParamLength: 500 })),
    Layer.provide(HttpApiBuilder.middleware(bodyGuard(maxBodyBytes))),
    Layer.provide(HttpApiBuilder.middleware(RequestSpans.redactedSpan))
  )
}
