import { Effect, Either, Option, type Scope } from "effect"
import type { AnalysisCacheError } from "./AnalysisCache.js"
import { CachedMessage, cachedMessageOf, LintCache } from "./LintCache.js"
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

/**
 * For files a tool checks together or not at all (a Go module: any file changed, every file runs):
 * every key's cached messages, or none. The first key is looked up alone: the keys share what makes
 * them miss together (the module's digest), so a changed module is known after one read, not one
 * per file, and its run starts at once.
 */
export const cachedTogetherOf = (keys: ReadonlyArray<string>): Effect.Effect<Option.Option<ReadonlyArray<ReadonlyArray<CachedMessage>>>> =>
  Effect.flatMap(cachedMessagesOf(keys.slice(0, 1)), (first) =>
    first.every(Option.isSome)
      ? Effect.map(cachedMessagesOf(keys.slice(1)), (rest) => Option.all([...first, ...rest]))
      : Effect.succeed(Option.none()))

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

/**
 * The files as linted by units that report on other files too (a C source on the headers it
 * includes, an API document on the files its `$ref`s name): each file's messages are its own unit's
 * and every message another unit gave about it (`file`), once each, by line; a unit that failed is
 * failed. `files` are those that get a result, in their order; a message about any other file is
 * not kept, nor one `keep` refuses.
 */
export const lintedFilesOfUnits = (
  files: ReadonlyArray<SourceFile>,
  outcomes: ReadonlyMap<string, FileMessages>,
  keep: (file: string, message: CachedMessage) => boolean = () => true
): ReadonlyArray<LintedFile> => {
  const messages = new Map<string, Map<string, CachedMessage>>(files.map((file) => [file.path, new Map()]))
  for (const [unit, outcome] of outcomes) {
    if (Either.isLeft(outcome)) continue
    for (const message of outcome.right) {
      const file = message.file ?? unit
      if (!keep(file, message)) continue
      messages.get(file)?.set(
        `${message.line}\0${message.ruleId ?? ""}\0${message.message}`,
        new CachedMessage({ ruleId: message.ruleId, line: message.line, message: message.message, ...(message.fatal === true ? { fatal: true } : {}) })
      )
    }
  }
  return files.map((file) => {
    const outcome = outcomes.get(file.path)
    if (outcome !== undefined && Either.isLeft(outcome)) return failedFileOf(file, new Error(outcome.left))
    return lintedFileOf(file, [...(messages.get(file.path)?.values() ?? [])].sort((a, b) => a.line - b.line))
  })
}

/** How an external analyser that runs with a configuration Tidemark wrote lints files (LintedWithFallback). */
export interface ConfiguredLint<Plan, Written> {
  /** Each file's per-file cache key under the plan. */
  readonly keyOf: (plan: Plan) => (file: SourceFile) => string
  /** The plan written where the analyser's fences let it read it, removed with the scope. */
  readonly write: (plan: Plan) => Effect.Effect<Written, never, Scope.Scope>
  /** Why the analyser refuses the written configuration, asked once before the files; undefined when it takes it. */
  readonly refusal: (written: Written) => Effect.Effect<string | undefined>
  /** Each file's messages, or why it has none, from the runs over the files (kept in the per-file cache). */
  readonly run: (plan: Plan, written: Written, files: ReadonlyArray<SourceFile>) => Effect.Effect<ReadonlyMap<string, FileMessages>>
  /** The files the fallback checks, of those the refused plan chose (phpcs's plans choose by extension): all of them when absent. */
  readonly fallbackFiles?: ((fallback: Plan, files: ReadonlyArray<SourceFile>) => ReadonlyArray<SourceFile>) | undefined
}

/**
 * The files linted through the per-file cache under the plan, the others run with the plan
 * written for the analyser. A `fallback` is given when the plan is the repository's own
 * configuration: one the analyser refuses is named (`refused`) and the fallback (the enabled
 * patterns) applies instead, rather than every file's run failing alone.
 */
export const lintedWithFallback = <Plan, Written>(
  lint: ConfiguredLint<Plan, Written>,
  files: ReadonlyArray<SourceFile>,
  plan: Plan,
  fallback: Plan | undefined
): Effect.Effect<{ readonly linted: ReadonlyArray<LintedFile>; readonly refused: string | undefined }> =>
  Effect.scoped(Effect.gen(function*() {
    const { missing, outcomes } = yield* splitByCache(files, lint.keyOf(plan))
    if (missing.length === 0) return { linted: lintedFilesOf(files, outcomes), refused: undefined }
    const written = yield* lint.write(plan)
    const refused = fallback === undefined ? undefined : yield* lint.refusal(written)
    if (refused !== undefined && fallback !== undefined) {
      const again = yield* lintedWithFallback(lint, lint.fallbackFiles?.(fallback, files) ?? files, fallback, undefined)
      return { linted: again.linted, refused }
    }
    const fresh = yield* lint.run(plan, written, missing)
    return { linted: lintedFilesOf(files, outcomes, fresh), refused: undefined }
  }))
