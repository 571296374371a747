import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Either, Fiber, Ref } from "effect"
import { type GoListing, makeGoModuleTurns, unsharedTurns } from "../../src/golang/GoModuleTurns.js"
import { GoPackage } from "../../src/golang/GoPackages.js"

const listing: GoListing = Either.right([new GoPackage({ dir: "/checkout", importPath: "example.com/m", files: ["m.go"], testImports: [] })])

/** A listing that counts how often the go command would have been started. */
const countedList = (lists: Ref.Ref<number>) => Effect.as(Ref.update(lists, (n) => n + 1), listing)

describe("GoModuleTurns", () => {
  it.effect("runs the analysers of one module one after the other, and of two modules side by side", () =>
    Effect.gen(function*() {
      const turns = makeGoModuleTurns()
      const running = yield* Ref.make<ReadonlyArray<string>>([])
      const overlaps = yield* Ref.make<ReadonlyArray<ReadonlyArray<string>>>([])
      const release = yield* Deferred.make<void>()
      const run = (key: string, name: string) =>
        turns.inTurn(key, () =>
          Effect.gen(function*() {
            const now = yield* Ref.updateAndGet(running, (names) => [...names, name])
            yield* Ref.update(overlaps, (seen) => [...seen, now])
            yield* Deferred.await(release)
            yield* Ref.update(running, (names) => names.filter((n) => n !== name))
          }))
      const fibers = yield* Effect.forEach([["a", "staticcheck a"], ["a", "vet a"], ["b", "staticcheck b"]] as const, ([key, name]) => Effect.fork(run(key, name)))
      yield* Effect.yieldNow()
      // Module a's second run waits for its first; module b's run is not held by a's.
      expect(yield* Ref.get(running)).toEqual(["staticcheck a", "staticcheck b"])
      yield* Deferred.succeed(release, undefined)
      yield* Fiber.joinAll(fibers)
      expect((yield* Ref.get(overlaps)).at(-1)).toEqual(["vet a"])
    }))

  it.effect("lists a module once for the runs that take turns on it, and again once they are all done", () =>
    Effect.gen(function*() {
      const turns = makeGoModuleTurns()
      const lists = yield* Ref.make(0)
      const release = yield* Deferred.make<void>()
      const run = turns.inTurn("module", (turn) => Effect.zipLeft(turn.listing(countedList(lists)), Deferred.await(release)))
      const first = yield* Effect.fork(run)
      const second = yield* Effect.fork(run)
      yield* Effect.yieldNow()
      yield* Deferred.succeed(release, undefined)
      expect([yield* Fiber.join(first), yield* Fiber.join(second)]).toEqual([listing, listing])
      expect(yield* Ref.get(lists)).toBe(1)
      // The module's turn went with its last run: a later analysis of it lists it anew.
      yield* run
      expect(yield* Ref.get(lists)).toBe(2)
    }))

  it.effect("a run that fails gives the turn to the next", () =>
    Effect.gen(function*() {
      const turns = makeGoModuleTurns()
      const failed = yield* Effect.either(turns.inTurn("module", () => Effect.fail("crashed")))
      expect(failed).toEqual(Either.left("crashed"))
      expect(yield* turns.inTurn("module", () => Effect.succeed("ran"))).toBe("ran")
    }))

  it.effect("unshared turns hold nothing and list every time", () =>
    Effect.gen(function*() {
      const lists = yield* Ref.make(0)
      const both = yield* Effect.all([
        unsharedTurns.inTurn("module", (turn) => turn.listing(countedList(lists))),
        unsharedTurns.inTurn("module", (turn) => turn.listing(countedList(lists)))
      ], { concurrency: 2 })
      expect(both).toEqual([listing, listing])
      expect(yield* Ref.get(lists)).toBe(2)
    }))
})
