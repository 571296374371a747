import { PGlite } from "@electric-sql/pglite"
import { afterAll } from "@effect/vitest"
import { Effect } from "effect"
import { existsSync, rmSync } from "node:fs"
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
 * second. The files that use this module create one, once, and each test starts from a copy of it.
 * The module may be shared by several files of one thread (Vitest's `all` project): the first
 * file's afterAll removes the template, so a later file that finds it gone makes another.
 */
const templates: Array<string> = []
const removeTemplates = () => Promise.all(templates.splice(0).map((directory) => NodeFs.rm(directory, { recursive: true, force: true })))
let template: Promise<string> | undefined
const initializedTemplate = Effect.promise(async () => {
  const known = template === undefined ? undefined : await template
  if (known !== undefined && existsSync(known)) return known
  template = (async () => {
    const directory = await NodeFs.mkdtemp(NodePath.join(NodeOs.tmpdir(), "tidemark-pglite-template-"))
    templates.push(directory)
    await (await PGlite.create({ dataDir: directory })).close()
    return directory
  })()
  return template
})
afterAll(removeTemplates)
process.once("exit", () => {
  for (const directory of templates) rmSync(directory, { recursive: true, force: true })
})

/** A data directory of the scope's own (`<scratch>/pg`), as if the server had created it. */
export const freshDataDir = Effect.gen(function*() {
  const template = yield* initializedTemplate
  const dataDir = NodePath.join(yield* scratchDirectory, "pg")
  yield* Effect.promise(() => NodeFs.cp(template, dataDir, { recursive: true }))
  return dataDir
})
