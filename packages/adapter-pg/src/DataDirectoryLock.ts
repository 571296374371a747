import { SqlError } from "@effect/sql/SqlError"
import { Effect } from "effect"
import * as NodeFs from "node:fs/promises"
import * as NodePath from "node:path"
import { isRunning } from "./ProcessLiveness.js"

const readHolder = async (lockFile: string): Promise<number | undefined> => {
  const pid = Number.parseInt(await NodeFs.readFile(lockFile, "utf8").catch(() => ""), 10)
  return Number.isInteger(pid) && pid > 0 ? pid : undefined
}

/** Creates the lock file; a lock left by a process that is gone is taken over once. */
const take = async (lockFile: string, retry = true): Promise<void> => {
  try {
    await NodeFs.writeFile(lockFile, String(process.pid), { flag: "wx" })
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error
    const holder = await readHolder(lockFile)
    if (holder !== undefined && isRunning(holder)) {
      throw new Error(`the data directory is in use by process ${holder} (lock file ${lockFile})`)
    }
    if (!retry) throw error
    await NodeFs.rm(lockFile, { force: true })
    await take(lockFile, false)
  }
}

/**
 * PGlite has no lock of its own: two processes opening one data directory would corrupt it. The
 * lock file sits next to the directory (PGlite wants the directory to itself) and holds the pid.
 * Creates the directory and its parents (owner-only, as the data they hold), which PGlite does not.
 */
export const acquire = (dataDir: string) => {
  const lockFile = `${NodePath.resolve(dataDir)}.lock`
  return Effect.acquireRelease(
    Effect.tryPromise({
      try: async () => {
        await NodeFs.mkdir(dataDir, { recursive: true, mode: 0o700 })
        await take(lockFile)
      },
      catch: (cause) => new SqlError({ cause, message: `Failed to lock the embedded database at ${dataDir}` })
    }),
    () => Effect.promise(() => NodeFs.rm(lockFile, { force: true }))
  )
}
