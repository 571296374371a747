import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Scope } from "effect"
import * as NodeFs from "node:fs/promises"
import * as NodeOs from "node:os"
import * as NodePath from "node:path"
import * as DataDirectoryLock from "../src/DataDirectoryLock.js"

const scratch = Effect.acquireRelease(
  Effect.promise(() => NodeFs.mkdtemp(NodePath.join(NodeOs.tmpdir(), "tidemark-lock-"))),
  (directory) => Effect.promise(() => NodeFs.rm(directory, { recursive: true, force: true }))
)

const exists = (path: string) => Effect.promise(() => NodeFs.access(path).then(() => true, () => false))

describe("DataDirectoryLock", () => {
  it.scoped("creates the data directory with its parents and a lock file holding the pid, removed on release", () =>
    Effect.gen(function*() {
      const dataDir = NodePath.join(yield* scratch, "nested", "data", "pg")
      const scope = yield* Scope.make()
      yield* DataDirectoryLock.acquire(dataDir).pipe(Scope.extend(scope))

      expect(yield* exists(dataDir)).toBe(true)
      expect(yield* Effect.promise(() => NodeFs.readFile(`${dataDir}.lock`, "utf8"))).toBe(String(process.pid))
      yield* Scope.close(scope, Exit.void)
      expect(yield* exists(`${dataDir}.lock`)).toBe(false)
    }))

  it.scoped("refuses a data directory locked by a running process", () =>
    Effect.gen(function*() {
      const dataDir = NodePath.join(yield* scratch, "pg")
      yield* DataDirectoryLock.acquire(dataDir)
      const error = yield* Effect.flip(Effect.scoped(DataDirectoryLock.acquire(dataDir)))
      expect(error._tag).toBe("SqlError")
      expect(String(error.cause)).toContain(`in use by process ${process.pid}`)
    }))

  it.scoped("takes over a lock left by a process that is gone", () =>
    Effect.gen(function*() {
      const dataDir = NodePath.join(yield* scratch, "pg")
      // Above Linux's largest pid: no process has it.
      yield* Effect.promise(() => NodeFs.writeFile(`${dataDir}.lock`, "2147483646"))
      yield* DataDirectoryLock.acquire(dataDir)
      expect(yield* Effect.promise(() => NodeFs.readFile(`${dataDir}.lock`, "utf8"))).toBe(String(process.pid))
    }))
})
