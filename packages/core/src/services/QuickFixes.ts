import { Array as Arr, Effect, Either, Encoding, Option, Schema } from "effect"
import type { IssueResult } from "../domain/AnalysisResults.js"
import { ServiceUnavailable } from "../domain/Errors.js"
import { everyRow } from "../domain/Pagination.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import { fixedFile, patchOf } from "../domain/QuickFix.js"
import type { RepositoryRecord } from "../domain/Records.js"
import { isIgnored } from "../domain/Triage.js"
import { ChangeStore } from "../ports/ChangeStore.js"
import { FileLines } from "../ports/FileLines.js"
import { IssueResultStore } from "../ports/IssueResultStore.js"
import { withSpans } from "../runtime/Spans.js"
import { Ignores } from "./Ignores.js"
import { PullRequestReads } from "./PullRequestReads.js"
import { RepositoryIssues } from "./RepositoryIssues.js"

type Caller = Option.Option<Principal>

/** hasQuickfixSuggestions: whether any issue shown has a fix. */
export class HasQuickfixSuggestionsResponse extends Schema.Class<HasQuickfixSuggestionsResponse>("HasQuickfixSuggestionsResponse")({
  hasSuggestions: Schema.Boolean
}) {}

/** getQuickfixesPatch and getPullRequestQuickfixesPatch: the patch, base64-encoded as the original sends it. */
export class QuickfixPatchResponse extends Schema.Class<QuickfixPatchResponse>("QuickfixPatchResponse")({
  data: Schema.Struct({
    /** Base64 encoded patch file */
    patch: Schema.String
  })
}) {}

/** The patch of a set of issues at one commit, and how many of their fixes it holds. */
export interface QuickfixPatch {
  readonly patch: string
  readonly fixes: number
  readonly commitSha: string | undefined
}

const noPatch: QuickfixPatch = { patch: "", fixes: 0, commitSha: undefined }

/** Pages read through when every fixable issue of an analysis is wanted. */
const pageSize = 1_000


const make = Effect.gen(function*() {
  const repositoryIssues = yield* RepositoryIssues
  const pullRequestReads = yield* PullRequestReads
  const issueResults = yield* IssueResultStore
  const changes = yield* ChangeStore
  const ignores = yield* Ignores
  const fileLines = yield* FileLines

  /**
   * The patch of `issues`' fixes on the commit's files. A fix is taken only while its issue's line
   * still reads, in git's text of the file, as the analysis read it: the offsets were made on that
   * text. A file git cannot give is left out; a commit it cannot give is the service's failure.
   */
  const patchAt = (repository: RepositoryRecord, commitSha: string, issues: ReadonlyArray<IssueResult>) =>
    Effect.gen(function*() {
      const fixable = issues.filter((issue) => issue.fix !== undefined && issue.fix.length > 0)
      if (fixable.length === 0) return { ...noPatch, commitSha }
      const byPath = Arr.groupBy(fixable, (issue) => issue.filePath)
      const paths = Object.keys(byPath).sort()
      const texts = yield* fileLines.texts(repository.gitUrl, commitSha, paths).pipe(
        Effect.mapError((error) => new ServiceUnavailable({ reason: error.message, cause: error }))
      )
      const changed = paths.flatMap((path, index) => {
        const read = texts[index]
        return read === undefined || Either.isLeft(read) ? [] : [fixedFile(path, read.right, byPath[path] ?? [])]
      })
      return { patch: patchOf(changed), fixes: changed.reduce((sum, change) => sum + change.applied, 0), commitSha }
    })

  /** The fixable issues of the branch's latest analysis that the repository has not ignored. */
  const branchPatch = (caller: Caller, at: RepositoryCoordinates, branchName: string | undefined) =>
    Effect.gen(function*() {
      const found = yield* repositoryIssues.analysed(caller, at, branchName)
      if (Option.isNone(found)) return noPatch
      const { key, repository } = found.value
      const filter = yield* ignores.filterFor(key.repositoryId, { fixable: true }, "notIgnored")
      const rows = yield* everyRow(pageSize, (page) => issueResults.issues(key, filter, page))
      return yield* patchAt(repository, key.commitSha, rows.map((row) => row.issue))
    })

  /** hasQuickfixSuggestions: whether the branch's latest analysis has an issue, not ignored, with a fix. */
  const hasSuggestions = (caller: Caller, at: RepositoryCoordinates, branchName: string | undefined) =>
    Effect.gen(function*() {
      const found = yield* repositoryIssues.analysed(caller, at, branchName)
      if (Option.isNone(found)) return HasQuickfixSuggestionsResponse.make({ hasSuggestions: false })
      const { key } = found.value
      const filter = yield* ignores.filterFor(key.repositoryId, { fixable: true }, "notIgnored")
      const page = yield* issueResults.issues(key, filter, { after: undefined, limit: 1 })
      return HasQuickfixSuggestionsResponse.make({ hasSuggestions: page.items.length > 0 })
    })

  /**
   * The fixes of the issues a pull request adds, on its analysed head: none before its change is
   * analysed, or while it cannot be (its problems say why).
   */
  const pullRequestPatch = (caller: Caller, at: RepositoryCoordinates, number: number) =>
    Effect.gen(function*() {
      const { change, repository } = yield* pullRequestReads.find(caller, at, number)
      if (change === undefined || change.problems.length > 0) return noPatch
      const key = { repositoryId: repository.id, subject: { kind: "pullRequest" as const, number } }
      const [added, ignoreSet] = yield* Effect.all([
        everyRow(pageSize, (page) => changes.issues(key, "Added", page)),
        ignores.ignoresOf(repository.id)
      ], { concurrency: 2 })
      const ignored = isIgnored(ignoreSet)
      return yield* patchAt(repository, change.headSha, added.map((row) => row.issue).filter((issue) => !ignored(issue)))
    })

  const encoded = (patch: QuickfixPatch) => QuickfixPatchResponse.make({ data: { patch: Encoding.encodeBase64(patch.patch) } })

  return withSpans("QuickFixes", {
    hasSuggestions,
    branchPatch,
    pullRequestPatch,
    patch: (caller: Caller, at: RepositoryCoordinates, branchName: string | undefined) => Effect.map(branchPatch(caller, at, branchName), encoded),
    pullRequest: (caller: Caller, at: RepositoryCoordinates, number: number) => Effect.map(pullRequestPatch(caller, at, number), encoded)
  })
})

/**
 * hasQuickfixSuggestions, getQuickfixesPatch and getPullRequestQuickfixesPatch: the tools' own fixes
 * of the issues shown, as one patch that `git apply` takes on the analysed commit.
 */
export class QuickFixes extends Effect.Service<QuickFixes>()("@tidemark/core/QuickFixes", {
  effect: make,
  dependencies: [RepositoryIssues.Default, PullRequestReads.Default, Ignores.Default]
}) {}
