import { ProcessLiveness } from "@tidemark/adapter-pg"
import { Effect } from "effect"
import { readdirSync, rmSync } from "node:fs"
import { join } from "node:path"

/**
 * Folders a process names `<prefix><pid>-…` (the sandbox's private copies, the checkouts) are
 * removed with its scope; a process that was killed leaves them behind. At start, those of a
 * process that no longer runs go: another process sharing the folder keeps its own.
 */

const ownerOf = (name: string, prefix: string): number | undefined => {
  if (!name.startsWith(prefix)) return undefined
  const pid = Number.parseInt(name.slice(prefix.length), 10)
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined
}

/** The names of the leftovers it removed from `directory` (none when the folder does not exist). */
export const removeLeftovers = (directory: string, prefix: string): Effect.Effect<ReadonlyArray<string>> =>
  Effect.sync(() => {
    let names: Array<string>
    try {
      names = readdirSync(directory)
    } catch {
      return []
    }
    const leftovers = names.filter((name) => {
      const owner = ownerOf(name, prefix)
      return owner !== undefined && owner !== process.pid && !ProcessLiveness.isRunning(owner)
    })
    for (const name of leftovers) rmSync(join(directory, name), { recursive: true, force: true })
    return leftovers
  })
