import { describe, expect, it } from "@effect/vitest"
import { WorkerHealth } from "@tidemark/core"
import { Effect, Fiber } from "effect"

describe("WorkerHealth", () => {
  it.effect("shows a running worker as running; whenStopped waits", () =>
    Effect.gen(function*() {
      const health = yield* WorkerHealth.WorkerHealth
      const worker = yield* Effect.fork(health.supervise("analysis worker", Effect.never))
      yield* Effect.yieldNow()
      expect(yield* health.states).toEqual([new WorkerHealth.WorkerState({ name: "analysis worker", running: true })])
      const waiting = yield* Effect.fork(health.whenStopped)
      yield* Effect.yieldNow()
      expect(waiting.unsafePoll()).toBeNull()
      yield* Fiber.interrupt(worker)
      // Interrupted by the process stopping it: not a stop to report.
      expect(waiting.unsafePoll()).toBeNull()
    }).pipe(Effect.provide(WorkerHealth.WorkerHealth.Default)))

  it.effect("a worker that dies is shown stopped with the reason, and whenStopped fails with it", () =>
    Effect.gen(function*() {
      const health = yield* WorkerHealth.WorkerHealth
      yield* Effect.fork(health.supervise("ingestion worker", Effect.never))
      yield* Effect.yieldNow()
      yield* health.supervise("analysis worker", Effect.die(new RangeError("Maximum call stack size exceeded")))
      expect(yield* health.states).toEqual([
        new WorkerHealth.WorkerState({ name: "ingestion worker", running: true }),
        new WorkerHealth.WorkerState({ name: "analysis worker", running: false, reason: "Maximum call stack size exceeded" })
      ])
      const stopped = yield* Effect.flip(health.whenStopped)
      expect(stopped).toEqual(new WorkerHealth.WorkerStopped({ worker: "analysis worker", reason: "Maximum call stack size exceeded" }))
      expect(stopped.message).toBe("the analysis worker stopped: Maximum call stack size exceeded")
    }).pipe(Effect.provide(WorkerHealth.WorkerHealth.Default)))

  it.effect("a worker that returns is stopped too", () =>
    Effect.gen(function*() {
      const health = yield* WorkerHealth.WorkerHealth
      yield* health.supervise("ingestion worker", Effect.void)
      expect((yield* Effect.flip(health.whenStopped)).reason).toBe("it ended")
    }).pipe(Effect.provide(WorkerHealth.WorkerHealth.Default)))
})
