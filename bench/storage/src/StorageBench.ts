import type {
  AnalysisStore,
  CodingStandards,
  OrganizationStore,
  PatternConfiguration,
  RepositoryAnalysis,
  RepositoryStore,
  ToolConfigStore,
  ToolDefinitions
} from "@tidemark/core"
import { Console, Effect, Layer } from "effect"
import type { Backend } from "./Backends.js"
import { measure, type MeasureSettings, type Stats, timed } from "./Measure.js"
import * as Operations from "./Operations.js"
import * as Seed from "./Seed.js"
import { settle } from "./Settle.js"

export interface OperationResult {
  readonly key: Operations.OperationKey
  readonly title: string
  readonly stats: Stats
}

export interface BackendResult {
  readonly backend: Backend
  /** Building the layer: connecting, migrating an empty database, starting PGlite. */
  readonly startupMs: number
  readonly seed: Seed.SeedTimes
  readonly operations: ReadonlyArray<OperationResult>
}

/** What the benchmark needs from a backend's composition. */
export type BenchServices =
  | RepositoryAnalysis.RepositoryAnalysis
  | PatternConfiguration.PatternConfiguration
  | CodingStandards.CodingStandards
  | OrganizationStore.OrganizationStore
  | RepositoryStore.RepositoryStore
  | ToolConfigStore.ToolConfigStore
  | AnalysisStore.AnalysisStore

export interface RunSettings extends MeasureSettings {
  /** Concurrent writers while seeding. */
  readonly seedConcurrency: number
  /** Keys of the operations to measure; all of them when empty. */
  readonly operations: ReadonlyArray<string>
  /** Print each operation's samples in the order they ran (stderr), to tell steady tails from bursts. */
  readonly printSamples: boolean
}

const formatMs = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** Builds the backend's services, seeds them, then measures every operation one after the other. */
export const run = (
  backend: Backend,
  services: Layer.Layer<BenchServices, unknown>,
  tool: ToolDefinitions.ToolDefinition,
  settings: RunSettings
) =>
  Effect.scoped(
    Effect.gen(function*() {
      yield* Console.error(`[${backend.key}] starting`)
      const [context, startupMs] = yield* timed(Layer.build(services))
      return yield* Effect.gen(function*() {
        const seed = yield* Seed.seed(tool, settings.seedConcurrency)
        yield* settle
        yield* Console.error(
          `[${backend.key}] started in ${formatMs(startupMs)}, seeded in ${formatMs(seed.repositoriesMs)} + ${formatMs(seed.analysesMs)} + ${formatMs(seed.configurationMs)}`
        )
        const operations = (yield* Operations.make(tool)).filter((o) =>
          settings.operations.length === 0 || settings.operations.includes(o.key)
        )
        return {
          backend,
          startupMs,
          seed,
          operations: yield* Effect.forEach(operations, (operation) =>
            Effect.gen(function*() {
              const stats = yield* measure(operation.run, settings)
              yield* Console.error(
                `[${backend.key}] ${operation.title}: n=${stats.n} p50=${stats.p50.toFixed(2)} ms p99=${stats.p99.toFixed(2)} ms`
              )
              if (settings.printSamples) {
                yield* Console.error(`[${backend.key}] samples in order (ms): ${stats.samples.map((x) => x.toFixed(1)).join(" ")}`)
              }
              return { key: operation.key, title: operation.title, stats } satisfies OperationResult
            }))
        } satisfies BackendResult
      }).pipe(Effect.provide(context))
    })
  )
