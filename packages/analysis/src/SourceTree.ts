import { Effect, Schema } from "effect"
import { readdir, readFile, realpath, stat } from "node:fs/promises"
import { join } from "node:path"
import { filePattern } from "./Stack.js"

/** The tree (or a file in it) could not be listed or read. */
export class TreeReadError extends Schema.TaggedError<TreeReadError>()("TreeReadError", {
  path: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `cannot read ${this.path}: ${this.reason}`
  }
}

export interface SourceTreeOptions {
  /**
   * Paths to leave out, relative to the root, in StackRules' pattern syntax: `*` within a name,
   * `**` across directories; a pattern without `/` matches a name at any depth (`*.min.js`,
   * `dist`, `docs/**`). A matching directory is not entered.
   */
  readonly ignore: ReadonlyArray<string>
  /** Larger files are skipped unread: generated bundles and data, not code a team writes. */
  readonly maxFileBytes: number
  /** Only the files whose path passes are read (every directory is still walked). */
  readonly only?: ((path: string) => boolean) | undefined
}

export const defaultSourceTreeOptions: SourceTreeOptions = { ignore: [], maxFileBytes: 1024 * 1024 }

/** Never the team's code: version control, installed and vendored dependencies. */
export const skippedDirectories: ReadonlySet<string> = new Set([
  ".git",
  ".hg",
  ".svn",
  "node_modules",
  "bower_components",
  "vendor",
  "third_party"
])

export interface SourceFile {
  /** Relative to the root, with `/`. */
  readonly path: string
  readonly content: string
}

// git's own test: a NUL byte in the first 8000 bytes makes a file binary.
const isBinary = (bytes: Uint8Array): boolean => bytes.subarray(0, 8000).includes(0)

const utf8 = new TextDecoder("utf-8")

/**
 * The text files of a checkout, sorted by path. Symbolic links are skipped: they may point out of
 * the checkout, back into it (a loop) or nowhere, and what they point to inside it is read anyway.
 */
export const readSourceTree = (
  root: string,
  options: SourceTreeOptions = defaultSourceTreeOptions
): Effect.Effect<ReadonlyArray<SourceFile>, TreeReadError> =>
  Effect.gen(function*() {
    const ignored = options.ignore.map(filePattern)
    const attempt = <A>(path: string, run: () => Promise<A>) =>
      Effect.tryPromise({ try: run, catch: (cause) => new TreeReadError({ path, reason: cause instanceof Error ? cause.message : String(cause) }) })
    const realRoot = yield* attempt(root, () => realpath(root))
    // A level of the tree at a time, at most 32 folders or files open at once: each step's own
    // concurrency bounds them. (A semaphore shared by a recursive walk was quadratic: every permit
    // released woke every waiting fiber, and a tree of 750 files took two seconds to read.) A folder's
    // entries come with their types: a symbolic link is known without a call of its own, and only
    // a file is asked its size (toml's 750 files: 160–260 ms with a realpath and a stat per entry).
    const concurrency = 32

    const entriesIn = (relative: string) =>
      Effect.map(
        attempt(join(realRoot, relative), () => readdir(join(realRoot, relative), { withFileTypes: true })),
        (entries) => entries.map((entry) => ({ entry, relative: relative === "" ? entry.name : `${relative}/${entry.name}` }))
      )

    const readFileAt = (relative: string): Effect.Effect<ReadonlyArray<SourceFile>, TreeReadError> => {
      const full = join(realRoot, relative)
      return attempt(full, async () => {
        // Larger files are left unread: the size is asked first.
        if ((await stat(full)).size > options.maxFileBytes) return []
        const bytes = await readFile(full)
        return isBinary(bytes) ? [] : [{ path: relative, content: utf8.decode(bytes) }]
      })
    }

    const found: Array<string> = []
    let level: ReadonlyArray<string> = [""]
    while (level.length > 0) {
      const entries = (yield* Effect.forEach(level, entriesIn, { concurrency })).flat()
      const next: Array<string> = []
      for (const { entry, relative } of entries) {
        // A link that leads out of the tree, back into it, or nowhere (dangling) is not a file to analyse.
        if (entry.isSymbolicLink() || ignored.some((pattern) => pattern.test(relative))) continue
        if (entry.isDirectory()) {
          if (!skippedDirectories.has(entry.name)) next.push(relative)
        } else if (entry.isFile() && (options.only === undefined || options.only(relative))) found.push(relative)
      }
      level = next
    }
    const files = (yield* Effect.forEach(found, readFileAt, { concurrency })).flat()
    return [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  })
