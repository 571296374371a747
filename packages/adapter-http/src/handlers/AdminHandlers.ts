import { HttpApiBuilder } from "@effect/platform"
import {
  Access,
  Analyses,
  CodingStandards,
  CoverageUploads,
  GitHostWebhooks,
  ImportedToolIssues,
  Metrics,
  Organizations,
  Repositories,
  SarifImports
} from "@tidemark/core"
import { Effect } from "effect"
import { IssuedSecret, IssuedWebhookSecret, QueuedAnalysis } from "../AdminApi.js"
import { Caller } from "../Authentication.js"
import { analysisErrors } from "../ErrorMapping.js"
import { webhookPaths } from "../GitHostWebhookApi.js"
import { TidemarkApi } from "../TidemarkApi.js"

const organizationAt = (path: { provider: string; remoteOrganizationName: string }) => ({
  provider: path.provider,
  organization: path.remoteOrganizationName
})

const repositoryAt = (path: { provider: string; remoteOrganizationName: string; repositoryName: string }) => ({
  ...organizationAt(path),
  repository: path.repositoryName
})

export const layer = HttpApiBuilder.group(TidemarkApi, "admin", (handlers) =>
  Effect.gen(function*() {
    const access = yield* Access
    const repositories = yield* Repositories
    const standards = yield* CodingStandards
    const metrics = yield* Metrics
    const analyses = yield* Analyses
    const coverage = yield* CoverageUploads
    const sarif = yield* SarifImports
    const organizations = yield* Organizations
    const webhooks = yield* GitHostWebhooks

    const issue = (kind: "api" | "ingestion") =>
    (
      { path, payload }: {
        readonly path: { provider: string; remoteOrganizationName: string }
        readonly payload: { readonly permission?: "admin" | "write" | "read" | undefined }
      }
    ) =>
      Effect.flatMap(Caller, (caller) =>
        // Ingestion keys only push events, so `write` is what they carry unless asked otherwise.
        access.issueFor(caller, organizationAt(path), kind, payload.permission ?? "write")).pipe(
          Effect.map(({ credential, secret }) => ({
            data: new IssuedSecret({ id: credential.id, kind, permission: credential.permission, secret })
          })),
          analysisErrors
        )

    return handlers
      .handle("addRepository", ({ payload }) =>
        Effect.flatMap(Caller, (caller) => repositories.add(caller, payload)).pipe(
          Effect.map((data) => ({ data })),
          analysisErrors
        ))
      .handle("createApiToken", issue("api"))
      .handle("createIngestionKey", issue("ingestion"))
      .handle("createRepositoryToken", ({ path }) =>
        Effect.flatMap(Caller, (caller) => access.issueRepositoryToken(caller, repositoryAt(path))).pipe(
          Effect.map(({ credential, secret }) => ({
            data: new IssuedSecret({ id: credential.id, kind: "repository", permission: credential.permission, secret })
          })),
          analysisErrors
        ))
      .handle("createWebhookSecret", ({ path }) =>
        Effect.flatMap(Caller, (caller) => webhooks.issueSecret(caller, repositoryAt(path))).pipe(
          Effect.map((secret) => ({ data: new IssuedWebhookSecret({ secret, ...webhookPaths(path) }) })),
          analysisErrors
        ))
      .handle("getOrganizationSettings", ({ path }) =>
        Effect.flatMap(Caller, (caller) => organizations.settings(caller, organizationAt(path))).pipe(
          Effect.map((data) => ({ data })),
          analysisErrors
        ))
      .handle("updateOrganizationSettings", ({ path, payload }) =>
        Effect.flatMap(Caller, (caller) => organizations.updateSettings(caller, organizationAt(path), payload)).pipe(
          Effect.map((data) => ({ data })),
          analysisErrors
        ))
      .handle("createCodingStandard", ({ path, payload }) =>
        Effect.flatMap(Caller, (caller) => standards.create(caller, organizationAt(path), payload)).pipe(
          Effect.map((data) => ({ data })),
          analysisErrors
        ))
      .handle("listCodingStandards", ({ path }) =>
        Effect.flatMap(Caller, (caller) => standards.list(caller, organizationAt(path))).pipe(
          Effect.map((data) => ({ data })),
          analysisErrors
        ))
      .handle("getCodingStandard", ({ path }) =>
        Effect.flatMap(Caller, (caller) => standards.get(caller, organizationAt(path), path.codingStandardId)).pipe(
          Effect.map((data) => ({ data })),
          analysisErrors
        ))
      .handle("applyCodingStandard", ({ path }) =>
        Effect.flatMap(Caller, (caller) =>
          standards.apply(caller, organizationAt(path), path.codingStandardId, path.repositoryName)).pipe(analysisErrors))
      .handle("unapplyCodingStandard", ({ path }) =>
        Effect.flatMap(Caller, (caller) =>
          standards.unapply(caller, organizationAt(path), path.codingStandardId, path.repositoryName)).pipe(analysisErrors))
      .handle("reanalyzeRepository", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) =>
          analyses.request(
            caller,
            repositoryAt(path),
            urlParams.branch
          )).pipe(
            Effect.map((job) => ({
              data: new QueuedAnalysis({
                repositoryName: job.repositoryName,
                branch: job.branch,
                commitSha: job.commitSha,
                requestedAt: job.requestedAt
              })
            })),
            analysisErrors
          ))
      .handle("updateRepositoryGoals", ({ path, payload }) =>
        Effect.flatMap(Caller, (caller) =>
          repositories.setGoals(caller, repositoryAt(path), payload)).pipe(
            Effect.map((data) => ({ data })),
            analysisErrors
          ))
      .handle("uploadCoverage", ({ path, payload }) =>
        Effect.flatMap(Caller, (caller) =>
          coverage.upload(caller, repositoryAt(path), payload)).pipe(
            Effect.map((data) => ({ data })),
            analysisErrors
          ))
      .handle("uploadSarif", ({ path, payload }) =>
        Effect.flatMap(Caller, (caller) =>
          sarif.importLog(caller, repositoryAt(path), payload)).pipe(
            Effect.map((counts) => ({ data: counts.map((c) => new ImportedToolIssues(c)) })),
            analysisErrors
          ))
      .handle("getOrganizationMetrics", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => metrics.organizationMetrics(caller, organizationAt(path), urlParams)).pipe(
          Effect.map((data) => ({ data })),
          analysisErrors
        ))
      .handle("listOrganizationSystems", ({ path }) =>
        Effect.flatMap(Caller, (caller) => metrics.organizationSystems(caller, organizationAt(path))).pipe(
          Effect.map((data) => ({ data })),
          analysisErrors
        ))
  }))
