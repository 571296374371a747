import { HttpApi, OpenApi } from "@effect/platform"
import { AdminGroup } from "./admin/Api.js"
import { BadgeImageGroup, prefix as badgesPrefix, RepositoryBadgesGroup } from "./badges/Api.js"
import { BranchesGroup } from "./branches/Api.js"
import { QuickFixesGroup } from "./quickFixes/Api.js"
import { CatalogueGroup } from "./catalogue/Api.js"
import { ChangesGroup } from "./changes/Api.js"
import { BranchHistoryGroup } from "./commits/Api.js"
import { GitHostGroup } from "./gitHost/Api.js"
import { HealthGroup } from "./health/Api.js"
import { IngestionGroup } from "./ingestion/Api.js"
import { InstallationGroup } from "./installation/Api.js"
import { LanguageToolsGroup, RepositoryLanguagesGroup } from "./languages/Api.js"
import { MetricsGroup } from "./metrics/Api.js"
import { AccountGroup, OrganizationSetupGroup } from "./organizations/Api.js"
import { PatternsGroup } from "./patterns/Api.js"
import { PullRequestWriteGroup } from "./pullRequests/Api.js"
import { QualitySettingsGroup } from "./qualitySettings/Api.js"
import { ReporterGroup } from "./reporter/Api.js"
import { OrganizationRepositoriesGroup, RepositoriesGroup, RepositorySetupGroup } from "./repositories/Api.js"
import { ResultsGroup } from "./results/Api.js"
import { SbomGroup } from "./sbom/Api.js"
import { SecurityGroup } from "./security/Api.js"
import { TokensGroup } from "./tokens/Api.js"
import { ToolsGroup } from "./tools/Api.js"
import { TriageGroup } from "./triage/Api.js"
import { VersionGroup } from "./version/Api.js"
import { GitHostWebhookGroup, prefix as hooksPrefix } from "./webhooks/Api.js"

/**
 * The APIs the server publishes, each composed of its areas' groups (each area's folder holds its
 * groups and handlers). The order of the groups is the order of the operations in each API's
 * OpenAPI document.
 */

/** The analysis API v3.1.0 of the spec: paths, parameters, bodies and statuses exactly as published. */
export class AnalysisApi extends HttpApi.make("analysis")
  .add(VersionGroup)
  .add(RepositoriesGroup)
  .add(ToolsGroup)
  .add(PatternsGroup)
  .add(ResultsGroup)
  .add(AccountGroup)
  .add(OrganizationRepositoriesGroup)
  .add(CatalogueGroup)
  .add(QualitySettingsGroup)
  .add(ChangesGroup)
  .add(PullRequestWriteGroup)
  .add(BranchHistoryGroup)
  .add(RepositoryLanguagesGroup)
  .add(LanguageToolsGroup)
  .add(HealthGroup)
  .add(TriageGroup)
  // Issue 27: setting organizations and repositories up (organizations/, repositories/).
  .add(OrganizationSetupGroup)
  .add(RepositorySetupGroup)
  // Issue 27: branches, reanalysing a commit, bypassing a pull request's gate (branches/).
  .add(BranchesGroup)
  // Issue 27: the tools' fixes as a patch (quickFixes/).
  .add(QuickFixesGroup)
  .add(SecurityGroup)
  .add(SbomGroup)
  .prefix("/api/v3")
  .annotate(OpenApi.Title, "Tidemark analysis API")
  .annotate(OpenApi.Version, "3.1.0")
{}

/** Our extensions: adding repositories, issuing secrets, coding standards. Same error bodies as the analysis API. */
export class AdminApi extends HttpApi.make("admin")
  .add(AdminGroup)
  // Issue 14: a repository's git host settings (gitHost/), beside its tokens.
  .add(GitHostGroup)
  // The issued secrets of an organization, listed and revoked (tokens/).
  .add(TokensGroup)
  // Which catalogue tools this server can run (installation/).
  .add(InstallationGroup)
  // Where a repository's badges are, and its badge token (badges/).
  .add(RepositoryBadgesGroup)
  .prefix("/api/v3")
  .annotate(OpenApi.Title, "Tidemark admin API")
{}

/** The ingestion API v0.1.0 of the spec, and the delivery metrics read under its base. */
export class IngestionApi extends HttpApi.make("ingestion")
  .add(IngestionGroup)
  .add(MetricsGroup)
  .prefix("/v1")
  .annotate(OpenApi.Title, "Tidemark ingestion API")
  .annotate(OpenApi.Version, "0.1.0")
{}

/** The original service's API 2.0 coverage operations, as its coverage reporters call them. */
export class ReporterApi extends HttpApi.make("reporter")
  .add(ReporterGroup)
  .prefix("/2.0")
  .annotate(OpenApi.Title, "Tidemark coverage reporters' API 2.0")
  .annotate(OpenApi.Version, "2.0")
{}

/** Webhook deliveries of git hosts (webhooks/). */
export class GitHostWebhookApi extends HttpApi.make("gitHostWebhooks")
  .add(GitHostWebhookGroup)
  .prefix(hooksPrefix)
  .annotate(OpenApi.Title, "Tidemark git host webhooks")
{}

/** A repository's grade and coverage as SVG badges for READMEs (badges/). */
export class BadgeApi extends HttpApi.make("badges")
  .add(BadgeImageGroup)
  .prefix(badgesPrefix)
  .annotate(OpenApi.Title, "Tidemark badges")
{}

/** Everything the bundled server serves; each part keeps its own OpenAPI document. */
export class TidemarkApi extends HttpApi.make("tidemark")
  .addHttpApi(AnalysisApi)
  .addHttpApi(AdminApi)
  .addHttpApi(IngestionApi)
  .addHttpApi(ReporterApi)
  .addHttpApi(GitHostWebhookApi)
  .addHttpApi(BadgeApi)
{}
