import { Either, Schema } from "effect"
import { parseErrorText } from "../ParseErrorText.js"

/**
 * A Stylelint config as data: the fields Tidemark follows, decoded from a configuration file of the
 * repository. Fields about reporting (`reportNeedlessDisables`, `maxWarnings`, `formatter`) and
 * running (`cache`, `fix`, `allowEmptyInput`) change no issue and are dropped by the decoding.
 */

const Globs = Schema.Union(Schema.String, Schema.Array(Schema.String))

const Directionality = Schema.Literal("top-to-bottom", "bottom-to-top", "left-to-right", "right-to-left")

// Exact optional fields and mutable lists: the type is Stylelint's own `languageOptions`.
const optional = <A, I, R>(schema: Schema.Schema<A, I, R>) => Schema.optionalWith(schema, { exact: true })
const Strings = Schema.mutable(Schema.Array(Schema.String))
const StringRecord = Schema.Record({ key: Schema.String, value: Schema.String })

/** Data Stylelint's rules read (`syntax.properties`, `directionality`), as Stylelint types it. */
const LanguageOptions = Schema.Struct({
  syntax: optional(Schema.Struct({
    atRules: optional(Schema.Record({
      key: Schema.String,
      value: Schema.Struct({ comment: optional(Schema.String), prelude: optional(Schema.String), descriptors: optional(StringRecord) })
    })),
    cssWideKeywords: optional(Strings),
    properties: optional(StringRecord),
    types: optional(StringRecord),
    units: optional(Schema.Record({ key: Schema.String, value: Strings }))
  })),
  directionality: optional(Schema.Struct({ block: optional(Directionality), inline: optional(Directionality) }))
})
export type LanguageOptions = typeof LanguageOptions.Type

const bodyFields = {
  extends: Schema.optional(Globs),
  // A plugin is a package name or path, or (in a JavaScript config) the plugin itself.
  plugins: Schema.optional(Schema.Union(Schema.String, Schema.Array(Schema.Unknown))),
  // Each rule's setting is Stylelint's to check (StylelintValidation.ts): one bad entry leaves the others applying.
  rules: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.Unknown })),
  customSyntax: Schema.optional(Schema.Unknown),
  languageOptions: Schema.optional(LanguageOptions),
  ignoreDisables: Schema.optional(Schema.Boolean),
  configurationComment: Schema.optional(Schema.String),
  /** Files other than the one linted, read by some rules: not followed (the run reads one file). */
  referenceFiles: Schema.optional(Schema.Unknown),
  /** Code: not run. */
  processors: Schema.optional(Schema.Unknown)
}

const Override = Schema.Struct({ ...bodyFields, files: Globs })

export const StylelintConfigData = Schema.Struct({
  ...bodyFields,
  ignoreFiles: Schema.optional(Globs),
  overrides: Schema.optional(Schema.Array(Override))
})
export type StylelintConfigData = typeof StylelintConfigData.Type

/** A config file's content as Stylelint's config, or what is wrong with it in one line. */
export const decodeStylelintConfig = (value: unknown): Either.Either<StylelintConfigData, string> =>
  Schema.decodeUnknownEither(StylelintConfigData)(value).pipe(Either.mapLeft(parseErrorText))

export const listOf = (globs: string | ReadonlyArray<string> | undefined): ReadonlyArray<string> =>
  globs === undefined ? [] : typeof globs === "string" ? [globs] : globs

/** The options of a config that go to Stylelint as they are (besides its rules). */
export interface PassedOptions {
  readonly languageOptions?: LanguageOptions
  readonly ignoreDisables?: boolean
  readonly configurationComment?: string
}

/** The options a config data sets, and only those. */
export const passedOptionsOf = (data: Pick<StylelintConfigData, keyof PassedOptions>): PassedOptions => ({
  ...(data.languageOptions === undefined ? {} : { languageOptions: data.languageOptions }),
  ...(data.ignoreDisables === undefined ? {} : { ignoreDisables: data.ignoreDisables }),
  ...(data.configurationComment === undefined ? {} : { configurationComment: data.configurationComment })
})

/** Globs relative to the folder of the config that declares them (`""` for the root). */
export interface FolderGlobs {
  readonly folder: string
  readonly globs: ReadonlyArray<string>
}

/** A config read and its `extends` followed: what applies in its folder, and to the files of its overrides. */
export interface StylelintLayer {
  readonly rules: Readonly<Record<string, unknown>>
  readonly options: PassedOptions
  /** Undefined when no config of the chain sets any. */
  readonly ignoreFiles: FolderGlobs | undefined
  readonly overrides: ReadonlyArray<StylelintOverride>
}

export interface StylelintOverride {
  /** A glob without `/` matches a file's name at any depth, as Stylelint matches them. */
  readonly files: FolderGlobs
  readonly layer: StylelintLayer
}

export const emptyLayer: StylelintLayer = { rules: {}, options: {}, ignoreFiles: undefined, overrides: [] }

/**
 * `above` on top of `below`, as Stylelint merges an `extends` and an override: rules by name (a
 * rule's setting replaced whole), overrides one after the other, every other field replaced.
 */
export const mergedLayer = (below: StylelintLayer, above: StylelintLayer): StylelintLayer => ({
  rules: { ...below.rules, ...above.rules },
  options: { ...below.options, ...above.options },
  ignoreFiles: above.ignoreFiles ?? below.ignoreFiles,
  overrides: [...below.overrides, ...above.overrides]
})
