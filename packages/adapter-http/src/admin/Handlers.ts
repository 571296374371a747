import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import * as Advisories from "../advisories/Handlers.js"
import * as Coverage from "../coverage/Handlers.js"
import * as Issues from "../issues/Handlers.js"
import * as Metrics from "../metrics/Handlers.js"
import * as Organizations from "../organizations/Handlers.js"
import * as QualitySettings from "../qualitySettings/Handlers.js"
import * as Repositories from "../repositories/Handlers.js"
import * as Standards from "../standards/Handlers.js"
import { TidemarkApi } from "../TidemarkApi.js"
import * as Tokens from "../tokens/Handlers.js"
import * as Webhooks from "../webhooks/Handlers.js"

/** The admin group, each operation handled by its area (see admin/Api.ts). */
export const layer = HttpApiBuilder.group(TidemarkApi, "admin", (handlers) =>
  Effect.gen(function*() {
    const repositories = yield* Repositories.adminHandlers
    const tokens = yield* Tokens.adminHandlers
    const webhooks = yield* Webhooks.adminHandlers
    const organizations = yield* Organizations.adminHandlers
    const standards = yield* Standards.adminHandlers
    const qualitySettings = yield* QualitySettings.adminHandlers
    const coverage = yield* Coverage.adminHandlers
    const issues = yield* Issues.adminHandlers
    const metrics = yield* Metrics.adminHandlers
    const advisories = yield* Advisories.adminHandlers
    return handlers
      .handle("addRepository", repositories.addRepository)
      .handle("createApiToken", tokens.createApiToken)
      .handle("createIngestionKey", tokens.createIngestionKey)
      .handle("createRepositoryToken", tokens.createRepositoryToken)
      .handle("createWebhookSecret", webhooks.createWebhookSecret)
      .handle("getOrganizationSettings", organizations.getOrganizationSettings)
      .handle("updateOrganizationSettings", organizations.updateOrganizationSettings)
      .handle("createCodingStandard", standards.createCodingStandard)
      .handle("listCodingStandards", standards.listCodingStandards)
      .handle("getCodingStandard", standards.getCodingStandard)
      .handle("applyCodingStandard", standards.applyCodingStandard)
      .handle("unapplyCodingStandard", standards.unapplyCodingStandard)
      .handle("reanalyzeRepository", repositories.reanalyzeRepository)
      .handle("updateRepositoryGoals", qualitySettings.updateRepositoryGoals)
      .handle("uploadCoverage", coverage.uploadCoverage)
      .handle("uploadSarif", issues.uploadSarif)
      .handle("getOrganizationMetrics", metrics.getOrganizationMetrics)
      .handle("listOrganizationSystems", metrics.listOrganizationSystems)
      .handle("importAdvisories", advisories.importAdvisories)
      .handle("getAdvisoryImport", advisories.getAdvisoryImport)
      .handle("matchAdvisories", advisories.matchAdvisories)
  }))
