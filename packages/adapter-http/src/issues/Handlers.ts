import { Bodies, RepositoryIssues, SarifImports } from "@tidemark/core"
import { Effect } from "effect"
import { answer, answerData, answerPage, answerWith, repositoryAt, type RequestOf } from "../HandlerShapes.js"
import type * as Api from "./Api.js"

/** The results group's issue operations (see results/Handlers.ts). */
export const handlers = Effect.map(RepositoryIssues.RepositoryIssues, (issues) => ({
  searchRepositoryIssues: ({ path, payload, urlParams }: RequestOf<typeof Api.searchRepositoryIssues>) =>
    answerPage((caller) => issues.search(caller, repositoryAt(path), payload, urlParams.cursor, urlParams.limit)),
  issuesOverview: ({ path, payload }: RequestOf<typeof Api.issuesOverview>) =>
    answerData((caller) => issues.overview(caller, repositoryAt(path), payload)),
  getIssue: ({ path }: RequestOf<typeof Api.getIssue>) => answerData((caller) => issues.issue(caller, repositoryAt(path), path.issueId)),
  listCategoryOverviews: ({ path, urlParams }: RequestOf<typeof Api.listCategoryOverviews>) =>
    answer((caller) => issues.categoryOverviews(caller, repositoryAt(path), urlParams.branch))
}))

/** The admin group's SARIF import (see admin/Handlers.ts). */
export const adminHandlers = Effect.map(SarifImports.SarifImports, (sarif) => ({
  uploadSarif: ({ path, payload }: RequestOf<typeof Api.uploadSarif>) =>
    answerWith(
      (caller) => sarif.importLog(caller, repositoryAt(path), payload),
      (counts) => ({ data: counts.map((c) => new Bodies.ImportedToolIssues(c)) })
    )
}))
