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

/** One file's messages from an external analyser's run, or why it has none. */
export type FileMessages = Either.Either<ReadonlyArray<CachedMessage>, string>

/** The files an external analyser is given, split by the per-file cache: the messages it holds, and the files to run. */
export interface CacheSplit {
  readonly outcomes: ReadonlyMap<string, FileMessages>
  readonly missing: ReadonlyArray<SourceFile>
}

export const splitByCache = (files: ReadonlyArray<SourceFile>, keyOf: (file: SourceFile) => string): Effect.Effect<CacheSplit> =>
  Effect.map(cachedMessagesOf(files.map(keyOf)), (hits) => {
    const outcomes = new Map<string, FileMessages>()
    const missing: Array<SourceFile> = []
    for (const [index, file] of files.entries()) {
      const hit = hits[index] ?? Option.none()
      if (Option.isSome(hit)) outcomes.set(file.path, Either.right(hit.value))
      else missing.push(file)
    }
    return { outcomes, missing }
  })

/**
 * Each file of a run's messages (`messagesOf` its findings), kept under the file's key; a file the
 * run gave nothing for, or failed on, has why (and nothing kept: the failure may be the machine's).
 */
export const keptOutcomes = <A>(
  tool: string,
  files: ReadonlyArray<SourceFile>,
  ran: ReadonlyMap<string, Either.Either<A, string>>,
  messagesOf: (file: SourceFile, found: A) => ReadonlyArray<CachedMessage>,
  keyOf: (file: SourceFile) => string
): Effect.Effect<ReadonlyMap<string, FileMessages>> =>
  Effect.gen(function*() {
    const outcomes = new Map<string, FileMessages>()
    for (const file of files) {
      const outcome = Either.map(ran.get(file.path) ?? Either.left(`${tool} gave no result for it`), (found) => messagesOf(file, found))
      outcomes.set(file.path, outcome)
      if (Either.isRight(outcome)) yield* cacheMessages(keyOf(file), outcome.right)
    }
    return outcomes
  })

/** The files, in their order, as linted (their messages) or failed (why); a file with no outcome is left out. */
export const lintedFilesOf = (files: ReadonlyArray<SourceFile>, ...outcomes: ReadonlyArray<ReadonlyMap<string, FileMessages>>): ReadonlyArray<LintedFile> =>
  files.flatMap((file) => {
    const outcome = outcomes.map((map) => map.get(file.path)).find((found) => found !== undefined)
    if (outcome === undefined) return []
    return [Either.match(outcome, { onLeft: (reason) => failedFileOf(file, new Error(reason)), onRight: (messages) => lintedFileOf(file, messages) })]
  })
