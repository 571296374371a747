import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber } from "effect"
import * as GroupCommit from "../src/GroupCommit.js"

describe("GroupCommit", () => {
  it.scopedLive("writes that arrive while the writer is busy go together in the next statement", () =>
    Effect.gen(function*() {
      const statements: Array<ReadonlyArray<number>> = []
      const firstStarted = yield* Deferred.make<void>()
      const releaseFirst = yield* Deferred.make<void>()
      const write = yield* GroupCommit.make(
        (items: ReadonlyArray<number>) =>
          Effect.gen(function*() {
            statements.push(items)
            if (statements.length === 1) {
              yield* Deferred.succeed(firstStarted, undefined)
              yield* Deferred.await(releaseFirst)
            }
          }),
        { maxBatch: 4, writers: 1 }
      )
      const first = yield* Effect.fork(write(0))
      yield* Deferred.await(firstStarted)
      const rest = yield* Effect.fork(Effect.forEach([1, 2, 3, 4, 5, 6], write, { concurrency: "unbounded" }))
      // Time for all six to be waiting behind the first.
      yield* Effect.sleep("50 millis")
      yield* Deferred.succeed(releaseFirst, undefined)
      yield* Fiber.join(first)
      yield* Fiber.join(rest)
      expect(statements).toEqual([[0], [1, 2, 3, 4], [5, 6]])
    }))

  it.scoped("a failed statement is retried item by item: only the refused item fails", () =>
    Effect.gen(function*() {
      const write = yield* GroupCommit.make(
        (items: ReadonlyArray<string>) => items.includes("bad") ? Effect.fail(`refused ${items.length}`) : Effect.void,
        { maxBatch: 10, writers: 1 }
      )
      const results = yield* Effect.forEach(["a", "bad", "c"], (item) => Effect.either(write(item)), {
        concurrency: "unbounded"
      })
      expect(results.map((r) => r._tag === "Left" ? r.left : "ok")).toEqual(["ok", "refused 1", "ok"])
    }))
})
