import { Cause, type Context, Deferred, Effect, Ref, Schedule, Stream } from "effect"
import type { CredentialRevocations } from "../ports/CredentialRevocations.js"

/** While listening is refused, trying again soon, then every 10 seconds at the latest. */
const relisten = Schedule.exponential("200 millis").pipe(Schedule.union(Schedule.spaced("10 seconds")))

/** A lost subscription is taken up again at once, but a connection that keeps dropping is not hammered. */
const pauseAfterLoss = "200 millis"

const notHearing = (cause: Cause.Cause<unknown>) =>
  Cause.isInterruptedOnly(cause) ? Effect.void : Effect.logWarning(
    "Not hearing the credential revocations of other processes: verifying every secret until listening again",
    cause
  )

/**
 * Hears the revocations of every process in a fiber of the scope, running `forget` on each, and
 * again whenever listening starts or stops: what was remembered meanwhile may have missed one.
 * `listening` says whether every revocation is heard now; `nextAnnouncement`, taken before one is
 * made, waits until this process hears it. When this returns the first attempt to listen is over,
 * so a process that can listen remembers from its first request on.
 */
export const followRevocations = (
  revocations: Context.Tag.Service<typeof CredentialRevocations>,
  forget: Effect.Effect<void>
) =>
  Effect.gen(function*() {
    const listening = yield* Ref.make(false)
    const nextHeard = yield* Ref.make(yield* Deferred.make<void>())
    const hear = Effect.gen(function*() {
      yield* forget
      yield* Deferred.succeed(yield* Ref.getAndSet(nextHeard, yield* Deferred.make<void>()), undefined)
    })
    const firstAttempt = yield* Deferred.make<void>()
    const subscribe = revocations.subscribe.pipe(
      Effect.sandbox,
      Effect.tapError((cause) => Effect.zipRight(Deferred.succeed(firstAttempt, undefined), notHearing(cause))),
      Effect.retry(relisten)
    )
    const session = Effect.gen(function*() {
      const announcements = yield* subscribe
      yield* forget
      yield* Ref.set(listening, true)
      yield* Deferred.succeed(firstAttempt, undefined)
      yield* Stream.runForEach(announcements, () => hear)
      return yield* Effect.dieMessage("The credential revocations ended without a failure")
      // Stops trusting before the subscription is released, however long that takes.
    }).pipe(Effect.ensuring(Effect.zipRight(Ref.set(listening, false), forget)), Effect.scoped)
    yield* session.pipe(
      Effect.sandbox,
      Effect.catchAll(notHearing),
      Effect.zipRight(Effect.sleep(pauseAfterLoss)),
      Effect.forever,
      Effect.forkScoped
    )
    yield* Deferred.await(firstAttempt)
    const nextAnnouncement = Effect.map(Ref.get(nextHeard), Deferred.await)
    return { listening: Ref.get(listening), nextAnnouncement } as const
  })
