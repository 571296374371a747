/**
 * The request each host documents for setting a commit's status, built from a repository, a commit
 * and the verdict. Nothing here sends anything: `HostCommitStatuses` does, and retries.
 */
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import type { CommitStatuses, GitHostSettings, Records } from "@tidemark/core"
import { Redacted } from "effect"

/** GitHub's public API; GitHub Enterprise Server answers at `https://HOST/api/v3`. */
export const gitHubApi = "https://api.github.com"

/** GitLab.com's API; a self-managed GitLab answers at `https://HOST/api/v4`. */
export const gitLabApi = "https://gitlab.com/api/v4"

/**
 * GitHub keeps at most 140 characters of a description (its statuses page says "short"; longer ones
 * are refused), so it is cut there, between characters rather than inside a surrogate pair.
 */
export const descriptionLimit = 140

export const shortDescription = (description: string): string => Array.from(description).slice(0, descriptionLimit).join("")

/** The request that tells a repository's host the verdict on one of its commits. */
export type StatusRequest = (
  settings: GitHostSettings.GitHostSettings,
  repository: Records.RepositoryRecord,
  sha: string,
  verdict: CommitStatuses.CommitVerdict
) => HttpClientRequest.HttpClientRequest

const baseOf = (settings: GitHostSettings.GitHostSettings, fallback: string) => (settings.apiBaseUrl ?? fallback).replace(/\/+$/, "")

/**
 * GitHub "Create a commit status":
 * https://docs.github.com/en/rest/commits/statuses#create-a-commit-status
 * `POST /repos/{owner}/{repo}/statuses/{sha}`, JSON `{state, target_url, description, context}`,
 * state one of error, failure, pending, success. The headers are those GitHub asks every REST call
 * to send (https://docs.github.com/en/rest/using-the-rest-api/getting-started-with-the-rest-api:
 * `Accept: application/vnd.github+json`, `X-GitHub-Api-Version`, a `User-Agent`, which GitHub
 * requires, https://docs.github.com/en/rest/using-the-rest-api/getting-started-with-the-rest-api#user-agent),
 * the token as a bearer (https://docs.github.com/en/rest/authentication/authenticating-to-the-rest-api).
 * GitHub Enterprise Server: the same path under `https://HOST/api/v3`
 * (https://docs.github.com/en/enterprise-server@latest/rest/quickstart).
 */
export const gitHub: StatusRequest = (settings, repository, sha, verdict) =>
  HttpClientRequest.post(
    `${baseOf(settings, gitHubApi)}/repos/${encodeURIComponent(repository.owner)}/${encodeURIComponent(repository.name)}/statuses/${sha}`
  ).pipe(
    HttpClientRequest.setHeaders({
      Authorization: `Bearer ${Redacted.value(settings.token)}`,
      Accept: "application/vnd.github+json",
      "X-GitHub-Api-Version": "2022-11-28",
      "User-Agent": "Tidemark"
    }),
    HttpClientRequest.bodyUnsafeJson({
      state: verdict.state,
      ...(verdict.targetUrl === undefined ? {} : { target_url: verdict.targetUrl }),
      description: shortDescription(verdict.description),
      context: verdict.context
    })
  )

/**
 * GitLab has no `error` or `failure` state: a failed gate and a gate that could not be decided are
 * both `failed` (https://docs.gitlab.com/api/commits/#set-the-pipeline-status-of-a-commit lists
 * pending, running, success, failed, canceled, skipped).
 */
const gitLabStates = { pending: "pending", success: "success", failure: "failed", error: "failed" } as const

/**
 * GitLab "Set the pipeline status of a commit":
 * https://docs.gitlab.com/api/commits/#set-the-pipeline-status-of-a-commit
 * `POST /projects/:id/statuses/:sha` with `state`, `name` (the label a later status of the same name
 * replaces), `description` and `target_url`; the project named by its URL-encoded path
 * (https://docs.gitlab.com/api/rest/#namespaced-paths, `owner%2Frepo`), the token in the
 * `PRIVATE-TOKEN` header (https://docs.gitlab.com/api/rest/authentication/#personalprojectgroup-access-tokens).
 * Parameters go as a JSON body, which the REST API accepts for every endpoint
 * (https://docs.gitlab.com/api/rest/#request-payload).
 */
export const gitLab: StatusRequest = (settings, repository, sha, verdict) =>
  HttpClientRequest.post(
    `${baseOf(settings, gitLabApi)}/projects/${encodeURIComponent(`${repository.owner}/${repository.name}`)}/statuses/${sha}`
  ).pipe(
    HttpClientRequest.setHeaders({ "PRIVATE-TOKEN": Redacted.value(settings.token), "User-Agent": "Tidemark" }),
    HttpClientRequest.bodyUnsafeJson({
      state: gitLabStates[verdict.state],
      name: verdict.context,
      description: shortDescription(verdict.description),
      ...(verdict.targetUrl === undefined ? {} : { target_url: verdict.targetUrl })
    })
  )
