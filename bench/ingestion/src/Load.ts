import autocannon from "autocannon"
import { Effect } from "effect"

/** What one load run measured: 2xx answers are the events accepted. */
export interface LoadResult {
  readonly seconds: number
  readonly accepted: number
  readonly rejected: number
  readonly errors: number
  readonly acceptedPerSecond: number
  readonly p50: number
  readonly p99: number
}

export interface LoadOptions {
  readonly url: string
  readonly connections: number
  readonly seconds: number
  /** Distinguishes the change ids of one run's loads, e.g. the phase. */
  readonly idPrefix: string
}

/**
 * `connections` connections, each sending `POST` with a fresh change id per request (a counter
 * shared by every connection of the process), for `seconds`. No pipelining: one request in flight
 * per connection, as real clients do.
 */
export const run = (options: LoadOptions): Effect.Effect<LoadResult, Error> =>
  Effect.async<autocannon.Result, Error>((resume) => {
    let counter = 0
    const instance = autocannon({
      url: options.url,
      connections: options.connections,
      duration: options.seconds,
      timeout: 10,
      requests: [{
        method: "POST",
        headers: { "content-type": "application/json" },
        setupRequest: (request) => {
          counter += 1
          return {
            ...request,
            body: `{"$type":"change","change_id":"${options.idPrefix}-${counter}","time_created":"2024-05-01T12:00:00Z","source":"cli"}`
          }
        }
      }]
    }, (error, result) => {
      if (error !== null && error !== undefined) resume(Effect.fail(error instanceof Error ? error : new Error(String(error))))
      else resume(Effect.succeed(result))
    })
    return Effect.sync(() => instance.stop())
  }).pipe(
    Effect.map((result): LoadResult => ({
      seconds: result.duration,
      accepted: result["2xx"],
      rejected: result.non2xx,
      errors: result.errors,
      acceptedPerSecond: result["2xx"] / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99
    }))
  )
