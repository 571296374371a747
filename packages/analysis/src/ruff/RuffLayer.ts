import { Either } from "effect"
import { posix } from "node:path"
import { type Table, isTable } from "./RuffConfigFile.js"
import { ruffGlob } from "./RuffGlob.js"
import { sourceFolders } from "./RuffSources.js"
import type { RuffOptions } from "./RuffWasm.js"

/**
 * One configuration file's part of Ruff's settings: the options a Workspace takes, and the file
 * patterns a Workspace cannot follow (it checks a text without a name), each made absolute from
 * the file's folder as Ruff makes them. Paths here are the tree's, with a leading `/`: the
 * repository's root stands for `/`, whatever folder it was checked out in.
 */

/** A pattern of `exclude` or `per-file-ignores`, matched against a whole path and against a name. */
export interface PathPattern {
  readonly pattern: string
  readonly matches: (path: string) => boolean
}

export interface PerFileIgnore {
  readonly pattern: PathPattern
  /** `!pattern`: the codes are ignored in the files the pattern does not match. */
  readonly negated: boolean
  /** Ruff's rule selectors: `F401`, `E`, `ALL`. */
  readonly selectors: ReadonlyArray<string>
}

export interface RuffLayer {
  /** For the Workspace: the configuration less what concerns files and paths. */
  readonly options: RuffOptions
  /** Absent: Ruff's default list (DefaultExclude), or the base's of an `extend`. */
  readonly exclude: ReadonlyArray<PathPattern> | undefined
  readonly extendExclude: ReadonlyArray<PathPattern>
  readonly perFileIgnores: ReadonlyArray<PerFileIgnore> | undefined
  readonly extendPerFileIgnores: ReadonlyArray<PerFileIgnore>
  /** `src`, as folders of the tree; absent: Ruff's default (DefaultSources), or the base's of an `extend`. */
  readonly sources: ReadonlyArray<string> | undefined
  /** `extend`, as the file wrote it. */
  readonly extend: string | undefined
}

/**
 * Options Ruff reads the file system with, or that only its command line uses: the Workspace
 * would take some and misapply them (its nameless text matches a `*` of `per-file-ignores`).
 */
const fileOptions: ReadonlySet<string> = new Set([
  "extend",
  "exclude",
  "extend-exclude",
  "include",
  "extend-include",
  "force-exclude",
  "respect-gitignore",
  "per-file-ignores",
  "extend-per-file-ignores",
  "per-file-target-version",
  "cache-dir",
  "src",
  "namespace-packages",
  "required-version",
  "output-format",
  "fix",
  "unsafe-fixes",
  "fix-only",
  "show-fixes"
])

/** The pattern made absolute from the configuration's folder, as Ruff's `normalize_path_to`. */
export const pathPatternOf = (folder: string, pattern: string): Either.Either<PathPattern, string> => {
  // A path has no trailing `/` once normalized by Ruff: `docs/` is the folder `docs`.
  const normalized = pattern.startsWith("/") ? posix.normalize(pattern) : posix.normalize(posix.join("/", folder, pattern))
  const absolute = normalized.length > 1 ? normalized.replace(/\/+$/, "") : normalized
  return Either.all([ruffGlob(pattern), ruffGlob(absolute)]).pipe(
    Either.map(([asWritten, asAbsolute]) => ({
      pattern,
      // Ruff matches both forms against the path and against its name: `build` excludes any folder so named.
      matches: (path: string) => {
        const name = path.slice(path.lastIndexOf("/") + 1)
        return asAbsolute(path) || asWritten(name) || asWritten(path) || asAbsolute(name)
      }
    }))
  )
}

const stringsOf = (value: unknown, key: string): Either.Either<ReadonlyArray<string>, string> =>
  Array.isArray(value) && value.every((item) => typeof item === "string")
    ? Either.right(value)
    : Either.left(`\`${key}\` must be a list of strings`)

const patternsOf = (folder: string, value: unknown, key: string) =>
  value === undefined
    ? Either.right(undefined)
    : stringsOf(value, key).pipe(Either.flatMap((patterns) => Either.all(patterns.map((pattern) => pathPatternOf(folder, pattern)))))

const perFileIgnoresOf = (folder: string, value: unknown, key: string): Either.Either<ReadonlyArray<PerFileIgnore> | undefined, string> => {
  if (value === undefined) return Either.right(undefined)
  if (!isTable(value)) return Either.left(`\`${key}\` must be a table of patterns`)
  return Either.all(
    Object.entries(value).map(([written, selectors]) => {
      const negated = written.startsWith("!")
      return Either.all([pathPatternOf(folder, negated ? written.slice(1) : written), stringsOf(selectors, `${key}.${written}`)]).pipe(
        Either.map(([pattern, list]): PerFileIgnore => ({ pattern, negated, selectors: list }))
      )
    })
  )
}

const withoutFileOptions = (table: Table): Table =>
  Object.fromEntries(Object.entries(table).filter(([key]) => !fileOptions.has(key)))

/**
 * Ruff takes most `lint` options at the top level too (the older form): they are moved into
 * `lint`, where the same option wins, as in Ruff.
 */
const lifted = (table: Table, lintNames: ReadonlySet<string>): Table => {
  const lint = isTable(table["lint"]) ? table["lint"] : {}
  const top = Object.entries(table).filter(([key]) => !lintNames.has(key))
  const older = Object.fromEntries(Object.entries(table).filter(([key]) => lintNames.has(key)))
  const merged = { ...older, ...lint }
  return Object.keys(merged).length === 0 ? Object.fromEntries(top) : { ...Object.fromEntries(top), lint: merged }
}

/** One configuration file's layer (its table, from its folder), or why its file options cannot be read. */
export const layerOf = (folder: string, table: Table, lintNames: ReadonlySet<string>): Either.Either<RuffLayer, string> => {
  const whole = lifted(table, lintNames)
  const lint = isTable(whole["lint"]) ? whole["lint"] : {}
  const extend = whole["extend"]
  if (extend !== undefined && typeof extend !== "string") return Either.left("`extend` must be a path")
  const src = whole["src"]
  if (src !== undefined && !(Array.isArray(src) && src.every((item) => typeof item === "string"))) {
    return Either.left("`src` must be a list of paths")
  }
  return Either.all({
    exclude: patternsOf(folder, whole["exclude"], "exclude"),
    extendExclude: patternsOf(folder, whole["extend-exclude"], "extend-exclude"),
    lintExclude: patternsOf(folder, lint["exclude"], "lint.exclude"),
    perFileIgnores: perFileIgnoresOf(folder, lint["per-file-ignores"], "per-file-ignores"),
    extendPerFileIgnores: perFileIgnoresOf(folder, lint["extend-per-file-ignores"], "extend-per-file-ignores")
  }).pipe(
    Either.map((read): RuffLayer => {
      const options = withoutFileOptions(whole)
      const lintOptions = Object.fromEntries(Object.entries(lint).filter(([key]) => !fileOptions.has(key) && key !== "exclude"))
      return {
        options: Object.keys(lintOptions).length === 0 ? withoutKey(options, "lint") : { ...options, lint: lintOptions },
        exclude: read.exclude,
        // `lint.exclude` leaves files out of linting, which is all this run does.
        extendExclude: [...(read.extendExclude ?? []), ...(read.lintExclude ?? [])],
        perFileIgnores: read.perFileIgnores,
        extendPerFileIgnores: read.extendPerFileIgnores ?? [],
        sources: src === undefined ? undefined : sourceFolders(folder, src),
        extend
      }
    })
  )
}

const withoutKey = (table: Table, key: string): Table => Object.fromEntries(Object.entries(table).filter(([name]) => name !== key))

/** Ruff's combination of options: the extending file's value wins, tables combine, `extend-*` lists add up. */
const mergedOptions = (base: Table, over: Table): Table => {
  const merged: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(over)) {
    const below = merged[key]
    merged[key] = isTable(below) && isTable(value)
      ? mergedOptions(below, value)
      : key.startsWith("extend-") && Array.isArray(below) && Array.isArray(value)
      ? [...below, ...value]
      : value
  }
  return merged
}

/** The layer of a file that `extend`s another (`base`): the file's own settings over the base's. */
export const extendedLayer = (base: RuffLayer, over: RuffLayer): RuffLayer => ({
  options: mergedOptions(base.options, over.options),
  exclude: over.exclude ?? base.exclude,
  extendExclude: [...base.extendExclude, ...over.extendExclude],
  perFileIgnores: over.perFileIgnores ?? base.perFileIgnores,
  extendPerFileIgnores: [...base.extendPerFileIgnores, ...over.extendPerFileIgnores],
  sources: over.sources ?? base.sources,
  extend: undefined
})
