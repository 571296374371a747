import { Effect, type Option } from "effect"
import { type CoverageFormat, coverageView } from "../domain/CommitCoverage.js"
import { commitShaOf } from "../domain/CommitSha.js"
import { coverageReportOf, coverageReportResponseOf } from "../domain/CoverageReports.js"
import { InvalidInput } from "../domain/Errors.js"
import { defaultLimit } from "../domain/Pagination.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { CoverageReader } from "../ports/CoverageReader.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { Access } from "./Access.js"
import { ChangeVerdicts } from "./ChangeVerdicts.js"
import { CommitCoverageWrites } from "./CommitCoverageWrites.js"
import { withSpans } from "../runtime/Spans.js"

export interface CoverageUpload {
  /** The full commit id the report was made on (40 hex digits, or 64 for SHA-256 repositories). */
  readonly commitSha: string
  readonly format: CoverageFormat
  readonly report: string
  /** The directory the report's absolute paths start with (the checkout's root on the CI machine). */
  readonly root?: string | undefined
}

const make = Effect.gen(function*() {
  const access = yield* Access
  const verdicts = yield* ChangeVerdicts
  const store = yield* AnalysisStore
  const reader = yield* CoverageReader
  const repositories = yield* RepositoryStore
  const writes = yield* CommitCoverageWrites

  /** Stores a commit's coverage report (replacing an earlier one) and answers its Coverage numbers. */
  const upload = (caller: Option.Option<Principal>, at: RepositoryCoordinates, input: CoverageUpload) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "write")
      const commitSha = yield* commitShaOf(input.commitSha)
      const read = yield* reader.read(input.format, input.report, input.root ?? "").pipe(
        Effect.mapError((e) => new InvalidInput({ field: "report", reason: e.reason }))
      )
      // The files the analysis leaves out (installed, built, vendored, excluded by the configuration) do not count.
      const isExcluded = yield* writes.exclusion(repository.id, commitSha)
      const files = read.filter((file) => !isExcluded(file.path))
      const coverage = yield* writes.save({ repositoryId: repository.id, commitSha }, input.format, files)
      // The hosts hear of the verdicts it changes in the background: the upload does not wait on them.
      yield* Effect.forkDaemon(verdicts.coverageArrived(repository, commitSha))
      return coverageView(coverage, repository.goals)
    })

  /** listCoverageReports: the repository's latest reports and whether an analysis took each in. */
  const reports = (caller: Option.Option<Principal>, at: RepositoryCoordinates, limit: number | undefined) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "read")
      const [found, branches] = yield* Effect.all([store.coverageReports(repository.id, limit ?? defaultLimit), repositories.listBranches(repository.id)])
      return coverageReportResponseOf(found.map(({ analyses, coverage }) => coverageReportOf(coverage, analyses, branches)))
    })

  return withSpans("CoverageUploads", { upload, reports })
})

/** Coverage reports uploaded for commits (our extension); the repository views show them. */
export class CoverageUploads extends Effect.Service<CoverageUploads>()("@tidemark/core/CoverageUploads", {
  effect: make,
  dependencies: [Access.Default, ChangeVerdicts.Default, CommitCoverageWrites.Default]
}) {}
