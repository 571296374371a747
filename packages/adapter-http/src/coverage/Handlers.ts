import { CoverageUploads } from "@tidemark/core"
import { Effect } from "effect"
import { answer, answerData, repositoryAt, type RequestOf } from "../HandlerShapes.js"
import type * as Api from "./Api.js"

/** The results group's coverage operation (see results/Handlers.ts). */
export const handlers = Effect.map(CoverageUploads.CoverageUploads, (coverage) => ({
  listCoverageReports: ({ path, urlParams }: RequestOf<typeof Api.listCoverageReports>) =>
    answer((caller) => coverage.reports(caller, repositoryAt(path), urlParams.limit))
}))

/** The admin group's coverage upload (see admin/Handlers.ts). */
export const adminHandlers = Effect.map(CoverageUploads.CoverageUploads, (coverage) => ({
  uploadCoverage: ({ path, payload }: RequestOf<typeof Api.uploadCoverage>) =>
    answerData((caller) => coverage.upload(caller, repositoryAt(path), payload))
}))
