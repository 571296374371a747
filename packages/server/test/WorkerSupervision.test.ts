import { describe, expect, it } from "@effect/vitest"
import { WorkerHealth } from "@tidemark/core"
import { Effect, Layer } from "effect"
import { runUntilWorkerStops } from "../src/Server.js"

/** A process's layer with one worker, whose loop `run` is. */
const processWith = (run: Effect.Effect<void>) =>
  Layer.scopedDiscard(Effect.flatMap(WorkerHealth.WorkerHealth, (health) => Effect.forkScoped(health.supervise("analysis worker", run)))).pipe(
    Layer.provideMerge(WorkerHealth.WorkerHealth.Default)
  )

describe("runUntilWorkerStops (serve, worker)", () => {
  it.live("fails, so that the process exits non-zero, as soon as a worker stops", () =>
    Effect.gen(function*() {
      const stopped = yield* Effect.flip(runUntilWorkerStops(processWith(Effect.die(new Error("the loop ended")))))
      expect(stopped).toEqual(new WorkerHealth.WorkerStopped({ worker: "analysis worker", reason: "the loop ended" }))
    }))

  it.live("runs on while the workers do", () =>
    Effect.gen(function*() {
      const outcome = yield* runUntilWorkerStops(processWith(Effect.never)).pipe(Effect.timeout("200 millis"), Effect.flip)
      expect(outcome._tag).toBe("TimeoutException")
    }))
})
