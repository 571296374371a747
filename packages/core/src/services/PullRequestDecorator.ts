import { Effect, Either, Option } from "effect"
import type { IssueResult } from "../domain/AnalysisResults.js"
import type { ChangeAnalysis } from "../domain/ChangeAnalysis.js"
import { everyRow } from "../domain/Pagination.js"
import { analysedText } from "../domain/QuickFix.js"
import { commentLimit, Decoration, issueCommentOf, suggestionOf, summaryOf } from "../domain/PullRequestDecoration.js"
import type { RepositoryRecord } from "../domain/Records.js"
import { ChangeStore } from "../ports/ChangeStore.js"
import type { CommitVerdict } from "../ports/CommitStatuses.js"
import { FileLines } from "../ports/FileLines.js"
import { GitHostSettingsStore } from "../ports/GitHostSettingsStore.js"
import { PullRequestDecorations } from "../ports/PullRequestDecorations.js"
import { withSpans } from "../runtime/Spans.js"

const pageSize = 1_000


/**
 * A pull request's head, judged, written in the pull request itself where the repository's git
 * host settings opt in: a comment on each new issue on a line the pull request adds or alters (the
 * first `commentLimit`, by file and line), with the tool's fix as a suggestion where it stays on
 * that line, and a summary of the verdict the commit status carries.
 */
const make = Effect.gen(function*() {
  const settings = yield* GitHostSettingsStore
  const changes = yield* ChangeStore
  const fileLines = yield* FileLines
  const decorations = yield* PullRequestDecorations

  /** The head's texts of the files, as the analysis read them (no byte order mark); a file git cannot give has none. */
  const textsOf = (repository: RepositoryRecord, sha: string, paths: ReadonlyArray<string>) =>
    paths.length === 0
      ? Effect.succeed(new Map<string, string>())
      : Effect.map(fileLines.texts(repository.gitUrl, sha, paths), (read) =>
        new Map(paths.flatMap((path, index) => {
          const text = read[index]
          return text === undefined || Either.isLeft(text) ? [] : [[path, analysedText(text.right)] as const]
        })))

  /** The decoration of the change's head, judged `verdict`. */
  const decorationOf = (repository: RepositoryRecord, number: number, change: ChangeAnalysis, verdict: CommitVerdict) =>
    Effect.gen(function*() {
      const key = { repositoryId: repository.id, subject: { kind: "pullRequest" as const, number } }
      const added = yield* everyRow(pageSize, (page) => changes.issues(key, "Added", page))
      const changedLines = new Map(change.files.map((file) => [file.path, new Set(file.addedLines)]))
      const onDiff = added
        .map((row) => row.issue)
        .filter((issue) => changedLines.get(issue.filePath)?.has(issue.line) === true)
        .sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : a.line - b.line))
        .slice(0, commentLimit)
      const withFix = [...new Set(onDiff.filter((issue) => issue.fix !== undefined).map((issue) => issue.filePath))]
      const texts = yield* textsOf(repository, change.headSha, withFix).pipe(
        Effect.catchAll((error) => Effect.as(Effect.logWarning(`no fix suggested in the comments: ${error.message}`), new Map<string, string>()))
      )
      const suggestion = (issue: IssueResult) => {
        const text = texts.get(issue.filePath)
        return text === undefined ? undefined : suggestionOf(text, issue)
      }
      return Decoration.make({
        headSha: change.headSha,
        summary: summaryOf({
          state: verdict.state,
          description: verdict.description,
          headSha: change.headSha,
          newIssues: change.newIssues,
          fixedIssues: change.fixedIssues,
          commented: onDiff.length,
          link: verdict.targetUrl,
          securityFindings: change.newSecurityFindings
        }),
        comments: onDiff.map((issue) => issueCommentOf(issue, suggestion(issue))),
        newIssueIds: added.map((row) => row.issue.issueId)
      })
    })

  /** Writes the decoration when the repository's git host settings ask for it; nothing otherwise. */
  const decorate = (repository: RepositoryRecord, number: number, change: ChangeAnalysis, verdict: CommitVerdict) =>
    Effect.gen(function*() {
      const found = yield* settings.find(repository.id)
      if (Option.isNone(found) || !found.value.decoratePullRequests) return
      yield* decorations.decorate(repository, number, yield* decorationOf(repository, number, change, verdict))
    })

  return withSpans("PullRequestDecorator", { decorate, decorationOf })
})

export class PullRequestDecorator extends Effect.Service<PullRequestDecorator>()("@tidemark/core/PullRequestDecorator", {
  effect: make
}) {}
