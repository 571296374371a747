import type { Backend } from "@tidemark/bench-storage/Backends"
import { measure, type MeasureSettings, type Stats, timed } from "@tidemark/bench-storage/Measure"
import * as NoGit from "@tidemark/bench-storage/NoGit"
import { settle } from "@tidemark/bench-storage/Settle"
import { Access, RepositoryFiles, RepositoryIssues } from "@tidemark/core"
import { CryptoIdGenerator } from "@tidemark/core/memory"
import { Console, Effect, Layer } from "effect"
import type { DatasetSize } from "./Dataset.js"
import * as Operations from "./Operations.js"
import { seed, type SeedResult } from "./Seed.js"

export interface OperationResult {
  readonly key: Operations.OperationKey
  readonly title: string
  readonly stats: Stats
  /** The service's answer as JSON (without branch ids), to compare the backends' answers. */
  readonly answer: string
}

export interface BackendResult {
  readonly backend: Backend
  readonly startupMs: number
  readonly seed: SeedResult
  readonly operations: ReadonlyArray<OperationResult>
}

export interface LatencySettings extends MeasureSettings {
  readonly size: DatasetSize
  /** Keys of the operations to measure; all of them when empty. */
  readonly operations: ReadonlyArray<string>
  readonly printSamples: boolean
}

/** Branch ids are each store's own numbering, not part of what the backends must agree on. */
const withoutBranchIds = (key: string, value: unknown) => (key === "branchId" ? undefined : value)

/** The services of the issue and file operations over the backend's storage, as DomainServices composes them. */
const services = (backend: Backend) =>
  RepositoryFiles.RepositoryFiles.Default.pipe(
    Layer.provideMerge(RepositoryIssues.RepositoryIssues.Default),
    Layer.provideMerge(Access.Access.Default),
    Layer.provideMerge(Layer.mergeAll(backend.storage, CryptoIdGenerator.layer, NoGit.layer))
  )

/**
 * Builds the backend, stores the dataset, settles the database, then measures every operation one
 * after the other. Everything the backend holds is let go when it returns, so that the next
 * backend's collections do not walk this one's rows.
 */
export const run = (backend: Backend, settings: LatencySettings) =>
  Effect.scoped(Effect.gen(function*() {
    yield* Console.error(`[${backend.title}] starting`)
    const [context, startupMs] = yield* timed(Layer.build(services(backend)))
    return yield* Effect.gen(function*() {
      const seeded = yield* seed(settings.size)
      yield* settle
      yield* Console.error(`[${backend.title}] ${seeded.issues} issues stored in ${(seeded.saveMs / 1000).toFixed(1)} s`)
      const operations = (yield* Operations.make).filter((o) =>
        settings.operations.length === 0 || settings.operations.includes(o.key)
      )
      const results = yield* Effect.forEach(operations, (operation) =>
        Effect.gen(function*() {
          const answer = JSON.stringify(yield* operation.run, withoutBranchIds)
          const stats = yield* measure(operation.run, settings)
          yield* Console.error(`[${backend.title}] ${operation.title}: n=${stats.n} p50=${stats.p50.toFixed(2)} ms p99=${stats.p99.toFixed(2)} ms`)
          if (settings.printSamples) {
            yield* Console.error(`[${backend.title}] samples in order (ms): ${stats.samples.map((x) => x.toFixed(1)).join(" ")}`)
          }
          return { key: operation.key, title: operation.title, stats, answer } satisfies OperationResult
        }))
      return { backend, startupMs, seed: seeded, operations: results } satisfies BackendResult
    }).pipe(Effect.provide(context))
  }))
