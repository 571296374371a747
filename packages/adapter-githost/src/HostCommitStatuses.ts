/**
 * The CommitStatuses port on the git hosts' own APIs: GitHub (and GitHub Enterprise Server) commit
 * statuses, GitLab (and self-managed GitLab) commit statuses, with each repository's token and API
 * from the GitHostSettingsStore. A verdict is Tidemark's before it is the host's: `publish` never
 * fails, it retries what may pass later and logs what did not.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import { CommitStatuses, GitHostSettingsStore, type NetworkAddresses, type Records } from "@tidemark/core"
import { type Context, Effect, Layer, Option } from "effect"
import * as HostCalls from "./HostCalls.js"
import * as StatusRequests from "./StatusRequests.js"

export type HostCommitStatusesOptions = HostCalls.HostCallOptions

/** The request of each host Tidemark can tell, by the repository's provider. */
const hosts: Record<string, StatusRequests.StatusRequest> = { gh: StatusRequests.gitHub, gl: StatusRequests.gitLab }

export const make = (
  options: HostCommitStatusesOptions = {}
): Effect.Effect<Context.Tag.Service<CommitStatuses.CommitStatuses>, never, HttpClient.HttpClient | GitHostSettingsStore.GitHostSettingsStore | NetworkAddresses.NetworkAddresses> =>
  Effect.gen(function*() {
    const store = yield* GitHostSettingsStore.GitHostSettingsStore
    const calls = yield* HostCalls.make(options)
    // Repositories whose host Tidemark cannot tell: said once each, not at every verdict.
    const unsupported = new Set<number>()

    const publish = (repository: Records.RepositoryRecord, sha: string, verdict: CommitStatuses.CommitVerdict) => {
      const where = { repository: `${repository.provider}/${repository.owner}/${repository.name}`, sha }
      return Effect.gen(function*() {
        const settings = yield* store.find(repository.id)
        if (Option.isNone(settings)) return
        const requestOf = hosts[repository.provider]
        if (requestOf === undefined) {
          if (unsupported.has(repository.id)) return
          unsupported.add(repository.id)
          return yield* Effect.logDebug("commit statuses are not sent to this repository's host (only GitHub and GitLab)")
        }
        if (!(yield* calls.reachable(settings.value.apiBaseUrl, "no commit status sent"))) return
        yield* calls.call(requestOf(settings.value, repository, sha, verdict)).pipe(
          Effect.catchAll((failure) =>
            Effect.logWarning("the git host did not take the commit status").pipe(
              Effect.annotateLogs({
                status: failure._tag === "HostAnswered" ? failure.status : "no answer",
                reason: HostCalls.reasonOf(failure)
              })
            ))
        )
      }).pipe(
        Effect.catchTag("ServiceUnavailable", (error) =>
          Effect.logWarning("the git host settings could not be read: no commit status sent").pipe(
            Effect.annotateLogs({ reason: error.message })
          )),
        Effect.annotateLogs(where),
        Effect.withSpan("HostCommitStatuses.publish", { attributes: { provider: repository.provider } })
      )
    }

    return CommitStatuses.CommitStatuses.of({ publish })
  })

/** The port on the hosts' APIs, with the settings store, the address check and an HTTP client left to the caller. */
export const layer = (
  options: HostCommitStatusesOptions = {}
): Layer.Layer<CommitStatuses.CommitStatuses, never, HttpClient.HttpClient | GitHostSettingsStore.GitHostSettingsStore | NetworkAddresses.NetworkAddresses> => Layer.effect(CommitStatuses.CommitStatuses, make(options))
