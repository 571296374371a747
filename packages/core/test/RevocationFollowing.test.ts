import { expect, it } from "@effect/vitest"
import { Effect, Logger, Ref, TestClock } from "effect"
import { followRevocations } from "../src/runtime/RevocationFollowing.js"
import * as UnsteadyRevocations from "./fixtures/UnsteadyRevocations.js"

/** Follows the revocations, counting the times it forgets and keeping the warnings it logs. */
const following = (unsteady: Effect.Effect.Success<typeof UnsteadyRevocations.make>) =>
  Effect.gen(function*() {
    const forgotten = yield* Ref.make(0)
    const warnings: Array<string> = []
    const logger = Logger.make(({ logLevel, message }) => {
      if (logLevel._tag === "Warning") warnings.push(String(message))
    })
    const { listening, nextAnnouncement } = yield* followRevocations(unsteady.revocations, Ref.update(forgotten, (n) => n + 1)).pipe(
      Effect.provide(Logger.replace(Logger.defaultLogger, logger))
    )
    return { listening, nextAnnouncement, forgotten: Ref.get(forgotten), warnings } as const
  })

it.scoped("forgets on every announcement, and whenever listening starts or stops; tells when the next one is heard", () =>
  Effect.gen(function*() {
    const unsteady = yield* UnsteadyRevocations.make
    const { forgotten, listening, nextAnnouncement, warnings } = yield* following(unsteady)
    expect(yield* listening).toBe(true)
    const started = yield* forgotten

    const echo = yield* nextAnnouncement
    yield* unsteady.revocations.announce
    yield* echo
    expect(yield* forgotten).toBe(started + 1)
    yield* unsteady.revocations.announce
    yield* UnsteadyRevocations.settle
    expect(yield* forgotten).toBe(started + 2)
    expect(warnings).toEqual([])

    const beforeLoss = yield* forgotten
    yield* unsteady.loseAll
    yield* UnsteadyRevocations.settle
    expect(yield* listening).toBe(false)
    expect(yield* forgotten).toBeGreaterThan(beforeLoss)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain("verifying every secret")
  }))

it.scoped("a process that cannot listen at first starts without, and listens again as soon as it can", () =>
  Effect.gen(function*() {
    const unsteady = yield* UnsteadyRevocations.make
    yield* Ref.set(unsteady.refusing, true)
    const { listening, warnings } = yield* following(unsteady)
    expect(yield* listening).toBe(false)
    expect(warnings).toHaveLength(1)

    // Still refused: tried again, logged again, still not listening.
    yield* TestClock.adjust("1 second")
    expect(yield* listening).toBe(false)
    expect(warnings.length).toBeGreaterThan(1)

    yield* Ref.set(unsteady.refusing, false)
    // However long it was refused, it tries again within 10 seconds.
    yield* TestClock.adjust("10 seconds")
    yield* UnsteadyRevocations.settle
    expect(yield* listening).toBe(true)

    yield* unsteady.loseAll
    yield* UnsteadyRevocations.settle
    expect(yield* listening).toBe(false)
    yield* TestClock.adjust("1 second")
    yield* UnsteadyRevocations.settle
    expect(yield* listening).toBe(true)
  }))
