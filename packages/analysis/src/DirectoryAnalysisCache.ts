import { FileSystem, Path } from "@effect/platform"
import { Effect, Layer, Option, Schema } from "effect"
import { AnalysisCache, AnalysisCacheError } from "./AnalysisCache.js"
import { FileMeasures } from "./FileMeasures.js"

const FileMeasuresJson = Schema.parseJson(FileMeasures)
const decode = Schema.decodeUnknownOption(FileMeasuresJson)
const encode = Schema.encodeSync(FileMeasuresJson)

/**
 * The cache as one JSON file per key under `directory` (e.g. under the worker's data dir), in
 * subdirectories named by the key's first two hex digits so that no directory grows to hundreds
 * of thousands of entries. Entries survive restarts and can be shared by workers on one disk.
 */
export const make = (directory: string) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const fileOf = (key: string) => path.join(directory, key.slice(0, 2), `${key}.json`)
    const failure = (key: string) => (cause: { readonly message: string }) =>
      new AnalysisCacheError({ key, reason: cause.message })

    return AnalysisCache.of({
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
      set: (key, measures) =>
        Effect.gen(function*() {
          const file = fileOf(key)
          yield* fs.makeDirectory(path.dirname(file), { recursive: true })
          const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
          yield* fs.writeFileString(temporary, encode(measures))
          yield* fs.rename(temporary, file)
        }).pipe(Effect.mapError(failure(key)))
    })
  })

export const layer = (directory: string): Layer.Layer<AnalysisCache, never, FileSystem.FileSystem | Path.Path> =>
  Layer.effect(AnalysisCache, make(directory))
