import { PGlite } from "@electric-sql/pglite"
import { afterAll } from "@effect/vitest"
import { Effect } from "effect"
import * as NodeFs from "node:fs/promises"
import * as NodeOs from "node:os"
import * as NodePath from "node:path"

/** A scratch directory, removed when the scope closes. */
export const scratchDirectory = Effect.acquireRelease(
  Effect.promise(() => NodeFs.mkdtemp(NodePath.join(NodeOs.tmpdir(), "tidemark-pglite-"))),
  (directory) => Effect.promise(() => NodeFs.rm(directory, { recursive: true, force: true }))
)

/**
 * Creating a PGlite data directory (initdb) takes seconds; reopening one takes a fraction of a
 * second. A test file creates one, once, and each test starts from a copy of it.
 */
const templates: Array<string> = []
const initializedTemplate = Effect.runSync(
  Effect.cached(
    Effect.promise(async () => {
      const directory = await NodeFs.mkdtemp(NodePath.join(NodeOs.tmpdir(), "tidemark-pglite-template-"))
      templates.push(directory)
      await (await PGlite.create({ dataDir: directory })).close()
      return directory
    })
  )
)
afterAll(() => Promise.all(templates.map((directory) => NodeFs.rm(directory, { recursive: true, force: true }))))

/** A data directory of the scope's own (`<scratch>/pg`), as if the server had created it. */
export const freshDataDir = Effect.gen(function*() {
  const template = yield* initializedTemplate
  const dataDir = NodePath.join(yield* scratchDirectory, "pg")
  yield* Effect.promise(() => NodeFs.cp(template, dataDir, { recursive: true }))
  return dataDir
})
