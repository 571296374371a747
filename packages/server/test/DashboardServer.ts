/**
 * What the dashboard's end-to-end suites run on: a built `tidemark serve` in a scratch directory,
 * seeded by the suite through the public APIs, and Debian's Chromium.
 */
import type * as FileSystem from "@effect/platform/FileSystem"
import * as NodeContext from "@effect/platform-node/NodeContext"
import type * as Path from "@effect/platform/Path"
import { Context, Effect, Layer } from "effect"
import type { Browser } from "playwright-core"
import * as Chromium from "./Browser.js"
import { requireBuild, type RunningServer, scratch, startServer } from "./CliFixture.js"

export class DashboardServer extends Context.Tag("DashboardServer")<DashboardServer, {
  readonly server: RunningServer
  /** The API token a person logs in with (what `seed` answered). */
  readonly token: string
  readonly browser: Browser
}>() {}

/** Seeds the running server (its scratch directory holds the suite's git repositories); answers the token to log in with. */
export type Seed = (server: RunningServer, directory: string) => Effect.Effect<string, unknown, FileSystem.FileSystem | Path.Path>

export const layer = (adminToken: string, seed: Seed) =>
  Layer.scoped(
    DashboardServer,
    Effect.gen(function*() {
      yield* requireBuild
      const directory = yield* scratch
      const server = yield* startServer({ dataDir: `${directory}/data`, adminToken })
      const token = yield* seed(server, directory)
      const browser = yield* Chromium.launch
      return { server, token, browser }
    })
  ).pipe(Layer.provide(NodeContext.layer))
