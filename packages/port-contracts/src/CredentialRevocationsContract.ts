import { describe, expect, layer } from "@effect/vitest"
import { CredentialRevocations } from "@tidemark/core"
import { Effect, type Layer, Option, Stream } from "effect"

/** Other suites on the same store may announce too: a test only counts on hearing its own. */
const heard = (announcements: Stream.Stream<void, unknown>) =>
  Stream.runHead(announcements).pipe(Effect.timeout("5 seconds"), Effect.map(Option.isSome))

/**
 * Announcements reach every subscriber that was listening when they were made. Whether they reach
 * other processes is the adapter's own test: a contract runs in one.
 */
export const credentialRevocationsContract = (name: string, storeLayer: Layer.Layer<CredentialRevocations.CredentialRevocations, unknown>) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`CredentialRevocations contract (${name})`, (it) => {
    describe("announce and subscribe", () => {
      it.scoped("every subscriber hears an announcement made once it listens, the announcer's own included", () =>
        Effect.gen(function*() {
          const revocations = yield* CredentialRevocations.CredentialRevocations
          const first = yield* revocations.subscribe
          const second = yield* revocations.subscribe
          yield* revocations.announce
          expect(yield* Effect.all([heard(first), heard(second)], { concurrency: 2 })).toEqual([true, true])
        }))

      it.scoped("announcements made while a subscriber is busy elsewhere wait for it", () =>
        Effect.gen(function*() {
          const revocations = yield* CredentialRevocations.CredentialRevocations
          const busy = yield* revocations.subscribe
          yield* revocations.announce
          yield* revocations.announce
          yield* revocations.announce
          expect(yield* heard(busy)).toBe(true)
        }))

      it.effect("a closed subscription lets go; announcing needs no subscriber, and a new one hears what follows", () =>
        Effect.gen(function*() {
          const revocations = yield* CredentialRevocations.CredentialRevocations
          yield* Effect.scoped(revocations.subscribe)
          yield* revocations.announce
          const again = yield* Effect.scoped(Effect.flatMap(revocations.subscribe, (announcements) =>
            Effect.zipRight(revocations.announce, heard(announcements))))
          expect(again).toBe(true)
        }))
    })
  })
