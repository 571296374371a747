import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import { Effect, Schema } from "effect"
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
): Effect.Effect<ReadonlyArray<SourceFile>, TreeReadError, FileSystem.FileSystem | Path.Path> =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const ignored = options.ignore.map(filePattern)
    const fail = (at: string) => (cause: { readonly message: string }) =>
      new TreeReadError({ path: at, reason: cause.message })
    const realRoot = yield* fs.realPath(root).pipe(Effect.mapError(fail(root)))
    // Directories are walked concurrently at every depth; the permits bound the open files
    // overall (not per level), far below a process's descriptor limit.
    const permits = yield* Effect.makeSemaphore(32)
    const io = permits.withPermits(1)

    const readFile = (relative: string, full: string) =>
      io(fs.readFile(full)).pipe(
        Effect.mapError(fail(full)),
        Effect.map((bytes): ReadonlyArray<SourceFile> =>
          isBinary(bytes) ? [] : [{ path: relative, content: utf8.decode(bytes) }]
        )
      )

    const visit = (relative: string): Effect.Effect<ReadonlyArray<SourceFile>, TreeReadError> =>
      Effect.gen(function*() {
        const full = path.join(realRoot, relative)
        const name = path.basename(relative)
        if (ignored.some((pattern) => pattern.test(relative))) return []
        // A link that leads out of the tree, back into it, or nowhere (dangling) is not a file to analyse.
        const real = yield* io(fs.realPath(full)).pipe(
          Effect.catchAll((error) =>
            Effect.flatMap(Effect.either(io(fs.readLink(full))), (link) =>
              link._tag === "Right" ? Effect.succeed(undefined) : Effect.fail(fail(full)(error))
            )
          )
        )
        if (real !== full) return []
        const info = yield* io(fs.stat(full)).pipe(Effect.mapError(fail(full)))
        if (info.type === "Directory") return skippedDirectories.has(name) ? [] : yield* visitDirectory(relative)
        if (info.type !== "File" || Number(info.size) > options.maxFileBytes) return []
        if (options.only !== undefined && !options.only(relative)) return []
        return yield* readFile(relative, full)
      })

    const visitDirectory = (relative: string): Effect.Effect<ReadonlyArray<SourceFile>, TreeReadError> =>
      io(fs.readDirectory(path.join(realRoot, relative))).pipe(
        Effect.mapError(fail(path.join(realRoot, relative))),
        Effect.flatMap((names) =>
          Effect.forEach(names, (name) => visit(relative === "" ? name : `${relative}/${name}`), { concurrency: 16 })
        ),
        Effect.map((files) => files.flat())
      )

    const files = yield* visitDirectory("")
    return [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  })
