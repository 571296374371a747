import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Ref, TestClock } from "effect"
import { defectMessage, runForever } from "../src/runtime/QueueConsumer.js"

describe("QueueConsumer", () => {
  it.effect("runForever outlives a step that dies: the defect is logged and the next step runs", () =>
    Effect.gen(function*() {
      const steps = yield* Ref.make(0)
      const step = Effect.flatMap(Ref.updateAndGet(steps, (n) => n + 1), (n) =>
        n === 1 ? Effect.sync(() => {
          throw new RangeError("Maximum call stack size exceeded")
        }) : Effect.sleep("10 millis"))
      const worker = yield* Effect.fork(runForever("test worker", step))
      yield* TestClock.adjust("1 second")
      yield* TestClock.adjust("100 millis")
      expect(yield* Ref.get(steps)).toBeGreaterThan(2)
      expect(worker.unsafePoll()).toBeNull()
      yield* Fiber.interrupt(worker)
    }))

  it("defectMessage keeps an error's name and first line", () => {
    expect(defectMessage(new RangeError("Maximum call stack size exceeded\n    at parse"))).toBe(
      "RangeError: Maximum call stack size exceeded"
    )
    expect(defectMessage("boom")).toBe("boom")
  })
})
