import { HttpApiBuilder, HttpRouter, HttpServer } from "@effect/platform"
import { Effect, Layer } from "effect"
import { authenticationLayer, ingestionAuthenticationLayer, optionalAuthenticationLayer } from "./AuthenticationLive.js"
import { errorMiddleware } from "./ErrorMapping.js"
import { openApiRoutes } from "./OpenApiDocuments.js"
import { bodyGuard } from "./RequestBody.js"
import * as RequestSpans from "./RequestSpans.js"
import * as SecurityHeaders from "./SecurityHeaders.js"
import * as AdminHandlers from "./admin/Handlers.js"
import * as CatalogueHandlers from "./catalogue/Handlers.js"
import * as ChangesHandlers from "./changes/Handlers.js"
import * as CommitsHandlers from "./commits/Handlers.js"
import * as DashboardRoute from "./DashboardRoute.js"
import * as GitHostHandlers from "./gitHost/Handlers.js"
import * as HealthHandlers from "./health/Handlers.js"
import * as IngestionCliRoute from "./ingestion/CliRoute.js"
import * as IngestionHandlers from "./ingestion/Handlers.js"
import * as InstallationHandlers from "./installation/Handlers.js"
import * as LanguagesHandlers from "./languages/Handlers.js"
import * as MetricsHandlers from "./metrics/Handlers.js"
import * as OrganizationsHandlers from "./organizations/Handlers.js"
import * as PatternsHandlers from "./patterns/Handlers.js"
import * as PullRequestsHandlers from "./pullRequests/Handlers.js"
import * as QualitySettingsHandlers from "./qualitySettings/Handlers.js"
import * as ReporterHandlers from "./reporter/Handlers.js"
import * as RepositoriesHandlers from "./repositories/Handlers.js"
import * as ResultsHandlers from "./results/Handlers.js"
import * as TokensHandlers from "./tokens/Handlers.js"
import * as ToolsHandlers from "./tools/Handlers.js"
import * as TriageHandlers from "./triage/Handlers.js"
import * as VersionHandlers from "./version/Handlers.js"
import * as WebhooksHandlers from "./webhooks/Handlers.js"
import * as BadgesHandlers from "./badges/Handlers.js"
import * as BranchesHandlers from "./branches/Handlers.js"
import * as QuickFixesHandlers from "./quickFixes/Handlers.js"
import * as SbomHandlers from "./sbom/Handlers.js"
import * as SecurityHandlers from "./security/Handlers.js"
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
      // The analysis API, in TidemarkApi's order.
      VersionHandlers.layer(options.version),
      RepositoriesHandlers.repositoriesLayer,
      ToolsHandlers.layer,
      PatternsHandlers.layer,
      ResultsHandlers.layer,
      OrganizationsHandlers.accountLayer,
      RepositoriesHandlers.organizationRepositoriesLayer,
      CatalogueHandlers.layer,
      QualitySettingsHandlers.layer,
      ChangesHandlers.layer,
      PullRequestsHandlers.writeLayer,
      CommitsHandlers.branchHistoryLayer,
      LanguagesHandlers.repositoryLanguagesLayer,
      LanguagesHandlers.languageToolsLayer,
      HealthHandlers.layer,
      TriageHandlers.layer,
      OrganizationsHandlers.organizationSetupLayer,
      RepositoriesHandlers.repositorySetupLayer,
      BranchesHandlers.layer,
      QuickFixesHandlers.layer,
      SecurityHandlers.layer,
      SbomHandlers.layer,
      // The admin API.
      AdminHandlers.layer,
      GitHostHandlers.layer,
      TokensHandlers.layer,
      InstallationHandlers.layer,
      // The ingestion API, the reporters' API 2.0, the webhooks.
      IngestionHandlers.layer,
      MetricsHandlers.layer,
      ReporterHandlers.layer,
      WebhooksHandlers.layer,
      BadgesHandlers.imagesLayer,
      BadgesHandlers.layer
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
