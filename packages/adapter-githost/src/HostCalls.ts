/**
 * Requests to a git host's API as every adapter of this package sends them: a time limit per
 * request, retries with backoff for what may pass later, no redirect followed, the host's token
 * hidden from traces, and the API's address checked to be public at every call.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as Headers from "@effect/platform/Headers"
import * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { NetworkAddresses } from "@tidemark/core"
import { Data, Duration, Effect, Schedule } from "effect"

export interface HostCallOptions {
  /** The wait before the first retry, doubled at each next one; 500 ms by default. */
  readonly retryBase?: Duration.DurationInput
  /** How many times a refused or failed request is sent again; 3 by default (four requests). */
  readonly retries?: number
  /** The longest one request may take; 10 seconds by default. */
  readonly requestTimeout?: Duration.DurationInput
  /** The longest the retries of one request may go on; 30 seconds by default. */
  readonly retryFor?: Duration.DurationInput
}

/** The host answered, but not with success. */
export class HostAnswered extends Data.TaggedError("HostAnswered")<{ readonly status: number; readonly body: string }> {}

/** No answer: the host could not be reached, or did not answer in time. */
export class HostUnreachable extends Data.TaggedError("HostUnreachable")<{ readonly reason: string }> {}

export type SendFailure = HostAnswered | HostUnreachable

/**
 * What may pass later: no answer, a server error, or "too many requests" (GitHub's secondary rate
 * limits, GitLab's rate limits). Any other 4xx (a bad token, a repository the token cannot reach, a
 * commit the host does not have) will answer the same again.
 */
const retryable = (failure: SendFailure) =>
  failure._tag === "HostUnreachable" || failure.status >= 500 || failure.status === 429

/** The host's message, cut: enough to tell why, not a whole error page. */
const bodyLimit = 300

export const reasonOf = (failure: SendFailure) =>
  failure._tag === "HostUnreachable" ? failure.reason : failure.body.slice(0, bodyLimit)

export interface HostCalls {
  /** Sends the request, retried while it may pass later: the body of a 2xx answer, else why not. */
  readonly call: (request: HttpClientRequest.HttpClientRequest) => Effect.Effect<string, SendFailure>
  /** Whether the API may be called: its address is public (or private ones are allowed); said in the log when not. */
  readonly reachable: (apiBaseUrl: string | undefined, what: string) => Effect.Effect<boolean>
}

export const make = (options: HostCallOptions = {}): Effect.Effect<HostCalls, never, HttpClient.HttpClient | NetworkAddresses.NetworkAddresses> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const addresses = yield* NetworkAddresses.NetworkAddresses
    const requestTimeout = Duration.decode(options.requestTimeout ?? "10 seconds")
    const schedule = Schedule.exponential(options.retryBase ?? "500 millis").pipe(
      Schedule.jittered,
      Schedule.intersect(Schedule.recurs(options.retries ?? 3)),
      Schedule.upTo(options.retryFor ?? "30 seconds")
    )

    const send = (request: HttpClientRequest.HttpClientRequest): Effect.Effect<string, SendFailure> =>
      client.execute(request).pipe(
        Effect.flatMap((response) =>
          // The body is read in every case, so that the connection is free again.
          Effect.flatMap(Effect.orElseSucceed(response.text, () => ""), (body) =>
            response.status >= 200 && response.status < 300
              ? Effect.succeed(body)
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
        // A redirect is not followed: it could lead the request, checked to go to a public address, to
        // any other (the fetch client reads this; a 3xx is then an answer like any other refusal).
        Effect.provideService(FetchHttpClient.RequestInit, { redirect: "manual" })
      )

    const call = (request: HttpClientRequest.HttpClientRequest) => send(request).pipe(Effect.retry({ schedule, while: retryable }))

    // Checked at every call, not only when the API was set: where a name leads can change since.
    const reachable = (apiBaseUrl: string | undefined, what: string) =>
      apiBaseUrl === undefined ? Effect.succeed(true) : addresses.requirePublic(apiBaseUrl).pipe(
        Effect.as(true),
        Effect.catchTag("NonPublicAddress", (refused) => Effect.as(Effect.logWarning(`${what}: ${refused.message}`), false))
      )

    return { call, reachable }
  })
