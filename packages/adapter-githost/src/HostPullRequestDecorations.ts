/**
 * The PullRequestDecorations port on the git hosts' own APIs, with each repository's token and API
 * from the GitHostSettingsStore: on GitHub, one review with an inline comment on each new issue's
 * line, the comments of issues a later head fixed edited to say so, and one conversation comment
 * summing up the verdict, edited in place; on GitLab, a discussion on each new issue's line, those of
 * fixed issues resolved, and one summary note, edited in place. Tidemark's own comments are told by
 * their markers (PullRequestDecoration), so none is ever posted twice. Never fails: what the host
 * refuses is retried when it may pass later, then logged.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import {
  type GitHostSettings,
  GitHostSettingsStore,
  type NetworkAddresses,
  PullRequestDecoration,
  PullRequestDecorations,
  type Records
} from "@tidemark/core"
import { type Context, Effect, Layer, Option, Schema } from "effect"
import { gitHub, gitLab, type HostPull, perPage } from "./DecorationRequests.js"
import * as HostCalls from "./HostCalls.js"

export type HostPullRequestDecorationsOptions = HostCalls.HostCallOptions

/** Listings are read up to this many pages (10 000 comments): a pull request holds far fewer. */
const pageLimit = 100

const GitHubComment = Schema.Struct({ id: Schema.Number, body: Schema.NullishOr(Schema.String) })
const GitHubComments = Schema.parseJson(Schema.Array(GitHubComment))

const GitLabNote = Schema.Struct({ id: Schema.Number, body: Schema.String, system: Schema.optional(Schema.Boolean) })
const GitLabNotes = Schema.parseJson(Schema.Array(GitLabNote))
const GitLabDiscussions = Schema.parseJson(Schema.Array(Schema.Struct({
  id: Schema.String,
  notes: Schema.Array(Schema.Struct({ ...GitLabNote.fields, resolved: Schema.optional(Schema.Boolean) }))
})))
const GitLabMergeRequest = Schema.parseJson(Schema.Struct({
  diff_refs: Schema.NullOr(Schema.Struct({ base_sha: Schema.String, head_sha: Schema.String, start_sha: Schema.String }))
}))

/** The host answered something the adapter cannot read. */
class UnreadableAnswer extends Schema.TaggedError<UnreadableAnswer>()("UnreadableAnswer", { reason: Schema.String }) {}

type Failure = HostCalls.SendFailure | UnreadableAnswer

export const make = (
  options: HostPullRequestDecorationsOptions = {}
): Effect.Effect<
  Context.Tag.Service<PullRequestDecorations.PullRequestDecorations>,
  never,
  HttpClient.HttpClient | GitHostSettingsStore.GitHostSettingsStore | NetworkAddresses.NetworkAddresses
> =>
  Effect.gen(function*() {
    const store = yield* GitHostSettingsStore.GitHostSettingsStore
    const calls = yield* HostCalls.make(options)

    const read = <A, I>(schema: Schema.Schema<A, I>, request: HttpClientRequest.HttpClientRequest): Effect.Effect<A, Failure> =>
      Effect.flatMap(calls.call(request), (body) =>
        Schema.decodeUnknown(schema)(body).pipe(Effect.mapError((error) => new UnreadableAnswer({ reason: error.message }))))

    /** Every item of a paged listing, a page of `perPage` at a time. */
    const listed = <A>(page: (n: number) => Effect.Effect<ReadonlyArray<A>, Failure>) =>
      Effect.gen(function*() {
        const items: Array<A> = []
        for (let n = 1; n <= pageLimit; n++) {
          const found = yield* page(n)
          items.push(...found)
          if (found.length < perPage) break
        }
        return items
      })

    const gitHubDecorate = (pull: HostPull, decoration: PullRequestDecoration.Decoration) =>
      Effect.gen(function*() {
        const comments = yield* listed((n) => read(GitHubComments, gitHub.reviewComments(pull, n)))
        const ours = new Map(comments.flatMap((c) => {
          const issueId = PullRequestDecoration.issueIdOfComment(c.body ?? "")
          return issueId === undefined ? [] : [[issueId, c] as const]
        }))
        const added = decoration.comments.filter((comment) => !ours.has(comment.issueId))
        if (added.length > 0) yield* calls.call(gitHub.review(pull, decoration.headSha, added))
        const open = new Set(decoration.newIssueIds)
        for (const [issueId, comment] of ours) {
          const body = comment.body ?? ""
          if (open.has(issueId) || PullRequestDecoration.isFixedComment(body)) continue
          yield* calls.call(gitHub.editReviewComment(pull, comment.id, PullRequestDecoration.fixedCommentOf(body, decoration.headSha)))
        }
        const conversation = yield* listed((n) => read(GitHubComments, gitHub.issueComments(pull, n)))
        const summary = conversation.find((c) => PullRequestDecoration.isSummary(c.body ?? ""))
        if (summary === undefined) yield* calls.call(gitHub.addIssueComment(pull, decoration.summary))
        else if (summary.body !== decoration.summary) yield* calls.call(gitHub.editIssueComment(pull, summary.id, decoration.summary))
      })

    const gitLabDecorate = (pull: HostPull, decoration: PullRequestDecoration.Decoration) =>
      Effect.gen(function*() {
        const { diff_refs: refs } = yield* read(GitLabMergeRequest, gitLab.mergeRequest(pull))
        const discussions = yield* listed((n) => read(GitLabDiscussions, gitLab.discussions(pull, n)))
        const ours = new Map(discussions.flatMap((d) => {
          const first = d.notes[0]
          const issueId = first === undefined ? undefined : PullRequestDecoration.issueIdOfComment(first.body)
          return issueId === undefined || first === undefined ? [] : [[issueId, { id: d.id, resolved: first.resolved === true }] as const]
        }))
        // Without the diff's references (a merge request whose diff GitLab has not computed yet) no line can be named.
        if (refs !== null) {
          for (const comment of decoration.comments.filter((c) => !ours.has(c.issueId))) {
            yield* calls.call(gitLab.startDiscussion(pull, comment.body, {
              baseSha: refs.base_sha,
              startSha: refs.start_sha,
              headSha: refs.head_sha,
              path: comment.path,
              line: comment.line
            }))
          }
        }
        const open = new Set(decoration.newIssueIds)
        for (const [issueId, discussion] of ours) {
          if (!open.has(issueId) && !discussion.resolved) yield* calls.call(gitLab.resolveDiscussion(pull, discussion.id))
        }
        const notes = yield* listed((n) => read(GitLabNotes, gitLab.notes(pull, n)))
        const summary = notes.find((note) => note.system !== true && PullRequestDecoration.isSummary(note.body))
        if (summary === undefined) yield* calls.call(gitLab.addNote(pull, decoration.summary))
        else if (summary.body !== decoration.summary) yield* calls.call(gitLab.editNote(pull, summary.id, decoration.summary))
      })

    const hosts: Record<string, (pull: HostPull, decoration: PullRequestDecoration.Decoration) => Effect.Effect<void, Failure>> = {
      gh: gitHubDecorate,
      gl: gitLabDecorate
    }

    const decorate = (repository: Records.RepositoryRecord, number: number, decoration: PullRequestDecoration.Decoration) =>
      Effect.gen(function*() {
        const settings: Option.Option<GitHostSettings.GitHostSettings> = yield* store.find(repository.id)
        if (Option.isNone(settings) || !settings.value.decoratePullRequests) return
        const decorateOn = hosts[repository.provider]
        if (decorateOn === undefined) return yield* Effect.logDebug("pull requests are decorated on GitHub and GitLab only")
        if (!(yield* calls.reachable(settings.value.apiBaseUrl, "no pull request comment written"))) return
        yield* decorateOn({ settings: settings.value, repository, number }, decoration).pipe(
          Effect.catchAll((failure) =>
            Effect.logWarning("the git host did not take the pull request's comments").pipe(
              Effect.annotateLogs({
                status: failure._tag === "HostAnswered" ? failure.status : "no answer",
                reason: failure._tag === "UnreadableAnswer" ? failure.reason : HostCalls.reasonOf(failure)
              })
            ))
        )
      }).pipe(
        Effect.catchTag("ServiceUnavailable", (error) =>
          Effect.logWarning("the git host settings could not be read: no pull request comment written").pipe(
            Effect.annotateLogs({ reason: error.message })
          )),
        Effect.annotateLogs({ repository: `${repository.provider}/${repository.owner}/${repository.name}`, pullRequest: number }),
        Effect.withSpan("HostPullRequestDecorations.decorate", { attributes: { provider: repository.provider } })
      )

    return PullRequestDecorations.PullRequestDecorations.of({ decorate })
  })

/** The port on the hosts' APIs, with the settings store, the address check and an HTTP client left to the caller. */
export const layer = (
  options: HostPullRequestDecorationsOptions = {}
): Layer.Layer<
  PullRequestDecorations.PullRequestDecorations,
  never,
  HttpClient.HttpClient | GitHostSettingsStore.GitHostSettingsStore | NetworkAddresses.NetworkAddresses
> => Layer.effect(PullRequestDecorations.PullRequestDecorations, make(options))
