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
    // A level of the tree at a time, at most 32 files or folders open at once: each step's own
    // concurrency bounds them. (A semaphore shared by a recursive walk was quadratic: every permit
    // released woke every waiting fiber, and a tree of 750 files took two seconds to read.)
    const concurrency = 32

    const readFile = (relative: string, full: string) =>
      fs.readFile(full).pipe(
        Effect.mapError(fail(full)),
        Effect.map((bytes): ReadonlyArray<SourceFile> =>
          isBinary(bytes) ? [] : [{ path: relative, content: utf8.decode(bytes) }]
        )
      )

    type Entry = { readonly _tag: "Directory"; readonly relative: string } | { readonly _tag: "File"; readonly relative: string; readonly full: string }

    const entryOf = (relative: string): Effect.Effect<ReadonlyArray<Entry>, TreeReadError> =>
      Effect.gen(function*() {
        const full = path.join(realRoot, relative)
        const name = path.basename(relative)
        if (ignored.some((pattern) => pattern.test(relative))) return []
        // A link that leads out of the tree, back into it, or nowhere (dangling) is not a file to analyse.
        const real = yield* fs.realPath(full).pipe(
          Effect.catchAll((error) =>
            Effect.flatMap(Effect.either(fs.readLink(full)), (link) =>
              link._tag === "Right" ? Effect.succeed(undefined) : Effect.fail(fail(full)(error))
            )
          )
        )
        if (real !== full) return []
        const info = yield* fs.stat(full).pipe(Effect.mapError(fail(full)))
        if (info.type === "Directory") return skippedDirectories.has(name) ? [] : [{ _tag: "Directory", relative }]
        if (info.type !== "File" || Number(info.size) > options.maxFileBytes) return []
        if (options.only !== undefined && !options.only(relative)) return []
        return [{ _tag: "File", relative, full }]
      })

    const namesIn = (relative: string): Effect.Effect<ReadonlyArray<string>, TreeReadError> =>
      fs.readDirectory(path.join(realRoot, relative)).pipe(
        Effect.mapError(fail(path.join(realRoot, relative))),
        Effect.map((names) => names.map((name) => (relative === "" ? name : `${relative}/${name}`)))
      )

    const found: Array<Entry & { readonly _tag: "File" }> = []
    let level: ReadonlyArray<string> = [""]
    while (level.length > 0) {
      const names = (yield* Effect.forEach(level, namesIn, { concurrency })).flat()
      const entries = (yield* Effect.forEach(names, entryOf, { concurrency })).flat()
      for (const entry of entries) if (entry._tag === "File") found.push(entry)
      level = entries.flatMap((entry) => (entry._tag === "Directory" ? [entry.relative] : []))
    }
    const files = (yield* Effect.forEach(found, (file) => readFile(file.relative, file.full), { concurrency })).flat()
    return [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  })
