import { Effect, Either, Option } from "effect"
import type { AnalysisCacheError } from "./AnalysisCache.js"
import { type CachedMessage, cachedMessageOf, LintCache } from "./LintCache.js"
import { failedFileOf, type LintedFile, lintedFileOf, type MessageFields } from "./LintedFile.js"
import type { SourceFile } from "./SourceTree.js"

/** One file's messages from a tool (ESLint, Ruff), or what it threw. */
export type LintOutcome = Either.Either<ReadonlyArray<MessageFields>, unknown>

export const lintedOf = (file: SourceFile, result: LintOutcome): LintedFile =>
  Either.match(result, { onLeft: (error) => failedFileOf(file, error), onRight: (messages) => lintedFileOf(file, messages) })

const warnOf = (error: AnalysisCacheError) => Effect.logWarning(`lint cache: ${error.reason}`, error.key)

/**
 * A file linted through the per-file cache under `key`. The cache only saves time: a storage
 * failure is logged and the file linted. A file whose linting threw is not cached (the failure
 * may be the machine's, not the file's).
 */
export const lintedWithCache = (
  cache: LintCache["Type"],
  key: string,
  file: SourceFile,
  lint: () => LintOutcome
): Effect.Effect<LintedFile> => lintedWithCacheOf(cache, key, file, Effect.sync(lint))

/** As `lintedWithCache`, for a tool whose linting is itself an effect (Stylelint's is a promise). */
export const lintedWithCacheOf = (
  cache: LintCache["Type"],
  key: string,
  file: SourceFile,
  lint: Effect.Effect<LintOutcome>
): Effect.Effect<LintedFile> => {
  return cache.get(key).pipe(
    Effect.tapError(warnOf),
    Effect.orElseSucceed(() => Option.none<ReadonlyArray<CachedMessage>>()),
    Effect.flatMap(Option.match({
      onSome: (messages) => Effect.succeed(lintedFileOf(file, messages)),
      onNone: () =>
        Effect.flatMap(lint, (result) => {
          if (Either.isLeft(result)) return Effect.succeed(lintedOf(file, result))
          const kept = result.right.map(cachedMessageOf)
          return cache.set(key, kept).pipe(Effect.tapError(warnOf), Effect.ignore, Effect.as(lintedFileOf(file, kept)))
        })
    }))
  )
}

/**
 * For a tool that lints many files in one run (an external analyser): each key's cached messages,
 * none where the context has no per-file cache or the storage fails (logged: it only saves time).
 */
export const cachedMessagesOf = (keys: ReadonlyArray<string>): Effect.Effect<ReadonlyArray<Option.Option<ReadonlyArray<CachedMessage>>>> =>
  Effect.flatMap(Effect.serviceOption(LintCache), (cache) =>
    Effect.forEach(keys, (key) =>
      Option.match(cache, {
        onNone: () => Effect.succeed(Option.none<ReadonlyArray<CachedMessage>>()),
        onSome: (store) => store.get(key).pipe(Effect.tapError(warnOf), Effect.orElseSucceed(() => Option.none<ReadonlyArray<CachedMessage>>()))
      })))

/** Keeps a file's messages under its key, where the context has the per-file cache. */
export const cacheMessages = (key: string, messages: ReadonlyArray<CachedMessage>): Effect.Effect<void> =>
  Effect.flatMap(Effect.serviceOption(LintCache), (cache) =>
    Option.match(cache, { onNone: () => Effect.void, onSome: (store) => store.set(key, messages).pipe(Effect.tapError(warnOf), Effect.ignore) }))
