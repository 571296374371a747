import { Effect, Option } from "effect"
import type { IssueResult } from "../domain/AnalysisResults.js"
import { ConfigurationConflict, NotFound } from "../domain/Errors.js"
import { type CommitReference, commitReferenceOf, type SearchRepositoryIssuesBody } from "../domain/IssueViews.js"
import { nowIso } from "../domain/Now.js"
import { emptyPage, maxLimit, type PageRequest, pageOfResults, pageRequest, type ResultPage } from "../domain/Pagination.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import type { RepositoryRecord } from "../domain/Records.js"
import type { StoredFile } from "../domain/StoredResults.js"
import {
  type BulkIgnoreIssuesBody,
  FileIgnore,
  type FileStateBody,
  authorOf,
  IgnoredBy,
  type IgnoredIssue,
  ignoredIssueOf,
  type IgnoreReason,
  IssueIgnore,
  type IssueStateBody,
  resultDataIdsOf,
  selectionOf
} from "../domain/Triage.js"
import type { ResultsKey } from "../ports/AnalysisResultStore.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { FileResultStore } from "../ports/FileResultStore.js"
import { IssueResultStore } from "../ports/IssueResultStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { TriageStore } from "../ports/TriageStore.js"
import { withSpans } from "../runtime/Spans.js"
import { Access } from "./Access.js"
import { filterOf, filtersOutAll, RepositoryIssues } from "./RepositoryIssues.js"

type Caller = Option.Option<Principal>

/** An issue found by the id a client gave: as the latest analysis of a branch has it, and that analysis's commit. */
interface FoundIssue {
  readonly issue: IssueResult
  readonly commitSha: string
}


/**
 * Triage: ignoring and un-ignoring issues (one, in bulk, as false positives) and files, and the
 * list of what is ignored. Writes need the `write` permission; an ignore is kept by the issue's
 * identity, so it holds on every later analysis, commit and pull request that finds the issue.
 */
const make = Effect.gen(function*() {
  const access = yield* Access
  const triage = yield* TriageStore
  const repositories = yield* RepositoryStore
  const analyses = yield* AnalysisStore
  const issueResults = yield* IssueResultStore
  const fileResults = yield* FileResultStore
  const repositoryIssues = yield* RepositoryIssues

  /** The repository and who acts on it, with the `write` permission. */
  const writer = (caller: Caller, at: RepositoryCoordinates) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "write")
      return { repository, by: authorOf(yield* access.signedIn(caller)) }
    })

  /** The latest analysis of each branch, the default branch's first. */
  const latestKeys = (repository: RepositoryRecord) =>
    Effect.gen(function*() {
      const branches = [...yield* repositories.listBranches(repository.id)].sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
      const latest = yield* Effect.forEach(branches, (branch) =>
        Effect.map(analyses.latest([{ repositoryId: repository.id, branch: branch.name }]), (found) => {
          const analysis = found.get(repository.id)
          return analysis === undefined ? [] : [{ repositoryId: repository.id, branch: branch.name, commitSha: analysis.commit.sha }]
        }))
      return latest.flat()
    })

  /**
   * The issue a client names by its `issueId` (or its `resultDataId`, as getIssue does) in the
   * latest analysis of the default branch, else of another branch: an issue listed on any branch
   * can be ignored.
   */
  const find = (keys: ReadonlyArray<ResultsKey>, issueId: string) =>
    Effect.gen(function*() {
      for (const key of keys) {
        for (const { matches, resultDataId } of resultDataIdsOf(issueId)) {
          const row = yield* issueResults.issue(key, resultDataId)
          if (Option.isSome(row) && matches(row.value.issue)) return Option.some<FoundIssue>({ issue: row.value.issue, commitSha: key.commitSha })
        }
      }
      return Option.none<FoundIssue>()
    })

  /** Whether the latest analysis of a branch lists the file (its path exactly). */
  const fileListed = (repository: RepositoryRecord, path: string) =>
    Effect.gen(function*() {
      for (const key of yield* latestKeys(repository)) {
        let after: PageRequest["after"] = undefined
        for (;;) {
          const page: ResultPage<StoredFile> = yield* fileResults.files(key, { search: path, sort: "filename", direction: "asc" }, { after, limit: maxLimit })
          if (page.items.some((stored) => stored.file.path === path)) return true
          if (page.next === undefined) break
          after = page.next
        }
      }
      return false
    })

  const found = (keys: ReadonlyArray<ResultsKey>, issueId: string) =>
    Effect.flatMap(find(keys, issueId), Option.match({
      onNone: () => new NotFound({ what: "issue", id: issueId }),
      onSome: Effect.succeed
    }))

  const ignoreOf = (found: FoundIssue, by: IgnoredBy, reason: IgnoreReason | undefined, comment: string | undefined) =>
    Effect.map(nowIso, (ignoredAt) =>
      IssueIgnore.make({
        issueId: found.issue.issueId,
        ...(reason === undefined ? {} : { reason }),
        ...(comment === undefined ? {} : { comment }),
        ignoredBy: by,
        ignoredAt,
        commitSha: found.commitSha
      }))

  /** updateIssueState: ignore the issue with a reason and comment, or un-ignore it. */
  const updateIssueState = (caller: Caller, at: RepositoryCoordinates, issueId: string, body: IssueStateBody) =>
    Effect.gen(function*() {
      const { by, repository } = yield* writer(caller, at)
      if (body.ignored) {
        const issue = yield* found(yield* latestKeys(repository), issueId)
        return yield* triage.ignoreIssues(repository.id, [yield* ignoreOf(issue, by, body.reason, body.comment)])
      }
      // Un-ignoring needs no analysis to list the issue: an issue fixed since is forgotten all the same.
      const current = yield* find(yield* latestKeys(repository), issueId)
      const identity = Option.match(current, { onNone: () => issueId, onSome: (f) => f.issue.issueId })
      const removed = yield* triage.unignoreIssue(repository.id, identity)
      if (!removed && Option.isNone(current)) return yield* new NotFound({ what: "issue", id: issueId })
    })

  /** bulkIgnoreIssues: every issue or none (an unknown id fails the whole request). */
  const bulkIgnore = (caller: Caller, at: RepositoryCoordinates, body: BulkIgnoreIssuesBody) =>
    Effect.gen(function*() {
      const { by, repository } = yield* writer(caller, at)
      const keys = yield* latestKeys(repository)
      const issues = yield* Effect.forEach(new Set(body.issueIds), (issueId) => found(keys, issueId))
      const ignored = yield* Effect.forEach(issues, (issue) => ignoreOf(issue, by, body.reason, body.comment))
      yield* triage.ignoreIssues(repository.id, ignored)
    })

  /**
   * ignoreFalsePositive: Tidemark detects no false positives, so this ignores the issue as one
   * (reason `FalsePositive`); an issue already ignored is a conflict, its ignore kept as it is.
   */
  const ignoreFalsePositive = (caller: Caller, at: RepositoryCoordinates, issueId: string) =>
    Effect.gen(function*() {
      const { by, repository } = yield* writer(caller, at)
      const issue = yield* found(yield* latestKeys(repository), issueId)
      const { issues } = yield* triage.ignoresOf(repository.id)
      if (issues.some((i) => i.issueId === issue.issue.issueId)) {
        return yield* new ConfigurationConflict({ reason: `Issue ${issueId} is already ignored` })
      }
      yield* triage.ignoreIssues(repository.id, [yield* ignoreOf(issue, by, "FalsePositive", undefined)])
    })

  /** updateFileState: a file the latest analysis of a branch lists, ignored (every issue in it) or not. */
  const updateFileState = (caller: Caller, at: RepositoryCoordinates, body: FileStateBody) =>
    Effect.gen(function*() {
      const { by, repository } = yield* writer(caller, at)
      const known = yield* fileListed(repository, body.filepath)
      if (body.ignored) {
        if (!known) return yield* new NotFound({ what: "file", id: body.filepath })
        return yield* triage.ignoreFile(repository.id, FileIgnore.make({ path: body.filepath, ignoredBy: by, ignoredAt: yield* nowIso }))
      }
      const removed = yield* triage.unignoreFile(repository.id, body.filepath)
      if (!removed && !known) return yield* new NotFound({ what: "file", id: body.filepath })
    })

  /** The commits ignores were made on, as the repository stored them (by sha alone for one it no longer has). */
  const commitsOf = (repositoryId: number, shas: ReadonlyArray<string>) =>
    Effect.map(
      Effect.forEach(new Set(shas), (sha) =>
        Effect.map(repositories.findCommit(repositoryId, sha), (c) => [sha, commitReferenceOf(Option.getOrElse(c, () => ({ sha })))] as const)),
      (pairs): ReadonlyMap<string, CommitReference> => new Map(pairs)
    )

  /**
   * searchRepositoryIgnoredIssues: the ignored issues the branch's latest analysis finds (by their
   * own ignore or their file's), filtered as searchRepositoryIssues filters, with who ignored them,
   * when, why and on which commit.
   */
  const searchIgnored = (caller: Caller, at: RepositoryCoordinates, body: SearchRepositoryIssuesBody, cursor?: string, limit?: number) =>
    Effect.gen(function*() {
      const page = yield* pageRequest(cursor, limit)
      const analysed = yield* repositoryIssues.analysed(caller, at, body.branchName)
      if (Option.isNone(analysed) || filtersOutAll(body)) return emptyPage<IgnoredIssue>(page.limit)
      const { commit, key } = analysed.value
      const set = yield* triage.ignoresOf(key.repositoryId)
      const rows = yield* issueResults.issues(key, { ...filterOf(body), ignored: selectionOf(set, "ignored") }, page)
      const ignoreShas = set.issues.filter((i) => rows.items.some((row) => row.issue.issueId === i.issueId)).map((i) => i.commitSha)
      const commits = yield* commitsOf(key.repositoryId, ignoreShas)
      return pageOfResults(rows, page.limit, (row) => ignoredIssueOf(set, row.issue, row.fileId, commitReferenceOf(commit), commits))
    })

  return withSpans("IssueTriage", { updateIssueState, bulkIgnore, ignoreFalsePositive, updateFileState, searchIgnored })
})

/** updateIssueState, bulkIgnoreIssues, ignoreFalsePositive, updateFileState and searchRepositoryIgnoredIssues. */
export class IssueTriage extends Effect.Service<IssueTriage>()("@tidemark/core/IssueTriage", {
  effect: make,
  dependencies: [Access.Default, RepositoryIssues.Default]
}) {}
