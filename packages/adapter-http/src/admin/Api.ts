import { HttpApiGroup } from "@effect/platform"
import * as Advisories from "../advisories/Api.js"
import * as ApiErrors from "../ApiErrors.js"
import { Authentication } from "../Authentication.js"
import * as Coverage from "../coverage/Api.js"
import * as Issues from "../issues/Api.js"
import * as Metrics from "../metrics/Api.js"
import * as Organizations from "../organizations/Api.js"
import * as QualitySettings from "../qualitySettings/Api.js"
import * as Repositories from "../repositories/Api.js"
import * as Standards from "../standards/Api.js"
import * as Tokens from "../tokens/Api.js"
import * as Webhooks from "../webhooks/Api.js"

/**
 * Our extensions, one group as the admin API always published them (its name is the operations'
 * tag): adding repositories, issuing secrets, coding standards, uploads. Same error bodies as the
 * analysis API. Each endpoint is defined in its area's folder; the order here is the document's.
 */
export class AdminGroup extends HttpApiGroup.make("admin")
  .add(Repositories.addRepository)
  .add(Tokens.createApiToken)
  .add(Tokens.createIngestionKey)
  .add(Tokens.createRepositoryToken)
  .add(Webhooks.createWebhookSecret)
  .add(Organizations.getOrganizationSettings)
  .add(Organizations.updateOrganizationSettings)
  .add(Standards.createCodingStandard)
  .add(Standards.listCodingStandards)
  .add(Standards.getCodingStandard)
  .add(Standards.applyCodingStandard)
  .add(Standards.unapplyCodingStandard)
  .add(Repositories.reanalyzeRepository)
  .add(QualitySettings.updateRepositoryGoals)
  .add(Coverage.uploadCoverage)
  .add(Issues.uploadSarif)
  .add(Metrics.getOrganizationMetrics)
  .add(Metrics.listOrganizationSystems)
  .add(Advisories.importAdvisories)
  .add(Advisories.getAdvisoryImport)
  .add(Advisories.matchAdvisories)
  .pipe(ApiErrors.writes)
  .middleware(Authentication)
{}
