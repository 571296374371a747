import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import * as Coverage from "../coverage/Handlers.js"
import * as Files from "../files/Handlers.js"
import * as Issues from "../issues/Handlers.js"
import { TidemarkApi } from "../TidemarkApi.js"

export const layer = HttpApiBuilder.group(TidemarkApi, "results", (handlers) =>
  Effect.gen(function*() {
    const issues = yield* Issues.handlers
    const files = yield* Files.handlers
    const coverage = yield* Coverage.handlers
    return handlers
      .handle("searchRepositoryIssues", issues.searchRepositoryIssues)
      .handle("issuesOverview", issues.issuesOverview)
      .handle("getIssue", issues.getIssue)
      .handle("listCategoryOverviews", issues.listCategoryOverviews)
      .handle("listFiles", files.listFiles)
      .handle("getFileWithAnalysis", files.getFileWithAnalysis)
      .handle("getFileIssues", files.getFileIssues)
      .handle("getFileClones", files.getFileClones)
      .handle("getFileCoverage", files.getFileCoverage)
      .handle("listCoverageReports", coverage.listCoverageReports)
      .handle("getFileSource", files.getFileSource)
  }))
