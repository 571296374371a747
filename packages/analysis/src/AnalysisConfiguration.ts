import { Either, Schema } from "effect"
import { javaGlob } from "./JavaGlob.js"
import { parseErrorText } from "./ParseErrorText.js"
import type { SourceFile } from "./SourceTree.js"
import { parseYaml } from "./YamlText.js"

/**
 * The repository's analysis configuration file, as the original service documents it: what to
 * leave out of the analysis (`exclude_paths`, globally and per engine), what to take back from the
 * exclusions and the default ignored paths (`include_paths`), and extra file extensions of a
 * language or a language not to analyse (`languages`). Keys this analysis has no use for
 * (`base_sub_dir`, an engine's own options) are accepted and left alone, as the service accepts
 * them.
 */

/** Looked for at the tree's root, in this order (the service's own command-line tool's). */
export const analysisConfigurationFileNames: ReadonlyArray<string> = [".codacy.yaml", ".codacy.yml"]

/** A path pattern in Java's glob syntax (JavaGlob.ts); one Java would refuse is a decoding error. */
const Glob = Schema.String.pipe(
  Schema.filter((glob) => Either.match(javaGlob(glob), { onLeft: (reason) => reason, onRight: () => true })),
  Schema.annotations({ identifier: "JavaGlob" })
)

// YAML writes an empty list or map as nothing at all (`exclude_paths:`): that is null, not an error.
const Globs = Schema.optional(Schema.NullOr(Schema.Array(Glob)))

export class EngineConfiguration extends Schema.Class<EngineConfiguration>("EngineConfiguration")({
  excludePaths: Globs.pipe(Schema.fromKey("exclude_paths"))
}) {}

export class LanguageConfiguration extends Schema.Class<LanguageConfiguration>("LanguageConfiguration")({
  /** Endings of file names that are also this language: `.scss`, `-css.resource`. */
  extensions: Schema.optional(Schema.NullOr(Schema.Array(Schema.NonEmptyString))),
  enabled: Schema.optional(Schema.NullOr(Schema.Boolean))
}) {}

const Table = <A, I>(value: Schema.Schema<A, I>) => Schema.optional(Schema.NullOr(Schema.Record({ key: Schema.String, value: Schema.NullOr(value) })))

export class AnalysisConfiguration extends Schema.Class<AnalysisConfiguration>("AnalysisConfiguration")({
  /** By engine name: the linters' (`eslint-9`...), `duplication`, `metric`, `coverage`. */
  engines: Table(EngineConfiguration),
  excludePaths: Globs.pipe(Schema.fromKey("exclude_paths")),
  includePaths: Globs.pipe(Schema.fromKey("include_paths")),
  /** By the service's language name, any case: `javascript`, `css`... */
  languages: Table(LanguageConfiguration)
}) {
  /** A repository without a configuration file. */
  static readonly none = new AnalysisConfiguration({})
}

/** The configuration file cannot be read: the analysis goes on as if there were none, and says so. */
export class InvalidAnalysisConfiguration extends Schema.TaggedError<InvalidAnalysisConfiguration>()("InvalidAnalysisConfiguration", {
  /** Relative to the tree's root. */
  file: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `the configuration file ${this.file} was ignored: ${this.reason}`
  }
}

const decode = Schema.decodeUnknownEither(AnalysisConfiguration)

/**
 * A file with more path patterns is refused. Every analysed file, and every file of every coverage
 * report uploaded for the commit, is matched against all of them, at a cost of at most the path's
 * length times the glob's (JavaGlob.ts): the bounds keep the worst file near a tenth of a second
 * (50 000 characters of adversarial globs against a 200-character path, as measured) where real
 * files list tens of patterns, and the longest we know a few hundred paths of under 100 characters.
 */
export const maxPathPatterns = 1_000
export const maxPathPatternCharacters = 50_000

const pathPatternsOf = (configuration: AnalysisConfiguration): ReadonlyArray<string> => [
  ...(configuration.excludePaths ?? []),
  ...(configuration.includePaths ?? []),
  ...Object.values(configuration.engines ?? {}).flatMap((engine) => engine?.excludePaths ?? [])
]

const withinBounds = (configuration: AnalysisConfiguration): Either.Either<AnalysisConfiguration, string> => {
  const patterns = pathPatternsOf(configuration)
  const characters = patterns.reduce((total, pattern) => total + pattern.length, 0)
  return patterns.length > maxPathPatterns
    ? Either.left(`${patterns.length} path patterns (exclude_paths and include_paths), more than the ${maxPathPatterns} read`)
    : characters > maxPathPatternCharacters
    ? Either.left(`path patterns (exclude_paths and include_paths) of ${characters} characters in all, more than the ${maxPathPatternCharacters} read`)
    : Either.right(configuration)
}

/** A configuration file's content, decoded. */
export const parseAnalysisConfiguration = (file: string, content: string): Either.Either<AnalysisConfiguration, InvalidAnalysisConfiguration> =>
  parseYaml(content).pipe(
    Either.mapLeft((reason) => `not YAML: ${reason}`),
    // An empty file configures nothing.
    Either.flatMap((value) => decode(value ?? {}).pipe(Either.mapLeft(parseErrorText))),
    Either.flatMap(withinBounds),
    Either.mapLeft((reason) => new InvalidAnalysisConfiguration({ file, reason }))
  )

/** The configuration file at the root of the tree, when it has one (`.codacy.yaml` first). */
export const analysisConfigurationFileOf = (files: ReadonlyArray<SourceFile>): SourceFile | undefined =>
  analysisConfigurationFileNames.flatMap((name) => files.filter((candidate) => candidate.path === name))[0]

/** A configuration file decoded; `none` when there is no file. */
export const analysisConfigurationOfFile = (
  file: { readonly path: string; readonly content: string } | undefined
): Either.Either<AnalysisConfiguration, InvalidAnalysisConfiguration> =>
  file === undefined ? Either.right(AnalysisConfiguration.none) : parseAnalysisConfiguration(file.path, file.content)

/** The configuration file at the root of the tree, decoded; `none` when the tree has none. */
export const analysisConfigurationOf = (
  files: ReadonlyArray<SourceFile>
): Either.Either<AnalysisConfiguration, InvalidAnalysisConfiguration> => analysisConfigurationOfFile(analysisConfigurationFileOf(files))
