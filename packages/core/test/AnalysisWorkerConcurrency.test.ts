import { describe, expect, it } from "@effect/vitest"
import { Analyses, AnalysisWorker } from "@tidemark/core"
import { Effect, Fiber, Ref } from "effect"
import { AnalysisPace, Calls, workerLayerWith } from "./fixtures/FakeAnalysis.js"
import { addRepository, adminCaller, repo } from "./fixtures/TestLayer.js"

/**
 * Runs the worker (`run`, as the server does) until it has made `analyses` calls to the analyzer
 * and none is running; answers the most analyses that ran at once.
 */
const runUntilAnalysed = (analyses: number) =>
  Effect.gen(function*() {
    const pace = yield* AnalysisPace
    const calls = yield* Calls
    yield* Ref.set(pace.duration, "300 millis")
    const worker = yield* Effect.fork(Effect.flatMap(AnalysisWorker.AnalysisWorker, (w) => w.run))
    yield* Effect.sleep("20 millis").pipe(
      Effect.zipRight(Effect.all([Ref.get(calls), Ref.get(pace.running)])),
      Effect.repeat({ until: ([made, running]) => made.length >= analyses && running === 0 }),
      Effect.timeout("20 seconds")
    )
    yield* Fiber.interrupt(worker)
    return yield* Ref.get(pace.mostAtOnce)
  })

const withWorker = (options: AnalysisWorker.AnalysisWorkerOptions) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provide(effect, workerLayerWith(options))

describe("the analysis worker's concurrency", () => {
  it.live("with a concurrency of 2, the jobs of two repositories are analysed at once", () =>
    withWorker({ concurrency: 2 })(Effect.gen(function*() {
      yield* addRepository("widgets")
      yield* addRepository("gadgets")
      expect(yield* runUntilAnalysed(2)).toBe(2)
    })))

  it.live("by default, one job at a time", () =>
    withWorker({})(Effect.gen(function*() {
      yield* addRepository("widgets")
      yield* addRepository("gadgets")
      expect(yield* runUntilAnalysed(2)).toBe(1)
    })))

  it.live("two jobs of one repository are analysed one after the other, whatever the concurrency", () =>
    withWorker({ concurrency: 2 })(Effect.gen(function*() {
      yield* addRepository("widgets")
      yield* Effect.flatMap(Analyses.Analyses, (analyses) => analyses.request(adminCaller, repo("widgets"), undefined))
      expect(yield* runUntilAnalysed(2)).toBe(1)
      expect((yield* Effect.flatMap(Calls, Ref.get)).length).toBe(2)
    })))
})
