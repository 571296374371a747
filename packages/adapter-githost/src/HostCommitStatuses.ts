/**
 * The CommitStatuses port on the git hosts' own APIs: GitHub (and GitHub Enterprise Server) commit
 * statuses, GitLab (and self-managed GitLab) commit statuses, with each repository's token and API
 * from the GitHostSettingsStore. A verdict is Tidemark's before it is the host's: `publish` never
 * fails, it retries what may pass later and logs what did not.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as Headers from "@effect/platform/Headers"
import * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { CommitStatuses, GitHostSettingsStore, NetworkAddresses, type Records } from "@tidemark/core"
import { type Context, Data, Duration, Effect, Layer, Option, Schedule } from "effect"
import * as StatusRequests from "./StatusRequests.js"

export interface HostCommitStatusesOptions {
  /** The wait before the first retry, doubled at each next one; 500 ms by default. */
  readonly retryBase?: Duration.DurationInput
  /** How many times a refused or failed request is sent again; 3 by default (four requests). */
  readonly retries?: number
  /** The longest one request may take; 10 seconds by default. */
  readonly requestTimeout?: Duration.DurationInput
  /** The longest the retries of one verdict may go on; 30 seconds by default. */
  readonly retryFor?: Duration.DurationInput
}

/** The host answered, but not with success. */
class HostAnswered extends Data.TaggedError("HostAnswered")<{ readonly status: number; readonly body: string }> {}

/** No answer: the host could not be reached, or did not answer in time. */
class HostUnreachable extends Data.TaggedError("HostUnreachable")<{ readonly reason: string }> {}

type SendFailure = HostAnswered | HostUnreachable

/**
 * What may pass later: no answer, a server error, or "too many requests" (GitHub's secondary rate
 * limits, GitLab's rate limits). Any other 4xx (a bad token, a repository the token cannot reach, a
 * commit the host does not have) will answer the same again.
 */
const retryable = (failure: SendFailure) =>
  failure._tag === "HostUnreachable" || failure.status >= 500 || failure.status === 429

/** The request of each host Tidemark can tell, by the repository's provider. */
const hosts: Record<string, StatusRequests.StatusRequest> = { gh: StatusRequests.gitHub, gl: StatusRequests.gitLab }

/** The host's message, cut: enough to tell why, not a whole error page. */
const bodyLimit = 300

const reasonOf = (failure: SendFailure) =>
  failure._tag === "HostUnreachable" ? failure.reason : failure.body.slice(0, bodyLimit)

export const make = (
  options: HostCommitStatusesOptions = {}
): Effect.Effect<Context.Tag.Service<CommitStatuses.CommitStatuses>, never, HttpClient.HttpClient | GitHostSettingsStore.GitHostSettingsStore | NetworkAddresses.NetworkAddresses> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const store = yield* GitHostSettingsStore.GitHostSettingsStore
    const addresses = yield* NetworkAddresses.NetworkAddresses
    const requestTimeout = Duration.decode(options.requestTimeout ?? "10 seconds")
    const schedule = Schedule.exponential(options.retryBase ?? "500 millis").pipe(
      Schedule.jittered,
      Schedule.intersect(Schedule.recurs(options.retries ?? 3)),
      Schedule.upTo(options.retryFor ?? "30 seconds")
    )
    // Repositories whose host Tidemark cannot tell: said once each, not at every verdict.
    const unsupported = new Set<number>()

    const send = (request: HttpClientRequest.HttpClientRequest): Effect.Effect<void, SendFailure> =>
      client.execute(request).pipe(
        Effect.flatMap((response) =>
          // The body is read in every case, so that the connection is free again.
          Effect.flatMap(Effect.orElseSucceed(response.text, () => ""), (body) =>
            response.status >= 200 && response.status < 300
              ? Effect.void
              : Effect.fail(new HostAnswered({ status: response.status, body })))
        ),
        Effect.catchTags({
          RequestError: (error) => Effect.fail(new HostUnreachable({ reason: error.message })),
          ResponseError: (error) => Effect.fail(new HostUnreachable({ reason: error.message }))
        }),
        Effect.timeoutFail({
          duration: requestTimeout,
          onTimeout: () => new HostUnreachable({ reason: `no answer within ${Duration.format(requestTimeout)}` })
        }),
        // The client's span shows the request's headers, hiding only the usual credentials
        // (Authorization among them): GitLab's token header must be hidden too.
        Effect.locallyWith(Headers.currentRedactedNames, (names) => [...names, "private-token"]),
        // A redirect is not followed: it could lead the POST, checked to go to a public address, to
        // any other (the fetch client reads this; a 3xx is then an answer like any other refusal).
        Effect.provideService(FetchHttpClient.RequestInit, { redirect: "manual" })
      )

    // Checked at every send, not only when the API was set: where a name leads can change since.
    const reachable = (apiBaseUrl: string | undefined) =>
      apiBaseUrl === undefined ? Effect.succeed(true) : addresses.requirePublic(apiBaseUrl).pipe(
        Effect.as(true),
        Effect.catchTag("NonPublicAddress", (refused) =>
          Effect.as(Effect.logWarning(`no commit status sent: ${refused.message}`), false))
      )

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
        if (!(yield* reachable(settings.value.apiBaseUrl))) return
        yield* send(requestOf(settings.value, repository, sha, verdict)).pipe(
          Effect.retry({ schedule, while: retryable }),
          Effect.catchAll((failure) =>
            Effect.logWarning("the git host did not take the commit status").pipe(
              Effect.annotateLogs({
                status: failure._tag === "HostAnswered" ? failure.status : "no answer",
                reason: reasonOf(failure)
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
