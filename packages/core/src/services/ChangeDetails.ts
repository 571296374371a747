import { Effect, Option } from "effect"
import type { ChangeSubject, DeltaType } from "../domain/ChangeAnalysis.js"
import {
  AnalysisMeta,
  CommitFileClone,
  ComparedWithCommit,
  CommitWithAnalysis,
  CoveragePullRequest,
  CoveragePullRequestCommitDetail,
  DiffLineHit,
  DiffResponse,
  FileDeltaAnalysis,
  FileDeltaCoverageAnalysis,
  FileDeltaQualityAnalysis,
  FileDiffCoverage,
  type FileDeltaSort,
  type IssueStatusParam,
  PullRequestCoverage,
  PullRequestWithCoverage
} from "../domain/ChangeViews.js"
import { coverageReportOf } from "../domain/CoverageReports.js"
import { NotFound, Unprocessable } from "../domain/Errors.js"
import { CloneDuplicationBlock, FileMetadata } from "../domain/FileViews.js"
import { type Page, paginate, Pagination, pageRequest } from "../domain/Pagination.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import { CommitRecord, type RepositoryRecord } from "../domain/Records.js"
import { commitView, storedCommitView } from "../domain/RepositoryView.js"
import { FileResultStore } from "../ports/FileResultStore.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { emptyTree, GitChanges } from "../ports/GitChanges.js"
import type { GitCommit } from "../ports/GitReader.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { ChangeCoverageReads, pullRequestCoverageOf } from "./ChangeCoverageReads.js"
import { CommitReads } from "./CommitReads.js"
import { deltaTypeOf } from "./DeltaIssues.js"
import { PullRequestReads } from "./PullRequestReads.js"
import { fileWebUrl } from "./Repositories.js"
import { withSpans } from "../runtime/Spans.js"

type Caller = Option.Option<Principal>

export interface ChangeFilesQuery {
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
  readonly search?: string | undefined
  readonly filter?: "withCoverageChanges" | undefined
  readonly sortColumn?: FileDeltaSort | undefined
  readonly columnOrder?: "asc" | "desc" | undefined
}

export interface ChangeClonesQuery {
  readonly status?: IssueStatusParam | undefined
  readonly onlyPotential?: boolean | undefined
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
}

const rounded = (n: number) => Math.round(n * 100) / 100

/**
 * The original API's details of a change: its files with their deltas, its clones, its coverage,
 * its commits and its diff, for a commit or a pull request alike where the API has both.
 */
const make = Effect.gen(function*() {
  const pullRequests = yield* PullRequestReads
  const commits = yield* CommitReads
  const analyses = yield* AnalysisStore
  const fileResults = yield* FileResultStore
  const repositories = yield* RepositoryStore
  const git = yield* GitChanges
  const coverage = yield* ChangeCoverageReads

  /** The repository and the subject's change (none before its first analysis), or NotFound. */
  const changeOf = (caller: Caller, at: RepositoryCoordinates, subject: ChangeSubject) =>
    subject.kind === "pullRequest"
      ? Effect.map(pullRequests.find(caller, at, subject.number), ({ change, pullRequest, repository }) => ({
        repository,
        change,
        headSha: change?.headSha ?? pullRequest.headSha,
        // A pull request is compared with its common ancestor, not with a parent.
        firstParent: undefined
      }))
      : Effect.flatMap(commits.find(caller, at, subject.sha), ({ record, repository }) =>
        Effect.map(commits.changeOf(repository.id, record.sha), (change) => ({
          repository,
          change,
          headSha: record.sha,
          firstParent: record.parents[0] ?? emptyTree
        })))

  const commitIdOf = (repositoryId: number, sha: string) =>
    Effect.map(repositories.findCommit(repositoryId, sha), (found) => (Option.isSome(found) ? found.value.id : 0))

  const files = (caller: Caller, at: RepositoryCoordinates, subject: ChangeSubject, query: ChangeFilesQuery) =>
    Effect.gen(function*() {
      const request = yield* pageRequest(query.cursor, query.limit)
      const { change, repository } = yield* changeOf(caller, at, subject)
      if (change === undefined) return { items: [], pagination: new Pagination({ limit: request.limit, total: 0 }) } satisfies Page<FileDeltaAnalysis>
      const measured = yield* coverage.coverageOf(change)
      const byPath = new Map(measured.files.map((f) => [f.path, f]))
      const ids = yield* fileResults.fileIds(repository.id, change.files.map((f) => f.path))
      const commitId = yield* commitIdOf(repository.id, change.headSha)
      const baseId = change.baseSha === undefined ? undefined : yield* commitIdOf(repository.id, change.baseSha)
      const search = query.search?.toLowerCase() ?? ""
      const rows = change.files.filter((f) => f.inHead && f.path.toLowerCase().includes(search)).map((file) => {
        const covered = byPath.get(file.path)
        const delta = covered?.total === undefined || covered.base === undefined ? undefined : rounded(covered.total - covered.base)
        const id = ids.get(file.path) ?? 0
        return FileDeltaAnalysis.make({
          file: FileMetadata.make({
            commitId,
            commitSha: change.headSha,
            fileDataId: id,
            fileId: id,
            gitProviderUrl: fileWebUrl(repository, change.headSha, file.path),
            ignored: false,
            language: file.language,
            path: file.path
          }),
          coverage: FileDeltaCoverageAnalysis.make({
            ...(covered?.total === undefined ? {} : { totalCoverage: rounded(covered.total) }),
            ...(delta === undefined ? {} : { deltaCoverage: delta })
          }),
          quality: FileDeltaQualityAnalysis.make({
            deltaNewIssues: file.newIssues,
            deltaFixedIssues: file.fixedIssues,
            ...(file.deltaComplexity === undefined ? {} : { deltaComplexity: file.deltaComplexity }),
            deltaClonesCount: file.deltaClonesCount
          }),
          ...(baseId === undefined ? {} : {
            comparedWithCommit: ComparedWithCommit.make({
              commitId: baseId,
              ...(covered?.base === undefined ? {} : { coverage: { totalCoverage: rounded(covered.base) } })
            })
          })
        })
      }).filter((row) => query.filter !== "withCoverageChanges" || (row.coverage?.deltaCoverage ?? 0) !== 0)
      const sorted = sortFiles(rows, query.sortColumn ?? "filename", query.columnOrder ?? "asc")
      return paginate(sorted.map((row, index) => ({ row, index })), ({ index }) => [index], request)
    }).pipe(Effect.map((page) => ({ items: page.items.map(({ row }) => row), pagination: page.pagination })))

  const clones = (caller: Caller, at: RepositoryCoordinates, subject: ChangeSubject, query: ChangeClonesQuery) =>
    Effect.gen(function*() {
      const request = yield* pageRequest(query.cursor, query.limit)
      const { change, repository } = yield* changeOf(caller, at, subject)
      const wanted: DeltaType | undefined = deltaTypeOf(query.status)
      const listed = change === undefined || query.onlyPotential === true
        ? []
        : change.clones.filter((clone) => wanted === undefined || clone.deltaType === wanted)
      const ids = yield* fileResults.fileIds(repository.id, [...new Set(listed.flatMap((c) => c.occurrences.map((o) => o.path)))])
      const shown = listed.map((clone) =>
        CommitFileClone.make({
          id: clone.id,
          status: clone.deltaType,
          clones: clone.occurrences.map((o) => {
            const id = ids.get(o.path) ?? 0
            return CloneDuplicationBlock.make({ path: o.path, fileId: id, fileDataId: id, fromLine: o.fromLine, toLine: o.toLine })
          })
        }))
      return paginate(shown, (clone) => [clone.id], request)
    })

  /** The pull request's coverage as its analysis shows it (none before its first analysis). */
  const pullRequestCoverage = (caller: Caller, at: RepositoryCoordinates, number: number) =>
    Effect.gen(function*() {
      const found = yield* pullRequests.find(caller, at, number)
      const view = pullRequests.viewOf(found.repository, found.pullRequest, found.change)
      if (found.change === undefined) return PullRequestWithCoverage.make({ pullRequest: view, coverage: PullRequestCoverage.make({}) })
      const { coverage: measured, verdict } = yield* coverage.verdictOf(found.change, "pullRequests")
      return PullRequestWithCoverage.make({ pullRequest: view, coverage: pullRequestCoverageOf(measured, verdict) })
    })

  /** Each file of the pull request that the head's report names: its coverage, variation and diff coverage with the hits of its added lines. */
  const pullRequestFilesCoverage = (caller: Caller, at: RepositoryCoordinates, number: number) =>
    Effect.gen(function*() {
      const { change } = yield* pullRequests.find(caller, at, number)
      if (change === undefined) return []
      const measured = yield* coverage.coverageOf(change)
      return measured.files.flatMap((file) =>
        file.total === undefined ? [] : [FileDiffCoverage.make({
          fileName: file.path,
          coverage: rounded(file.total),
          ...(file.base === undefined ? {} : { variation: rounded(file.total - file.base) }),
          diff: file.diff,
          diffLineHits: file.addedLineHits.map(([line, hits]) => DiffLineHit.make({ lineNumber: String(line), hits }))
        })])
    })

  /** The coverage reports of the pull request's head, common ancestor, origin and target heads. */
  const pullRequestCoverageStatus = (caller: Caller, at: RepositoryCoordinates, number: number) =>
    Effect.gen(function*() {
      const { change, pullRequest, repository } = yield* pullRequests.find(caller, at, number)
      const branches = yield* repositories.listBranches(repository.id)
      const headOf = (name: string) => branches.find((b) => b.name === name)?.lastCommitSha ?? ""
      const detail = (sha: string) =>
        Effect.gen(function*() {
          const report = sha === "" ? undefined : (yield* analyses.coverage([{ repositoryId: repository.id, commitSha: sha }])).get(repository.id)
          const analysis = report === undefined ? Option.none() : yield* analyses.ofCommit(repository.id, sha)
          return CoveragePullRequestCommitDetail.make({
            commitId: yield* commitIdOf(repository.id, sha),
            commitSha: sha,
            reports: report === undefined ? [] : [coverageReportOf(report, Option.toArray(analysis), branches)]
          })
        })
      return CoveragePullRequest.make({
        headCommit: yield* detail(change?.headSha ?? pullRequest.headSha),
        commonAncestorCommit: yield* detail(change?.baseSha ?? ""),
        origin: yield* detail(headOf(pullRequest.originBranch)),
        target: yield* detail(headOf(pullRequest.targetBranch))
      })
    })

  const gitCommitView = (repository: RepositoryRecord, commit: GitCommit) =>
    Effect.gen(function*() {
      const analysis = yield* analyses.ofCommit(repository.id, commit.sha)
      if (Option.isSome(analysis)) return CommitWithAnalysis.make({ commit: commitView(analysis.value), meta: AnalysisMeta.make({ analyzable: analysis.value.measures !== undefined }) })
      return CommitWithAnalysis.make({
        commit: storedCommitView(CommitRecord.make({ ...commit, id: yield* commitIdOf(repository.id, commit.sha) })),
        meta: AnalysisMeta.make({ analyzable: true })
      })
    })

  /** The commits of the pull request (from the common ancestor to its head), the newest first. */
  const pullRequestCommits = (caller: Caller, at: RepositoryCoordinates, number: number, query: { readonly cursor?: string | undefined; readonly limit?: number | undefined }) =>
    Effect.gen(function*() {
      const request = yield* pageRequest(query.cursor, query.limit)
      const { change, repository } = yield* pullRequests.find(caller, at, number)
      if (change?.baseSha === undefined) return { items: [], pagination: new Pagination({ limit: request.limit, total: 0 }) } satisfies Page<CommitWithAnalysis>
      const between = yield* git.commitsBetween(repository.gitUrl, change.baseSha, change.headSha).pipe(
        Effect.mapError((e) => new Unprocessable({ reason: e.message }))
      )
      const page = paginate(between.map((commit, index) => ({ commit, index })), ({ index }) => [index], request)
      const items = yield* Effect.forEach(page.items, ({ commit }) => gitCommitView(repository, commit))
      return { items, pagination: page.pagination }
    })

  /**
   * The unified diff of the change: a pull request's from the common ancestor to its head, a
   * commit's from its first parent (from nothing for a first commit).
   */
  const diff = (caller: Caller, at: RepositoryCoordinates, subject: ChangeSubject) =>
    Effect.gen(function*() {
      const { change, firstParent, headSha, repository } = yield* changeOf(caller, at, subject)
      const base = subject.kind === "pullRequest" ? change?.baseSha : firstParent
      if (base === undefined || headSha === "") return yield* new NotFound({ what: "commit", id: headSha === "" ? "(head)" : "(common ancestor)" })
      const text = yield* git.diff(repository.gitUrl, base, headSha).pipe(Effect.mapError((e) => new Unprocessable({ reason: e.message })))
      return DiffResponse.make({ diff: text })
    })

  return withSpans("ChangeDetails", { files, clones, pullRequestCoverage, pullRequestFilesCoverage, pullRequestCoverageStatus, pullRequestCommits, diff })
})

const sortFiles = (rows: ReadonlyArray<FileDeltaAnalysis>, column: FileDeltaSort, order: "asc" | "desc") => {
  const value = (row: FileDeltaAnalysis) =>
    column === "totalCoverage" ? row.coverage?.totalCoverage ?? -1 : column === "deltaCoverage" ? row.coverage?.deltaCoverage ?? -101 : 0
  const sign = order === "asc" ? 1 : -1
  return [...rows].sort((a, b) =>
    sign * (value(a) - value(b) || (a.file.path < b.file.path ? -1 : a.file.path > b.file.path ? 1 : 0)))
}

/** The details of commits and pull requests: files, clones, coverage, commits and diffs. */
export class ChangeDetails extends Effect.Service<ChangeDetails>()("@tidemark/core/ChangeDetails", {
  effect: make,
  dependencies: [PullRequestReads.Default, CommitReads.Default, ChangeCoverageReads.Default]
}) {}
