/**
 * Vitest's global setup for the server's suites: one embedded database, created and migrated as
 * `tidemark serve` would on first start, which `startServer` copies into each scratch data
 * directory. PGlite's initdb alone took 4.6 CPU seconds of each fresh server's start (of about
 * nine), and the suites start dozens of them; the first start itself is still run by the tests that
 * start a server with its defaults (Packaging.test.ts) and by adapter-pg's own tests.
 */
import { EmbeddedPostgres, Migrations } from "@tidemark/adapter-pg"
import { Effect, Layer } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { TestProject } from "vitest/node"

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated embedded database folder to copy as a new server's `<data dir>/pg`. */
    embeddedTemplate: string
  }
}

export default async function setup(project: TestProject) {
  const parent = mkdtempSync(join(tmpdir(), "tidemark-template-"))
  const template = join(parent, "pg")
  // Built, then closed: PGlite flushes its files and the lock beside the folder is removed.
  await Effect.runPromise(Effect.scoped(Layer.build(Migrations.layer.pipe(Layer.provide(EmbeddedPostgres.layer({ dataDir: template }))))))
  project.provide("embeddedTemplate", template)
  return () => rmSync(parent, { recursive: true, force: true })
}
