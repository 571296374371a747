import { Config } from "effect"

/** The phases of one run, in the order they run. */
export const phases = ["baseline", "api", "pipeline", "worker"] as const
/** What runs when BENCH_PHASES is unset; `worker` (the worker's own ceiling) is asked for by name. */
const defaultPhases: ReadonlyArray<Phase> = ["baseline", "api", "pipeline"]
export type Phase = (typeof phases)[number]

/** Every knob of the benchmark, read once through Effect's Config (environment variables). */
export const settings = Config.all({
  databaseUrl: Config.string("DATABASE_URL").pipe(Config.withDefault("postgres://postgres@127.0.0.1:5432/test")),
  natsUrl: Config.string("NATS_URL").pipe(Config.withDefault("nats://127.0.0.1:4222")),
  connections: Config.integer("BENCH_CONNECTIONS").pipe(Config.withDefault(50)),
  warmupSeconds: Config.integer("BENCH_WARMUP_SECONDS").pipe(Config.withDefault(3)),
  /** (a): each of the baseline and the Tidemark API. */
  apiSeconds: Config.integer("BENCH_API_SECONDS").pipe(Config.withDefault(15)),
  /** (b): HTTP to rows in PostgreSQL. */
  pipelineSeconds: Config.integer("BENCH_PIPELINE_SECONDS").pipe(Config.withDefault(60)),
  /** How long (b) may wait for the queue to drain once the load stops. */
  drainTimeoutSeconds: Config.integer("BENCH_DRAIN_TIMEOUT_SECONDS").pipe(Config.withDefault(60)),
  /** Extra `tidemark worker` processes beside the worker inside `serve` during (b). */
  extraWorkers: Config.integer("BENCH_EXTRA_WORKERS").pipe(Config.withDefault(0)),
  /** A subset of `baseline,api,pipeline,worker`, e.g. `api` alone to profile it. */
  phases: Config.array(Config.literal(...phases)(), "BENCH_PHASES").pipe(Config.withDefault(defaultPhases)),
  /** The worker phase: seconds of load that fill the stream (worker off) before the worker starts. */
  fillSeconds: Config.integer("BENCH_FILL_SECONDS").pipe(Config.withDefault(20)),
  /** When set, the Tidemark API process of phase `api` runs with `--cpu-prof` writing here. */
  profileDir: Config.option(Config.string("BENCH_PROFILE_DIR"))
})

export type Settings = Config.Config.Success<typeof settings>
