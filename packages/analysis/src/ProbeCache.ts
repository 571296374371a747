import { createHash } from "node:crypto"
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs"
import { homedir } from "node:os"
import { dirname, isAbsolute, join } from "node:path"

/**
 * What probing this machine found, kept on disk for the next processes: whether a fence works
 * (`unshare`, `setpriv`, `prlimit`) and each external analyser's version. Every server, worker and
 * analysis thread asked them again at its start: some twenty processes, RuboCop's, Pylint's and
 * Checkstyle's version alone about 3 s of CPU, which a test suite starting dozens of servers, or a
 * worker restarted by its supervisor, paid each time.
 *
 * An answer stands only while what it depends on is unchanged: each file it names (the program, the
 * folders a user must reach) has the same inode, size, times, mode and owner, the machine has not
 * restarted since (its boot id, for the fences), and at most `lifetime`. Only successes are kept:
 * a probe that failed (a machine short of processes) is tried again by the next process, as before.
 * Where the cache cannot be read or written, nothing is kept and every probe runs.
 */
export interface ProbeCache {
  readonly get: (key: ReadonlyArray<string>) => string | undefined
  readonly set: (key: ReadonlyArray<string>, value: string) => void
}

/** How long an answer stands at most: a program updated in place by its own package manager (a gem) keeps its file. */
export const lifetime = 60 * 60 * 1000

/** Entries kept at most: the oldest go first (a test suite's temporary programs are many). */
const capacity = 500

interface Entry {
  readonly value: string
  readonly at: number
}

const digest = (key: ReadonlyArray<string>) => createHash("sha256").update(JSON.stringify(key)).digest("hex")

const readEntries = (file: string): Record<string, Entry> => {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"))
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? parsed as Record<string, Entry> : {}
  } catch {
    return {}
  }
}

const isEntry = (entry: unknown): entry is Entry =>
  typeof entry === "object" && entry !== null && typeof (entry as Entry).value === "string" && typeof (entry as Entry).at === "number"

/**
 * The cache in `file` (none when undefined); `now` is the clock answers are aged by. The file is
 * read once, at the first question (a process asks some twenty at its start); an answer kept is
 * merged into the file as it is then, so that other processes' answers stay, and is known here
 * once written (an unwritable cache keeps nothing).
 */
export const onDisk = (file: string | undefined, now: () => number = Date.now): ProbeCache => {
  let known: Record<string, Entry> | undefined
  const entries = () => (known ??= file === undefined ? {} : readEntries(file))
  const fresh = (entry: unknown, at: number): entry is Entry => isEntry(entry) && at - entry.at < lifetime && entry.at <= at
  return {
    get: (key) => {
      const entry = entries()[digest(key)]
      return fresh(entry, now()) ? entry.value : undefined
    },
    set: (key, value) => {
      if (file === undefined) return
      const at = now()
      const entry = { value, at }
      try {
        const kept = Object.entries(readEntries(file))
          .filter((pair): pair is [string, Entry] => fresh(pair[1], at))
          .sort(([, a], [, b]) => b.at - a.at)
          .slice(0, capacity - 1)
        const written = Object.fromEntries([[digest(key), entry], ...kept])
        mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
        // Written aside and renamed: a process reading at the same time sees the old file or the new one.
        const aside = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`
        writeFileSync(aside, JSON.stringify(written), { mode: 0o600 })
        renameSync(aside, file)
        known = written
      } catch {
        // A cache that cannot be written keeps nothing for the next processes; the probes still answer.
      }
    }
  }
}

/** Keeps nothing: for a question about a folder that lives for one analysis (a checkout). */
export const unkept: ProbeCache = onDisk(undefined)

/** The user's cache folder (XDG_CACHE_HOME, else ~/.cache), where the machine's answers are kept. */
export const defaultFile = (): string | undefined => {
  const base = process.env["XDG_CACHE_HOME"]
  const folder = base !== undefined && isAbsolute(base) ? base : join(homedir(), ".cache")
  return isAbsolute(folder) && folder !== "/.cache" ? join(folder, "tidemark", "probes.json") : undefined
}

/** The machine's answers, kept in the user's cache folder. */
export const machineProbes: ProbeCache = onDisk(defaultFile())

/** What changes when a file is replaced, rewritten, moved, or its permissions change; undefined when it cannot be read. */
export const fileSignature = (path: string): string | undefined => {
  try {
    const s = statSync(path)
    return [s.dev, s.ino, s.size, s.mtimeMs, s.ctimeMs, s.mode, s.uid, s.gid].join(":")
  } catch {
    return undefined
  }
}

/** The signatures of `path` and of every folder above it: whether a user reaches it depends on all of them. */
export const reachSignature = (path: string): string | undefined => {
  const chain: Array<string> = []
  for (let at = path; ; at = dirname(at)) {
    const signature = fileSignature(at)
    if (signature === undefined) return undefined
    chain.push(`${at}=${signature}`)
    if (dirname(at) === at) return chain.join("\n")
  }
}

const readBootId = (): string | undefined => {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim()
  } catch {
    return undefined
  }
}
let boot: { readonly id: string | undefined } | undefined

/** This boot of the machine (read once per process): a fence the kernel allowed may be refused after a restart with other settings. */
export const bootId = (): string | undefined => (boot ??= { id: readBootId() }).id
