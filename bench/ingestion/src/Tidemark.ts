import { Duration, Effect, Schema } from "effect"
import { randomBytes } from "node:crypto"
import { join } from "node:path"
import * as Processes from "./Processes.js"

export interface Environment {
  readonly databaseUrl: string
  readonly natsUrl: string
  readonly dataDir: string
  readonly logDir: string
}

export const adminToken = `bench-${randomBytes(16).toString("hex")}`

const serverEnv = (env: Environment, port: number, runWorker: boolean): Record<string, string> => ({
  PORT: String(port),
  TIDEMARK_ADMIN_TOKEN: adminToken,
  DATABASE_URL: env.databaseUrl,
  NATS_URL: env.natsUrl,
  TIDEMARK_DATA_DIR: env.dataDir,
  TIDEMARK_WORKER: String(runWorker)
})

/** `tidemark serve` on `port`; `nodeArgs` go to node (e.g. `--cpu-prof`). */
export const serve = (env: Environment, port: number, options: { readonly runWorker: boolean; readonly nodeArgs?: ReadonlyArray<string> }) =>
  Processes.node(
    `tidemark serve (worker ${options.runWorker ? "on" : "off"})`,
    [...(options.nodeArgs ?? []), Processes.tidemarkBin, "serve"],
    serverEnv(env, port, options.runWorker),
    join(env.logDir, `serve-${port}.log`)
  )

/** `tidemark worker` alone, beside a server. */
export const worker = (env: Environment, index: number) =>
  Processes.node(
    `tidemark worker #${index}`,
    [Processes.tidemarkBin, "worker"],
    // A worker listens on nothing; the port only has to be a valid one.
    serverEnv(env, 8080, true),
    join(env.logDir, `worker-${index}.log`)
  )

const CreatedKey = Schema.Struct({ data: Schema.Struct({ secret: Schema.String }) })

/** An ingestion key of organization gh/acme, through the admin API; also tells that the server is up. */
export const createIngestionKey = (port: number) =>
  Effect.tryPromise(async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v3/admin/organizations/gh/acme/ingestion-keys`, {
      method: "POST",
      headers: { "api-token": adminToken, "content-type": "application/json" },
      body: "{}",
      signal: AbortSignal.timeout(5_000)
    })
    if (response.status !== 201) throw new Error(`creating an ingestion key answered ${response.status}: ${await response.text()}`)
    return response.json()
  }).pipe(
    Effect.flatMap(Schema.decodeUnknown(CreatedKey)),
    Effect.map((created) => created.data.secret)
  )

/** Waits for the server to answer, then returns an ingestion key. */
export const ready = (child: Processes.Child, port: number) =>
  Processes.waitUntilReady(child, createIngestionKey(port), Duration.seconds(60))
