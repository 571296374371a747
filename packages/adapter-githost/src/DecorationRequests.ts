/**
 * The requests each host documents for reading and writing a pull request's comments, built from a
 * repository's settings; nothing here sends anything (HostPullRequestDecorations does).
 */
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import type { GitHostSettings, Records } from "@tidemark/core"
import { Redacted } from "effect"
import { gitHubApi, gitLabApi } from "./StatusRequests.js"

const baseOf = (settings: GitHostSettings.GitHostSettings, fallback: string) => (settings.apiBaseUrl ?? fallback).replace(/\/+$/, "")

/** Items per page of a listing: both hosts' largest. */
export const perPage = 100

/** GitHub's REST headers (see StatusRequests.gitHub). */
const gitHubHeaders = (settings: GitHostSettings.GitHostSettings) =>
  HttpClientRequest.setHeaders({
    Authorization: `Bearer ${Redacted.value(settings.token)}`,
    Accept: "application/vnd.github+json",
    "X-GitHub-Api-Version": "2022-11-28",
    "User-Agent": "Tidemark"
  })

export interface HostPull {
  readonly settings: GitHostSettings.GitHostSettings
  readonly repository: Records.RepositoryRecord
  readonly number: number
}

const gitHubRepo = ({ repository, settings }: HostPull) =>
  `${baseOf(settings, gitHubApi)}/repos/${encodeURIComponent(repository.owner)}/${encodeURIComponent(repository.name)}`

/**
 * GitHub's requests (https://docs.github.com/en/rest/pulls/comments,
 * https://docs.github.com/en/rest/pulls/reviews, https://docs.github.com/en/rest/issues/comments):
 * the review comments of a pull request, listed and edited; one review holding the new comments on
 * the head (`event: COMMENT`, each on the head's side of its line); the pull request's conversation
 * comments, listed, added and edited.
 */
export const gitHub = {
  reviewComments: (pull: HostPull, page: number) =>
    HttpClientRequest.get(`${gitHubRepo(pull)}/pulls/${pull.number}/comments`).pipe(
      gitHubHeaders(pull.settings),
      HttpClientRequest.setUrlParams({ per_page: String(perPage), page: String(page) })
    ),
  review: (pull: HostPull, headSha: string, comments: ReadonlyArray<{ readonly path: string; readonly line: number; readonly body: string }>) =>
    HttpClientRequest.post(`${gitHubRepo(pull)}/pulls/${pull.number}/reviews`).pipe(
      gitHubHeaders(pull.settings),
      HttpClientRequest.bodyUnsafeJson({
        commit_id: headSha,
        event: "COMMENT",
        comments: comments.map(({ body, line, path }) => ({ path, line, side: "RIGHT", body }))
      })
    ),
  editReviewComment: (pull: HostPull, id: number, body: string) =>
    HttpClientRequest.patch(`${gitHubRepo(pull)}/pulls/comments/${id}`).pipe(gitHubHeaders(pull.settings), HttpClientRequest.bodyUnsafeJson({ body })),
  issueComments: (pull: HostPull, page: number) =>
    HttpClientRequest.get(`${gitHubRepo(pull)}/issues/${pull.number}/comments`).pipe(
      gitHubHeaders(pull.settings),
      HttpClientRequest.setUrlParams({ per_page: String(perPage), page: String(page) })
    ),
  addIssueComment: (pull: HostPull, body: string) =>
    HttpClientRequest.post(`${gitHubRepo(pull)}/issues/${pull.number}/comments`).pipe(gitHubHeaders(pull.settings), HttpClientRequest.bodyUnsafeJson({ body })),
  editIssueComment: (pull: HostPull, id: number, body: string) =>
    HttpClientRequest.patch(`${gitHubRepo(pull)}/issues/comments/${id}`).pipe(gitHubHeaders(pull.settings), HttpClientRequest.bodyUnsafeJson({ body }))
}

const gitLabHeaders = (settings: GitHostSettings.GitHostSettings) =>
  HttpClientRequest.setHeaders({ "PRIVATE-TOKEN": Redacted.value(settings.token), "User-Agent": "Tidemark" })

const gitLabRequest = ({ repository, settings }: HostPull) =>
  `${baseOf(settings, gitLabApi)}/projects/${encodeURIComponent(`${repository.owner}/${repository.name}`)}/merge_requests`

/** Where a new discussion's line is: the merge request's diff (its `diff_refs`) and the head's line. */
export interface GitLabPosition {
  readonly baseSha: string
  readonly startSha: string
  readonly headSha: string
  readonly path: string
  readonly line: number
}

/**
 * GitLab's requests (https://docs.gitlab.com/api/merge_requests/#get-single-mr,
 * https://docs.gitlab.com/api/discussions/#merge-requests, https://docs.gitlab.com/api/notes/#merge-requests):
 * the merge request (its `diff_refs`), its discussions listed, one started on a line of the diff
 * (a `text` position on the head's side), one resolved; its notes listed, added and edited.
 */
export const gitLab = {
  mergeRequest: (pull: HostPull) => HttpClientRequest.get(`${gitLabRequest(pull)}/${pull.number}`).pipe(gitLabHeaders(pull.settings)),
  discussions: (pull: HostPull, page: number) =>
    HttpClientRequest.get(`${gitLabRequest(pull)}/${pull.number}/discussions`).pipe(
      gitLabHeaders(pull.settings),
      HttpClientRequest.setUrlParams({ per_page: String(perPage), page: String(page) })
    ),
  startDiscussion: (pull: HostPull, body: string, position: GitLabPosition) =>
    HttpClientRequest.post(`${gitLabRequest(pull)}/${pull.number}/discussions`).pipe(
      gitLabHeaders(pull.settings),
      HttpClientRequest.bodyUnsafeJson({
        body,
        position: {
          position_type: "text",
          base_sha: position.baseSha,
          start_sha: position.startSha,
          head_sha: position.headSha,
          new_path: position.path,
          new_line: position.line
        }
      })
    ),
  resolveDiscussion: (pull: HostPull, id: string) =>
    HttpClientRequest.put(`${gitLabRequest(pull)}/${pull.number}/discussions/${encodeURIComponent(id)}`).pipe(
      gitLabHeaders(pull.settings),
      HttpClientRequest.bodyUnsafeJson({ resolved: true })
    ),
  notes: (pull: HostPull, page: number) =>
    HttpClientRequest.get(`${gitLabRequest(pull)}/${pull.number}/notes`).pipe(
      gitLabHeaders(pull.settings),
      HttpClientRequest.setUrlParams({ per_page: String(perPage), page: String(page) })
    ),
  addNote: (pull: HostPull, body: string) =>
    HttpClientRequest.post(`${gitLabRequest(pull)}/${pull.number}/notes`).pipe(gitLabHeaders(pull.settings), HttpClientRequest.bodyUnsafeJson({ body })),
  editNote: (pull: HostPull, id: number, body: string) =>
    HttpClientRequest.put(`${gitLabRequest(pull)}/${pull.number}/notes/${id}`).pipe(gitLabHeaders(pull.settings), HttpClientRequest.bodyUnsafeJson({ body }))
}
