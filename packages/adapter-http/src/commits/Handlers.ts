import { HttpApiBuilder } from "@effect/platform"
import { BranchHistory, ChangeDetails, CommitReads } from "@tidemark/core"
import { Effect } from "effect"
import { answer, answerPage, answerWith, asDeltaPage, repositoryAt, type RequestOf } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"
import type * as Api from "./Api.js"

const commit = (path: { readonly commitUuid: string }) => ({ kind: "commit", sha: path.commitUuid }) as const

/** The changes group's commit operations (see changes/Handlers.ts). */
export const handlers = Effect.gen(function*() {
  const commits = yield* CommitReads.CommitReads
  const details = yield* ChangeDetails.ChangeDetails
  return {
    listRepositoryCommits: ({ path, urlParams }: RequestOf<typeof Api.listRepositoryCommits>) =>
      answerPage((caller) => commits.list(caller, repositoryAt(path), urlParams)),
    getCommit: ({ path }: RequestOf<typeof Api.getCommit>) => answer((caller) => commits.one(caller, repositoryAt(path), path.commitUuid)),
    getCommitDeltaStatistics: ({ path }: RequestOf<typeof Api.getCommitDeltaStatistics>) =>
      answer((caller) => commits.deltaStatistics(caller, repositoryAt(path), path.commitUuid)),
    listCommitDeltaIssues: ({ path, urlParams }: RequestOf<typeof Api.listCommitDeltaIssues>) =>
      answerWith((caller) => commits.issues(caller, repositoryAt(path), path.srcCommitUuid, urlParams), asDeltaPage),
    listCommitFiles: ({ path, urlParams }: RequestOf<typeof Api.listCommitFiles>) =>
      answerPage((caller) => details.files(caller, repositoryAt(path), commit(path), urlParams)),
    listCommitClones: ({ path, urlParams }: RequestOf<typeof Api.listCommitClones>) =>
      answerPage((caller) => details.clones(caller, repositoryAt(path), commit(path), urlParams)),
    getCommitDiff: ({ path }: RequestOf<typeof Api.getCommitDiff>) => answer((caller) => details.diff(caller, repositoryAt(path), commit(path)))
  }
})

export const branchHistoryLayer = HttpApiBuilder.group(TidemarkApi, "branchHistory", (handlers) =>
  Effect.gen(function*() {
    const history = yield* BranchHistory.BranchHistory
    return handlers.handle("listBranchHistory", ({ path, urlParams }) =>
      answerPage((caller) => history.list(caller, repositoryAt(path), urlParams)))
  }))
