import { SqlError } from "@effect/sql/SqlError"
import { Effect } from "effect"
import * as NodeFs from "node:fs/promises"
import * as NodePath from "node:path"

/** Owner only: the database's files hold every organization's data and the git hosts' tokens. */
export const directoryMode = 0o700
export const fileMode = 0o600

/** Gives `directory` and everything under it owner-only modes; links are left as they are (chmod would follow them). */
const restrict = async (directory: string): Promise<void> => {
  await NodeFs.chmod(directory, directoryMode)
  for (const entry of await NodeFs.readdir(directory, { withFileTypes: true })) {
    const path = NodePath.join(directory, entry.name)
    if (entry.isDirectory()) await restrict(path)
    else if (entry.isFile()) await NodeFs.chmod(path, fileMode)
  }
}

/**
 * Makes the data directory owner-only, and the files an earlier version left readable and writable
 * by everyone (PGlite's NodeFS creates them 0666 whatever the umask; `OwnerOnlyNodeFS` no longer
 * does) owner-only again.
 */
export const ownerOnly = (dataDir: string) =>
  Effect.tryPromise({
    try: async () => {
      await NodeFs.mkdir(dataDir, { recursive: true, mode: directoryMode })
      await restrict(dataDir)
    },
    catch: (cause) => new SqlError({ cause, message: `Failed to restrict the modes of the embedded database at ${dataDir}` })
  })
