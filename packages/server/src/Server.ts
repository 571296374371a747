import { HttpServer as PlatformHttpServer } from "@effect/platform"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { FetchHttpClient } from "@effect/platform"
import { DnsNetworkAddresses, GitCli } from "@tidemark/adapter-git"
import { HostCommitStatuses, HostPullRequestDecorations } from "@tidemark/adapter-githost"
import { HttpServer, nodeServer } from "@tidemark/adapter-http"
import { catalogue } from "@tidemark/catalogue"
import { NatsEventQueue } from "@tidemark/adapter-nats"
import { PgEventQueue, PgEventStore, PgIngestion, PgStorage } from "@tidemark/adapter-pg"
import {
  AnalysisCoverageScope,
  ExternalAnalysers,
  InstalledTools,
  LogSarifReader,
  ReportCoverageReader,
  sandboxConfinement,
  sandboxCopyPrefix,
  SandboxLauncher,
  ThreadedAnalyzer
} from "@tidemark/analysis/service"
import { Access, AnalysisWorker, DashboardLinks, DomainServices, IngestionWorker, RegisteredToolCatalogue, type RegisteredTools, ToolInstallations, WorkerHealth } from "@tidemark/core"
import { CryptoIdGenerator } from "@tidemark/core/memory"
import { Console, Context, Effect, Layer, Option, Redacted } from "effect"
import * as NodeFs from "node:fs/promises"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { removeLeftovers } from "./LeftoverFolders.js"
import * as NodeHasher from "./NodeHasher.js"
import { readRegisteredTools } from "./RegisteredToolsFile.js"
import type { ServerConfig } from "./ServerConfig.js"
import { version } from "./Version.js"

export { version }

/**
 * Durable storage: the PostgreSQL server at DATABASE_URL, or else the embedded database (PGlite)
 * under the data directory, through the same adapter code and migrations. Revocations of
 * credentials come with it: announced with NOTIFY to every process on the PostgreSQL server (each
 * forgets the secrets it verified), within this process on the embedded database, which no other
 * process can open.
 */
export const storageLayer = (config: ServerConfig) =>
  Option.match(config.databaseUrl, {
    onSome: PgStorage.layerUrl,
    onNone: () => PgStorage.layerEmbedded({ dataDir: join(config.dataDir, "pg") })
  })

/**
 * The queues and the event store: the event store in the database, and the durable queues (of
 * ingested events, of analysis jobs) on NATS JetStream when NATS_URL is set, else outbox tables in
 * the same database (an event answered 204 is committed there).
 */
export const ingestionLayer = (config: ServerConfig) => {
  // One delivery past the workers' own limit: the worker sees the one on which it gives up.
  const maxDeliveries = config.maxDeliveries + 1
  return Option.match(config.natsUrl, {
    onNone: () =>
      Layer.merge(
        PgIngestion.layerWithoutMigrations({ visibility: config.queueVisibility, maxDeliveries }),
        PgEventQueue.analysisLayer({ visibility: config.analysisVisibility, maxDeliveries })
      ),
    onSome: (servers) =>
      Layer.mergeAll(
        NatsEventQueue.layer({ servers, ackWait: config.queueVisibility, maxDeliveries }),
        NatsEventQueue.analysisLayer({ servers, ackWait: config.analysisVisibility, maxDeliveries }),
        PgEventStore.layer
      )
  })
}

/** Storage with the ingestion ports beside it, on the one database client. */
export const persistenceLayer = (config: ServerConfig) =>
  ingestionLayer(config).pipe(Layer.provideMerge(storageLayer(config)))

const gitCacheOf = (config: ServerConfig) => join(config.dataDir, "git-cache")

/** What a killed process left behind: its checkouts and the sandbox's copies of them. */
const leftoversLayer = (config: ServerConfig) =>
  Layer.effectDiscard(Effect.gen(function*() {
    const removed = [
      ...(yield* removeLeftovers(tmpdir(), sandboxCopyPrefix)),
      ...(yield* removeLeftovers(GitCli.checkoutDirectoryOf(resolve(gitCacheOf(config))), GitCli.checkoutPrefix))
    ]
    if (removed.length > 0) yield* Effect.logInfo(`removed ${removed.length} folders left by processes that were stopped`)
    const fences = SandboxLauncher.confinementOf(sandboxConfinement())
    yield* Effect.logInfo(`a repository's own ESLint configuration runs confined by ${fences}`)
    yield* Effect.logInfo(`external analysers run confined by ${ExternalAnalysers.fencesOf(ExternalAnalysers.childFences())}`)
  }))

/**
 * Which analysers this server runs, at which version, and which it cannot run and how to install
 * them: an operator learns at start-up, not from a repository's "not analysed", what is missing.
 * Asked beside the start, not before it: each external analyser's version is a process to run
 * (RuboCop's takes a second).
 */
const analysersLogLayer = Layer.scopedDiscard(Effect.forkScoped(Effect.gen(function*() {
  const installations = yield* (yield* ToolInstallations.ToolInstallations).installations
  const installed = installations.filter((tool) => tool.installed)
    .map((tool) => tool.version === undefined ? tool.name : `${tool.name} ${tool.version}`)
  const missing = installations.filter((tool) => !tool.installed)
    .map((tool) => tool.install === undefined ? tool.name : `${tool.name}: ${tool.install}`)
  yield* Effect.logInfo(`analysers: ${installed.join(", ")}`)
  if (missing.length > 0) yield* Effect.logInfo(`analysers not installed: ${missing.join("; ")}`)
})))

/** Where repository and git host URLs may lead: public addresses only, unless the installation says otherwise. */
const networkAddresses = (config: ServerConfig) => DnsNetworkAddresses.layer({ allowPrivate: config.allowPrivateNetworkUrls })

/**
 * The data directory owner-only, also where an earlier version made it readable by everyone: it
 * holds the mirrors of private repositories, their checkouts and the measures of their files.
 */
const dataDirectoryLayer = (config: ServerConfig) =>
  Layer.effectDiscard(
    Effect.tryPromise(async () => {
      await NodeFs.mkdir(config.dataDir, { recursive: true, mode: 0o700 })
      await NodeFs.chmod(config.dataDir, 0o700)
    }).pipe(Effect.catchAll((error) => Effect.logWarning(`cannot make ${config.dataDir} owner-only: ${String(error.cause)}`)))
  )

/**
 * The ports every process needs: storage and queues, catalogue, git (read, checkout, blame, changes), ids,
 * hashing, the analyzer and the coverage scope it implies, and the commit statuses sent to the git
 * hosts of the repositories whose host token is set (read from storage, sent with fetch).
 */
const portsLayer = (config: ServerConfig, registered: ReadonlyArray<RegisteredTools.RegisteredTool>) =>
  Layer.mergeAll(
    dataDirectoryLayer(config),
    RegisteredToolCatalogue.layer(catalogue, registered),
    analysersLogLayer.pipe(Layer.provideMerge(InstalledTools.layer({ registeredTools: registered }))),
    GitCli.layer({
      cacheDirectory: gitCacheOf(config),
      sshKeyFile: Option.getOrUndefined(config.gitSshKeyFile),
      allowPrivateNetwork: config.allowPrivateNetworkUrls
    }),
    leftoversLayer(config),
    networkAddresses(config),
    // In worker threads, as many as analyses may run at once: an analysis never holds the event
    // loop that answers HTTP.
    ThreadedAnalyzer.layer({
      cacheDirectory: join(config.dataDir, "analysis-cache"),
      configurationFileLimits: config.configurationFileLimits,
      threads: config.analysisConcurrency,
      fileTimeLimit: config.fileTimeLimit,
      registeredTools: registered
    }),
    ReportCoverageReader.layer,
    AnalysisCoverageScope.layer,
    LogSarifReader.layer,
    CryptoIdGenerator.layer,
    NodeHasher.layer,
    HostCommitStatuses.layer().pipe(Layer.provide(FetchHttpClient.layer), Layer.provide(networkAddresses(config))),
    HostPullRequestDecorations.layer().pipe(Layer.provide(FetchHttpClient.layer), Layer.provide(networkAddresses(config))),
    Option.match(config.publicUrl, { onNone: () => Layer.empty, onSome: DashboardLinks.DashboardLinks.at })
  ).pipe(Layer.provideMerge(persistenceLayer(config)))

/** The tools the admin registered, read before anything starts: a file that cannot be used stops the start at once. */
const withRegisteredTools = <A, E, R>(config: ServerConfig, make: (registered: ReadonlyArray<RegisteredTools.RegisteredTool>) => Layer.Layer<A, E, R>) =>
  Layer.unwrapEffect(Effect.map(readRegisteredTools(config.sarifToolsFile, catalogue.map((tool) => tool.name)), make))

/**
 * The bundled server, composed once, top to bottom: storage and queues → catalogue, git, analyzer,
 * ids → domain services → HTTP.
 */
export const domainLayer = (config: ServerConfig, registered: ReadonlyArray<RegisteredTools.RegisteredTool>) =>
  DomainServices.layer(config.gitUrlTemplates).pipe(Layer.provideMerge(portsLayer(config, registered)))

/**
 * The ingestion and analysis workers, running in the background for as long as the layer is alive,
 * each watched by WorkerHealth: one that ends makes the process unready, and then exit. The
 * analysis worker processes as many jobs at once as the analyzer has threads.
 */
export const workerLayer = (config: ServerConfig) =>
  Layer.scopedDiscard(
    Effect.gen(function*() {
      const health = yield* WorkerHealth.WorkerHealth
      yield* Effect.forkScoped(health.supervise("ingestion worker", (yield* IngestionWorker.IngestionWorker).run))
      yield* Effect.forkScoped(health.supervise("analysis worker", (yield* AnalysisWorker.AnalysisWorker).run))
    })
  ).pipe(
    Layer.provide(Layer.merge(
      IngestionWorker.IngestionWorker.Default({ maxDeliveries: config.maxDeliveries }),
      AnalysisWorker.AnalysisWorker.Default({ maxDeliveries: config.maxDeliveries, concurrency: config.analysisConcurrency })
    ))
  )

/**
 * The dashboard's build that ships in this package (`dist/dashboard`, copied there by its build),
 * found where the package is installed rather than relative to the working directory. Source and
 * built modules both sit one folder below the package, beside `dist/`.
 */
const bundledDashboard = () => fileURLToPath(new URL("../dist/dashboard", import.meta.url))

/** Makes sure an admin token exists and shows a newly generated one, once. */
const adminTokenLayer = (config: ServerConfig) =>
  Layer.effectDiscard(Effect.gen(function*() {
    const access = yield* Access.Access
    const generated = yield* access.ensureAdmin(Option.map(config.adminToken, Redacted.value))
    if (Option.isSome(generated)) {
      yield* Console.log(`Generated admin token (shown once; set TIDEMARK_ADMIN_TOKEN to choose your own):\n${generated.value}`)
    }
  }))

/**
 * One line with the address the server listens on, once it does: with PORT=0 the system picks the
 * port, and this line is how a person or a test learns it.
 */
const listeningLine = Layer.effectDiscard(
  PlatformHttpServer.addressFormattedWith((address) => Console.log(`Tidemark listening on ${address}`))
)

export const serverLayer = (config: ServerConfig) => withRegisteredTools(config, (registered) =>
  Layer.mergeAll(
    HttpServer.layer({
      version,
      maxBodyBytes: config.maxBodyBytes,
      dashboardDirectory: Option.getOrElse(config.dashboardDir, bundledDashboard)
    }),
    listeningLine,
    config.runWorker ? workerLayer(config) : Layer.empty
  ).pipe(
    // Shared by the workers and the readiness probe, and kept in the output for the command to wait on.
    Layer.provideMerge(WorkerHealth.WorkerHealth.Default),
    Layer.provide(NodeHttpServer.layer(nodeServer, { port: config.port, host: config.host })),
    // Before the port opens: a request arriving as soon as it does must find the admin token stored.
    Layer.provide(adminTokenLayer(config)),
    Layer.provide(domainLayer(config, registered))
  ))

/** `tidemark worker`: the workers alone, on the same storage and queues as the server. */
export const workerOnlyLayer = (config: ServerConfig) => withRegisteredTools(config, (registered) =>
  workerLayer(config).pipe(Layer.provideMerge(WorkerHealth.WorkerHealth.Default), Layer.provide(portsLayer(config, registered))))

/**
 * Runs a process's layer until interrupted, as `Layer.launch` does, but fails as soon as one of its
 * workers stops: a server without its workers would answer requests and process nothing.
 */
export const runUntilWorkerStops = <E, R>(layer: Layer.Layer<WorkerHealth.WorkerHealth, E, R>) =>
  Effect.scoped(Effect.flatMap(Layer.build(layer), (context) => Context.get(context, WorkerHealth.WorkerHealth).whenStopped))
