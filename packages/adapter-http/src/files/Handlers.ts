import { RepositoryFiles } from "@tidemark/core"
import { Effect } from "effect"
import { answer, answerData, answerPage, repositoryAt, type RequestOf } from "../HandlerShapes.js"
import type * as Api from "./Api.js"

/** The results group's file operations (see results/Handlers.ts). */
export const handlers = Effect.map(RepositoryFiles.RepositoryFiles, (files) => ({
  listFiles: ({ path, urlParams }: RequestOf<typeof Api.listFiles>) => answerPage((caller) => files.list(caller, repositoryAt(path), urlParams)),
  getFileWithAnalysis: ({ path }: RequestOf<typeof Api.getFileWithAnalysis>) =>
    answer((caller) => files.get(caller, repositoryAt(path), path.fileId)),
  getFileIssues: ({ path, urlParams }: RequestOf<typeof Api.getFileIssues>) =>
    answerPage((caller) => files.fileIssues(caller, repositoryAt(path), path.fileId, urlParams)),
  getFileClones: ({ path, urlParams }: RequestOf<typeof Api.getFileClones>) =>
    answerPage((caller) => files.clones(caller, repositoryAt(path), path.fileId, urlParams)),
  getFileCoverage: ({ path }: RequestOf<typeof Api.getFileCoverage>) =>
    answerData((caller) => files.coverage(caller, repositoryAt(path), path.fileId)),
  getFileSource: ({ path, urlParams }: RequestOf<typeof Api.getFileSource>) =>
    answerData((caller) => files.source(caller, repositoryAt(path), path.fileId, urlParams.branch))
}))
