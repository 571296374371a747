import { Either, Schema } from "effect"
import stripJsonComments from "strip-json-comments"
import { parseErrorText } from "../ParseErrorText.js"
import { parseYaml } from "../YamlText.js"

/**
 * An ESLint 8 ("eslintrc") config as data: the fields Tidemark follows, decoded from a config file
 * of the repository or from a shareable config it ships. Fields for parsers Tidemark does not run
 * (`parserOptions.project`, `settings`) are dropped by the decoding: they change nothing here.
 */

const Patterns = Schema.Union(Schema.String, Schema.Array(Schema.String))

/** ESLint 8 accepts these for a global (`normalizeConfigGlobal`): legacy booleans, their strings, and `null`. */
export const GlobalSetting = Schema.Union(
  Schema.Boolean,
  Schema.Null,
  Schema.Literal("readonly", "readable", "writable", "writeable", "off", "true", "false")
)

export const ParserOptions = Schema.Struct({
  ecmaVersion: Schema.optional(Schema.Union(Schema.Number, Schema.Literal("latest"))),
  sourceType: Schema.optional(Schema.Literal("script", "module", "commonjs")),
  ecmaFeatures: Schema.optional(Schema.Struct({
    jsx: Schema.optional(Schema.Boolean),
    globalReturn: Schema.optional(Schema.Boolean),
    impliedStrict: Schema.optional(Schema.Boolean)
  }))
})
export type ParserOptions = typeof ParserOptions.Type

const bodyFields = {
  extends: Schema.optional(Patterns),
  env: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.Boolean })),
  globals: Schema.optional(Schema.Record({ key: Schema.String, value: GlobalSetting })),
  // Each entry is checked on its own (LegacyRules.ts): one bad entry leaves the others applying.
  rules: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.Unknown })),
  parser: Schema.optional(Schema.String),
  parserOptions: Schema.optional(ParserOptions),
  plugins: Schema.optional(Schema.Array(Schema.String)),
  noInlineConfig: Schema.optional(Schema.Boolean)
}

const Body = Schema.Struct(bodyFields)
/** What a config and each of its `overrides` may hold. */
export type LegacyBody = typeof Body.Type

export interface LegacyOverride extends LegacyBody {
  readonly files: string | ReadonlyArray<string>
  readonly excludedFiles?: string | ReadonlyArray<string> | undefined
  readonly overrides?: ReadonlyArray<LegacyOverride> | undefined
}

const LegacyOverride: Schema.Schema<LegacyOverride> = Schema.Struct({
  ...bodyFields,
  files: Patterns,
  excludedFiles: Schema.optional(Patterns),
  overrides: Schema.optional(Schema.Array(Schema.suspend(() => LegacyOverride)))
})

export const LegacyConfigData = Schema.Struct({
  ...bodyFields,
  root: Schema.optional(Schema.Boolean),
  ignorePatterns: Schema.optional(Patterns),
  overrides: Schema.optional(Schema.Array(LegacyOverride))
})
export type LegacyConfigData = typeof LegacyConfigData.Type

export const patternList = (patterns: string | ReadonlyArray<string> | undefined): ReadonlyArray<string> =>
  patterns === undefined ? [] : typeof patterns === "string" ? [patterns] : patterns

export const decodeLegacyConfig = (value: unknown): Either.Either<LegacyConfigData, string> =>
  Schema.decodeUnknownEither(LegacyConfigData)(value).pipe(Either.mapLeft(parseErrorText))

/**
 * In a folder, ESLint 8 reads only the first of these it finds (`package.json` only when it has
 * an `eslintConfig`). The first two are code: found, never run.
 */
export const legacyConfigurationFileNames: ReadonlyArray<string> = [
  ".eslintrc.js",
  ".eslintrc.cjs",
  ".eslintrc.yaml",
  ".eslintrc.yml",
  ".eslintrc.json",
  ".eslintrc",
  "package.json"
]

export const codeConfigurationFileNames: ReadonlySet<string> = new Set([".eslintrc.js", ".eslintrc.cjs"])

const json = (content: string): Either.Either<unknown, string> =>
  Either.try({ try: (): unknown => JSON.parse(content), catch: (error) => (error instanceof Error ? error.message : String(error)) })

const PackageEslintConfig = Schema.Struct({ eslintConfig: Schema.optional(Schema.Unknown) })

/** The config a data file holds, parsed as ESLint 8's loader parses it; undefined when it holds none (EslintConfigGlobals.ts reads the same files the same way: it can take these). */
export const legacyConfigReaders: Readonly<Record<string, (content: string) => Either.Either<unknown, string>>> = {
  ".eslintrc.yaml": parseYaml,
  ".eslintrc.yml": parseYaml,
  ".eslintrc.json": (content) => json(stripJsonComments(content)),
  // The extensionless legacy name is YAML (a superset of JSON) once JSON comments are stripped.
  ".eslintrc": (content) => parseYaml(stripJsonComments(content)),
  "package.json": (content) =>
    json(content).pipe(
      Either.flatMap((value) => Schema.decodeUnknownEither(PackageEslintConfig)(value).pipe(Either.mapLeft(parseErrorText))),
      Either.map((value) => value.eslintConfig)
    )
}

export const fileNameOf = (path: string): string => path.slice(path.lastIndexOf("/") + 1)

/**
 * A data config file's config, or why it cannot be read; `undefined` for a package.json without
 * `eslintConfig` (or a file ESLint reads as empty).
 */
export const readLegacyConfig = (name: string, content: string): Either.Either<LegacyConfigData | undefined, string> => {
  const read = legacyConfigReaders[name]
  if (read === undefined) return Either.left("a JavaScript config is code: Tidemark does not run it")
  return read(content).pipe(
    Either.flatMap((value) => (value === undefined || value === null ? Either.right(undefined) : decodeLegacyConfig(value)))
  )
}

/** Whether a file of this name in a folder is a config ESLint 8 would take (package.json: only with `eslintConfig`). */
export const holdsLegacyConfig = (name: string, content: string): boolean =>
  name !== "package.json" || /"eslintConfig"\s*:/.test(content)
