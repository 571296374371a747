import { Either, Schema } from "effect"
import type { LegacyConfigData } from "./LegacyConfigData.js"

/**
 * A repository that lints with `standard` (or `semistandard`) without an ESLint config: the tool
 * among its dependencies or run by one of its scripts. standard runs ESLint 8 with its shareable
 * config given as `overrideConfigFile` (so it wins over the repository's own `.eslintrc` files,
 * which still apply below it), and with package.json's `standard` settings (`ignore`, `globals`,
 * `env`, `parser`) as the base config (standard-engine's resolve-eslint-config.js).
 */

export interface StandardStyle {
  /** The shareable config it runs: `standard` or `semistandard`. */
  readonly config: "standard" | "semistandard"
  /** package.json's settings as a base config. */
  readonly base: LegacyConfigData
  /** A script of package.json runs it (not only a dependency). */
  readonly runByScript: boolean
  /** The version range package.json asks for (`^9.0.0`), when it lists the tool among its dependencies. */
  readonly range: string | undefined
  /** standard's default ignores, the settings' `ignore`, and `.gitignore`'s lines (standard reads it). */
  readonly ignorePatterns: ReadonlyArray<string>
}

const Names = Schema.Union(Schema.String, Schema.Array(Schema.String))
const Settings = Schema.Struct({
  ignore: Schema.optional(Names),
  globals: Schema.optional(Names),
  global: Schema.optional(Names),
  env: Schema.optional(Schema.Union(Names, Schema.Record({ key: Schema.String, value: Schema.Unknown }))),
  envs: Schema.optional(Schema.Union(Names, Schema.Record({ key: Schema.String, value: Schema.Unknown }))),
  parser: Schema.optional(Schema.String)
})
type Settings = typeof Settings.Type

const Manifest = Schema.Struct({
  dependencies: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.Unknown })),
  devDependencies: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.Unknown })),
  scripts: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.Unknown })),
  standard: Schema.optional(Settings),
  semistandard: Schema.optional(Settings)
})

// standard-engine's DEFAULT_IGNORE.
const defaultIgnores: ReadonlyArray<string> = ["**/*.min.js", "coverage/**", "node_modules/**", "vendor/**"]

const names = (value: string | ReadonlyArray<string> | undefined): ReadonlyArray<string> =>
  value === undefined ? [] : typeof value === "string" ? [value] : value

const isNames = (value: Settings["env"]): value is string | ReadonlyArray<string> | undefined =>
  value === undefined || typeof value === "string" || Array.isArray(value)

// An object names its environments by its keys (`{"mocha": true}`).
const environments = (value: Settings["env"]): ReadonlyArray<string> =>
  isNames(value) ? names(value) : Object.entries(value).flatMap(([name, on]) => (on === false ? [] : [name]))

const runs = (tool: string, command: unknown): boolean =>
  typeof command === "string" && new RegExp(`(^|[\\s;&|(])(npx\\s+)?${tool}(\\s|$)`).test(command)

/** The style package.json's manifest says the repository lints with, if any. */
export const standardStyleOf = (manifest: string, gitignore: string | undefined): StandardStyle | undefined => {
  const decoded = Either.try(() => JSON.parse(manifest) as unknown).pipe(Either.flatMap(Schema.decodeUnknownEither(Manifest)))
  if (Either.isLeft(decoded)) return undefined
  const { dependencies, devDependencies, scripts, ...settings } = decoded.right
  const uses = (tool: "standard" | "semistandard") =>
    [dependencies, devDependencies].some((section) => section !== undefined && Object.hasOwn(section, tool)) ||
    Object.values(scripts ?? {}).some((command) => runs(tool, command))
  const config = uses("semistandard") ? "semistandard" : uses("standard") ? "standard" : undefined
  if (config === undefined) return undefined
  const own = settings[config] ?? {}
  const globals = [...names(own.globals ?? own.global)]
  const env = environments(own.env ?? own.envs)
  const range = [devDependencies, dependencies].map((section) => section?.[config]).find((value) => typeof value === "string")
  return {
    config,
    range: typeof range === "string" ? range : undefined,
    runByScript: Object.values(scripts ?? {}).some((command) => runs(config, command)),
    base: {
      ...(globals.length === 0 ? {} : { globals: Object.fromEntries(globals.map((name) => [name, "readonly"] as const)) }),
      ...(env.length === 0 ? {} : { env: Object.fromEntries(env.map((name) => [name, true])) }),
      ...(own.parser === undefined ? {} : { parser: own.parser })
    },
    ignorePatterns: [...names(own.ignore), ...defaultIgnores, ...(gitignore === undefined ? [] : gitignore.split(/\r?\n/))]
  }
}

/** The major version of standard and semistandard whose rules Tidemark ships (eslint-config-standard 17, eslint-config-semistandard 17). */
export const shippedStandardMajor = 17

/**
 * Whether the repository's range may mean the rules Tidemark ships: a range that names another
 * major (`^9.0.0`) means other rules (standard 9 had no `no-var`), so they are not followed. A
 * range without a number (`*`, `latest`, a git URL) is taken as the current one.
 */
export const isShippedStandard = (range: string | undefined): boolean => {
  const major = range === undefined ? undefined : /(\d+)/.exec(range)?.[1]
  return major === undefined || Number(major) === shippedStandardMajor || /^\s*>=?\s*\d/.test(range ?? "")
}
