import { Config, Effect } from "effect"

/** How long to measure one operation: `iterations` runs after `warmup`, cut short by `budgetMs`. */
export interface MeasureSettings {
  readonly warmup: number
  readonly iterations: number
  /** Wall-clock budget of the measured runs; at least `minIterations` run whatever it says. */
  readonly budgetMs: number
  readonly minIterations: number
}

/**
 * The settings of `measure` as every bench reads them (BENCH_WARMUP, BENCH_ITERATIONS,
 * BENCH_BUDGET_MS, BENCH_MIN_ITERATIONS): fields to spread into a bench's `Config.all`.
 */
export const measureConfig = {
  warmup: Config.integer("BENCH_WARMUP").pipe(Config.withDefault(30)),
  iterations: Config.integer("BENCH_ITERATIONS").pipe(Config.withDefault(300)),
  budgetMs: Config.integer("BENCH_BUDGET_MS").pipe(Config.withDefault(8_000)),
  minIterations: Config.integer("BENCH_MIN_ITERATIONS").pipe(Config.withDefault(50))
}

/** The settings in a sentence, for the report's header. */
export const describeSettings = (settings: MeasureSettings) =>
  `up to ${settings.iterations} calls per operation after ${settings.warmup} warm-up calls ` +
  `(at least ${settings.minIterations}, within ${settings.budgetMs / 1000} s)`

export interface Stats {
  readonly n: number
  readonly p50: number
  readonly p99: number
  readonly mean: number
  readonly max: number
  /** Sequential calls per second (one caller): 1000 / mean. */
  readonly opsPerSecond: number
  /** The measured durations in the order they ran. */
  readonly samples: ReadonlyArray<number>
}

/** `effect` with its wall-clock duration in milliseconds. */
export const timed = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.suspend(() => {
    const start = performance.now()
    return Effect.map(effect, (a) => [a, performance.now() - start] as const)
  })

/** Nearest-rank percentile of sorted samples. */
const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN

export const stats = (samples: ReadonlyArray<number>): Stats => {
  const sorted = [...samples].sort((a, b) => a - b)
  const mean = sorted.reduce((sum, x) => sum + x, 0) / sorted.length
  return {
    n: sorted.length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    mean,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    opsPerSecond: 1000 / mean,
    samples
  }
}

/** Runs `effect` one call at a time: the warm-up first (unmeasured), then the measured calls. */
export const measure = <E, R>(effect: Effect.Effect<unknown, E, R>, settings: MeasureSettings) =>
  Effect.gen(function*() {
    const warmupEnd = performance.now() + settings.budgetMs / 4
    for (let i = 0; i < settings.warmup && performance.now() < warmupEnd; i++) yield* effect
    const samples: Array<number> = []
    const end = performance.now() + settings.budgetMs
    while (
      samples.length < settings.iterations &&
      (samples.length < settings.minIterations || performance.now() < end)
    ) {
      const start = performance.now()
      yield* effect
      samples.push(performance.now() - start)
    }
    return stats(samples)
  })
