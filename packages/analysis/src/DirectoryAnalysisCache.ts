import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import { Effect, Layer, Option, Schema } from "effect"
import { AnalysisCache, AnalysisCacheError, type CacheEntries } from "./AnalysisCache.js"
import { FileMeasures } from "./FileMeasures.js"
import { CachedMessages, LintCache } from "./LintCache.js"

/**
 * Entries of one schema as one JSON file per key under `directory` (e.g. under the worker's data
 * dir), in subdirectories named by the key's first two hex digits so that no directory grows to
 * hundreds of thousands of entries. Entries survive restarts and can be shared by workers on one disk.
 */
const jsonEntries = <A, I>(directory: string, schema: Schema.Schema<A, I>) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const json = Schema.parseJson(schema)
    const decode = Schema.decodeUnknownOption(json)
    const encode = Schema.encodeSync(json)
    const fileOf = (key: string) => path.join(directory, key.slice(0, 2), `${key}.json`)
    const failure = (key: string) => (cause: { readonly message: string }) =>
      new AnalysisCacheError({ key, reason: cause.message })
    return {
      // A missing entry is a miss; so is one that no longer decodes (written by hand, or cut short
      // by a full disk): it is rewritten after the file is measured again.
      get: (key) =>
        fs.readFileString(fileOf(key)).pipe(
          Effect.map(decode),
          Effect.catchIf(
            (error) => error._tag === "SystemError" && error.reason === "NotFound",
            () => Effect.succeed(Option.none())
          ),
          Effect.mapError(failure(key))
        ),
      // Written to a temporary name then renamed, so that a reader (another worker) never sees
      // half an entry.
      set: (key, value) =>
        Effect.gen(function*() {
          const file = fileOf(key)
          // Owner-only, as the server's other data: the entries quote repositories' code.
          yield* fs.makeDirectory(path.dirname(file), { recursive: true, mode: 0o700 })
          const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
          yield* fs.writeFileString(temporary, encode(value))
          yield* fs.rename(temporary, file)
        }).pipe(Effect.mapError(failure(key)))
    } satisfies CacheEntries<A>
  })

/** Each file's measures under `directory`. */
export const make = (directory: string) => Effect.map(jsonEntries(directory, FileMeasures), AnalysisCache.of)

export const layer = (directory: string): Layer.Layer<AnalysisCache, never, FileSystem.FileSystem | Path.Path> =>
  Layer.effect(AnalysisCache, make(directory))

/** Each file's ESLint messages, under `directory`'s `lint/` (a name no key's two hex digits can take). */
export const makeLint = (directory: string) =>
  Effect.flatMap(Path.Path, (path) => Effect.map(jsonEntries(path.join(directory, "lint"), CachedMessages), LintCache.of))

export const lintLayer = (directory: string): Layer.Layer<LintCache, never, FileSystem.FileSystem | Path.Path> =>
  Layer.effect(LintCache, makeLint(directory))
