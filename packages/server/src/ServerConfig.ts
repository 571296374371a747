import { EventQueue, HttpUrl, Repositories } from "@tidemark/core"
import { Config, Duration } from "effect"
import { availableParallelism } from "node:os"
import { optimizeWasm } from "./WasmTier.js"

/** A duration given in whole seconds, at least one. */
const seconds = (name: string, fallback: number) =>
  Config.integer(name).pipe(
    Config.withDefault(fallback),
    Config.validate({ message: "must be at least 1", validation: (n) => n >= 1 }),
    Config.map((n) => Duration.seconds(n))
  )

/** Every setting of the bundled server, read once through Effect's Config (environment variables). */
export const serverConfig = Config.all({
  /** 0 lets the system pick a free port (printed at start). */
  port: Config.integer("PORT").pipe(
    Config.withDefault(8080),
    Config.validate({ message: "must be a port number from 0 to 65535", validation: (n) => n >= 0 && n <= 65535 })
  ),
  host: Config.string("HOST").pipe(Config.withDefault("0.0.0.0")),
  dataDir: Config.string("TIDEMARK_DATA_DIR").pipe(Config.withDefault("./.tidemark")),
  /** A PostgreSQL server; without one, the embedded database under the data directory. */
  databaseUrl: Config.option(Config.redacted("DATABASE_URL")),
  /** NATS with JetStream as the ingestion queue; without it, an outbox table in the database. */
  natsUrl: Config.option(Config.string("NATS_URL")),
  adminToken: Config.option(Config.redacted("TIDEMARK_ADMIN_TOKEN")),
  /**
   * How long a message a worker took stays invisible to the others; a worker that dies holding it
   * hands it on after this (the outbox's visibility, JetStream's ack wait).
   */
  queueVisibility: seconds("TIDEMARK_QUEUE_VISIBILITY_SECONDS", 30),
  /**
   * The same for analysis jobs, longer: an analysis of a large repository takes minutes, and a job
   * handed to a second worker while the first still runs it would be analysed twice.
   */
  analysisVisibility: seconds("TIDEMARK_ANALYSIS_VISIBILITY_SECONDS", 600),
  /**
   * How many times the workers take a job before giving up on it: a job handed out that often and
   * never settled stopped the analyser each time (recorded as a failed analysis), one whose storing
   * failed that often goes to the dead letters. The queues hand a message out once more at most.
   */
  maxDeliveries: Config.integer("TIDEMARK_MAX_DELIVERIES").pipe(
    Config.withDefault(EventQueue.defaultMaxDeliveries),
    Config.validate({ message: "must be at least 1", validation: (n) => n >= 1 })
  ),
  /**
   * What the sandboxed process that runs a repository's own ESLint config (where its organization
   * allows configuration files) may use before it is stopped and the analysis reports why.
   */
  configurationFileLimits: Config.all({
    timeout: seconds("TIDEMARK_CONFIG_FILE_TIMEOUT_SECONDS", 300),
    memoryMegabytes: Config.integer("TIDEMARK_CONFIG_FILE_MEMORY_MB").pipe(
      Config.withDefault(1024),
      Config.validate({ message: "must be at least 64", validation: (n) => n >= 64 })
    )
  }),
  /**
   * How long one tool (ESLint, a measure) may work on one file: a file that holds it longer is
   * skipped for that tool, with a problem that names it, and the rest of the analysis goes on.
   */
  fileTimeLimit: seconds("TIDEMARK_FILE_TIMEOUT_SECONDS", 60),
  /**
   * How many analyses run at once, each in a worker thread of its own (the HTTP server's event loop
   * only sends the request and receives the result): by default one per CPU.
   */
  analysisConcurrency: Config.integer("TIDEMARK_ANALYSIS_CONCURRENCY").pipe(
    // Validated before the default applies, so that a refusal names the variable.
    Config.validate({ message: "must be at least 1", validation: (n) => n >= 1 }),
    Config.withDefault(Math.max(1, availableParallelism()))
  ),
  /**
   * Whether V8 optimizes WebAssembly (Ruff, the grammars, the embedded database): applied by
   * RuntimeFlags before anything compiles; read here too, so that a value that is not a boolean
   * stops the start with the variable named.
   */
  optimizeWasm,
  /** Whether `serve` also runs the ingestion worker (it can run alone as `tidemark worker`). */
  runWorker: Config.boolean("TIDEMARK_WORKER").pipe(Config.withDefault(true)),
  maxBodyBytes: Config.integer("TIDEMARK_MAX_BODY_BYTES").pipe(Config.withDefault(1024 * 1024)),
  /**
   * The address people reach this server at (its dashboard), for the "Details" link beside a commit
   * status on the git host; without it no link is sent (the listening address is rarely it).
   */
  publicUrl: Config.option(
    Config.string("TIDEMARK_PUBLIC_URL").pipe(
      Config.validate({ message: "must be an http:// or https:// URL", validation: HttpUrl.isHttpUrl })
    )
  ),
  /**
   * Whether repository and git host URLs may lead to loopback, private or other non-public
   * addresses; off, they are refused (for organizations' tokens when added, and every time a
   * commit status is sent), so that no caller makes the server reach services that trust it.
   */
  allowPrivateNetworkUrls: Config.boolean("TIDEMARK_ALLOW_PRIVATE_NETWORK_URLS").pipe(Config.withDefault(false)),
  /** A private key git's ssh offers to `ssh://` and `git@host:` remotes; without it ssh offers none. */
  gitSshKeyFile: Config.option(Config.string("TIDEMARK_GIT_SSH_KEY")),
  /** A JSON file of tools the admin registers (programs that write SARIF: RegisteredToolsFile.ts); none when unset. */
  sarifToolsFile: Config.option(Config.string("TIDEMARK_SARIF_TOOLS")),
  /** The dashboard's built files to serve at `/`; default: the build shipped in this package (`dist/dashboard`). */
  dashboardDir: Config.option(Config.string("TIDEMARK_DASHBOARD_DIR")),
  gitUrlTemplates: Config.all({
    gh: Config.string("TIDEMARK_GIT_URL_GH").pipe(Config.withDefault(Repositories.defaultGitUrlTemplates.gh ?? "")),
    gl: Config.string("TIDEMARK_GIT_URL_GL").pipe(Config.withDefault(Repositories.defaultGitUrlTemplates.gl ?? "")),
    bb: Config.string("TIDEMARK_GIT_URL_BB").pipe(Config.withDefault(Repositories.defaultGitUrlTemplates.bb ?? ""))
  }).pipe(Config.map((t): Repositories.GitUrlTemplates => t))
})

export type ServerConfig = Config.Config.Success<typeof serverConfig>

