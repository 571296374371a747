import { HttpApiBuilder } from "@effect/platform"
import {
  CoverageUploads,
  PatternConfiguration,
  RepositoryAnalysis,
  RepositoryFiles,
  RepositoryIssues,
  ToolConfiguration
} from "@tidemark/core"
import { Effect, Layer } from "effect"
import { Caller } from "../Authentication.js"
import { analysisErrors } from "../ErrorMapping.js"
import { TidemarkApi } from "../TidemarkApi.js"
import * as AccountHandlers from "./AccountHandlers.js"
import * as BranchHistoryHandlers from "./BranchHistoryHandlers.js"
import * as ChangesHandlers from "./ChangesHandlers.js"
import * as QualitySettingsHandlers from "./QualitySettingsHandlers.js"
import { asPage, commaSeparated, organizationAt, repositoryAt } from "./HandlerShapes.js"

export const versionLayer = (version: string) =>
  HttpApiBuilder.group(TidemarkApi, "version", (handlers) =>
    handlers.handle("getVersion", () => Effect.succeed({ data: version })))

export const repositoriesLayer = HttpApiBuilder.group(TidemarkApi, "repositories", (handlers) =>
  Effect.gen(function*() {
    const analysis = yield* RepositoryAnalysis
    return handlers
      .handle("listOrganizationRepositoriesWithAnalysis", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) =>
          analysis.list(caller, organizationAt(path), {
            search: urlParams.search,
            names: commaSeparated(urlParams.repositories),
            segments: commaSeparated(urlParams.segments),
            cursor: urlParams.cursor,
            limit: urlParams.limit
          })).pipe(
            Effect.map((page) => ({ pagination: page.pagination, data: page.items })),
            analysisErrors
          ))
      .handle("searchOrganizationRepositoriesWithAnalysis", ({ path, payload, urlParams }) =>
        Effect.flatMap(Caller, (caller) =>
          analysis.list(caller, organizationAt(path), {
            names: payload.names,
            cursor: urlParams.cursor,
            limit: urlParams.limit
          })).pipe(
            Effect.map((page) => ({ pagination: page.pagination, data: page.items })),
            analysisErrors
          ))
      .handle("getRepositoryWithAnalysis", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => analysis.get(caller, repositoryAt(path), urlParams.branch)).pipe(
          Effect.map((data) => ({ data })),
          analysisErrors
        ))
  }))

export const toolsLayer = HttpApiBuilder.group(TidemarkApi, "tools", (handlers) =>
  Effect.gen(function*() {
    const tools = yield* ToolConfiguration
    return handlers
      .handle("listRepositoryTools", ({ path }) =>
        Effect.flatMap(Caller, (caller) => tools.listTools(caller, repositoryAt(path))).pipe(
          Effect.map((data) => ({ data })),
          analysisErrors
        ))
      .handle("listRepositoryToolConflicts", ({ path }) =>
        Effect.flatMap(Caller, (caller) => tools.conflicts(caller, repositoryAt(path))).pipe(
          Effect.map((data) => ({ data })),
          analysisErrors
        ))
      .handle("configureTool", ({ path, payload }) =>
        Effect.flatMap(Caller, (caller) => tools.configureTool(caller, repositoryAt(path), path.toolUuid, payload)).pipe(
          analysisErrors
        ))
  }))

export const patternsLayer = HttpApiBuilder.group(TidemarkApi, "patterns", (handlers) =>
  Effect.gen(function*() {
    const patterns = yield* PatternConfiguration
    return handlers
      .handle("listRepositoryToolPatterns", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => patterns.list(caller, repositoryAt(path), path.toolUuid, urlParams)).pipe(
          Effect.map((page) => ({ data: page.data, pagination: page.pagination, meta: { totalEnabled: page.totalEnabled } })),
          analysisErrors
        ))
      .handle("updateRepositoryToolPatterns", ({ path, payload, urlParams }) =>
        Effect.flatMap(Caller, (caller) =>
          patterns.update(caller, repositoryAt(path), path.toolUuid, urlParams, payload.enabled)).pipe(analysisErrors))
      .handle("getRepositoryToolPattern", ({ path }) =>
        Effect.flatMap(Caller, (caller) => patterns.get(caller, repositoryAt(path), path.toolUuid, path.patternId)).pipe(
          Effect.map((data) => ({ data })),
          analysisErrors
        ))
  }))

export const resultsLayer = HttpApiBuilder.group(TidemarkApi, "results", (handlers) =>
  Effect.gen(function*() {
    const issues = yield* RepositoryIssues
    const files = yield* RepositoryFiles
    const coverage = yield* CoverageUploads
    return handlers
      .handle("searchRepositoryIssues", ({ path, payload, urlParams }) =>
        Effect.flatMap(Caller, (caller) => issues.search(caller, repositoryAt(path), payload, urlParams.cursor, urlParams.limit)).pipe(
          Effect.map(asPage),
          analysisErrors
        ))
      .handle("issuesOverview", ({ path, payload }) =>
        Effect.flatMap(Caller, (caller) => issues.overview(caller, repositoryAt(path), payload)).pipe(
          Effect.map((data) => ({ data })),
          analysisErrors
        ))
      .handle("getIssue", ({ path }) =>
        Effect.flatMap(Caller, (caller) => issues.issue(caller, repositoryAt(path), path.issueId)).pipe(
          Effect.map((data) => ({ data })),
          analysisErrors
        ))
      .handle("listFiles", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => files.list(caller, repositoryAt(path), urlParams)).pipe(Effect.map(asPage), analysisErrors))
      .handle("getFileWithAnalysis", ({ path }) =>
        Effect.flatMap(Caller, (caller) => files.get(caller, repositoryAt(path), path.fileId)).pipe(analysisErrors))
      .handle("getFileIssues", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => files.fileIssues(caller, repositoryAt(path), path.fileId, urlParams)).pipe(
          Effect.map(asPage),
          analysisErrors
        ))
      .handle("getFileClones", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => files.clones(caller, repositoryAt(path), path.fileId, urlParams)).pipe(
          Effect.map(asPage),
          analysisErrors
        ))
      .handle("getFileCoverage", ({ path }) =>
        Effect.flatMap(Caller, (caller) => files.coverage(caller, repositoryAt(path), path.fileId)).pipe(
          Effect.map((data) => ({ data })),
          analysisErrors
        ))
      .handle("listCoverageReports", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => coverage.reports(caller, repositoryAt(path), urlParams.limit)).pipe(analysisErrors))
      .handle("getFileSource", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => files.source(caller, repositoryAt(path), path.fileId, urlParams.branch)).pipe(
          Effect.map((data) => ({ data })),
          analysisErrors
        ))
  }))

export const layer = (version: string) =>
  Layer.mergeAll(versionLayer(version), repositoriesLayer, toolsLayer, patternsLayer, resultsLayer, AccountHandlers.layer, QualitySettingsHandlers.layer, ChangesHandlers.layer, ChangesHandlers.writeLayer, BranchHistoryHandlers.layer)
