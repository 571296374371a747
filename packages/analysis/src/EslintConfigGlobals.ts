import { Either, Schema } from "effect"
import { Minimatch } from "minimatch"
import { legacyConfigReaders } from "./eslintrc/LegacyConfigData.js"
import { environmentGlobals, testFrameworkOfEnvironment } from "./EnvironmentGlobals.js"
import { parseErrorText } from "./ParseErrorText.js"
import type { GlobalAccess, Globals } from "./ScriptGlobals.js"
import type { SourceFile } from "./SourceTree.js"
import { isTestFileOf } from "./TestFrameworks.js"

/**
 * The globals a repository's own ESLint configs declare (`env`, `globals`, `overrides`), read
 * without running them: the linter here runs the enabled patterns, but a name the repository
 * declared is not undefined. Data configs are parsed as ESLint's legacy loader parses them
 * (`.eslintrc.yaml`/`.yml`, `.eslintrc.json` and `.eslintrc` with JSON comments stripped,
 * package.json's `eslintConfig`), each applying to the files under its directory, its overrides to
 * the files their patterns match there (minimatch with ESLint's options). Configs that are code
 * (`.eslintrc.js`/`.cjs`, `eslint.config.*`) are only searched as text for the environments they
 * name (`globals.mocha`, and in `.eslintrc.js` `mocha: true`): a test framework's then apply to its
 * test files under that directory, any other to all of them. `extends` and `root` are not followed:
 * a shared config's environments are not in the tree, and a global too many only hides a report.
 */

/** Globals declared for some files of the tree. */
export interface GlobalsScope {
  /** The config (and its part) that declares them. */
  readonly source: string
  readonly applies: (path: string) => boolean
  readonly globals: Globals
}

/** A config that does not parse declares nothing: the analysis goes on, and says which. */
export class UnreadableEslintConfig extends Schema.TaggedError<UnreadableEslintConfig>()("UnreadableEslintConfig", {
  file: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `the ESLint config ${this.file} declares no globals here: ${this.reason}`
  }
}

const Environments = Schema.Record({ key: Schema.String, value: Schema.Boolean })
const GlobalSetting = Schema.Union(Schema.Boolean, Schema.Literal("readonly", "readable", "writable", "writeable", "off"))
const GlobalSettings = Schema.Record({ key: Schema.String, value: GlobalSetting })
const Patterns = Schema.Union(Schema.String, Schema.Array(Schema.String))
const Declarations = {
  env: Schema.optional(Environments),
  globals: Schema.optional(GlobalSettings)
}
const LegacyConfig = Schema.Struct({
  ...Declarations,
  overrides: Schema.optional(Schema.Array(Schema.Struct({ files: Patterns, excludedFiles: Schema.optional(Patterns), ...Declarations })))
})
type LegacyConfig = typeof LegacyConfig.Type

const accessOf = (setting: typeof GlobalSetting.Type): GlobalAccess =>
  setting === true || setting === "writable" || setting === "writeable" ? "writable" : setting === "off" ? "off" : "readonly"

// As ESLint does: the environments' globals first, the config's own `globals` over them.
const declared = ({ env, globals }: Pick<LegacyConfig, "env" | "globals">): Globals => ({
  ...Object.assign({}, ...Object.entries(env ?? {}).map(([name, on]) => (on ? environmentGlobals(name) ?? {} : {}))),
  ...Object.fromEntries(Object.entries(globals ?? {}).map(([name, setting]) => [name, accessOf(setting)]))
})

const directoryOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf("/")))

const relativeTo = (directory: string, path: string): string | undefined =>
  directory === "" ? path : path.startsWith(`${directory}/`) ? path.slice(directory.length + 1) : undefined

const list = (patterns: typeof Patterns.Type | undefined): ReadonlyArray<string> =>
  patterns === undefined ? [] : typeof patterns === "string" ? [patterns] : patterns

// ESLint's legacy override tester: a pattern without a slash matches a name at any depth, one
// starting with `./` only from the config's directory.
const matcherOf = (patterns: ReadonlyArray<string>) => {
  const matchers = patterns.map((pattern) =>
    pattern.startsWith("./")
      ? new Minimatch(pattern.slice(2), { dot: true, matchBase: false })
      : new Minimatch(pattern, { dot: true, matchBase: true })
  )
  return (relative: string) => matchers.some((matcher) => matcher.match(relative))
}

const legacyScopes = (file: string, config: LegacyConfig): ReadonlyArray<GlobalsScope> => {
  const directory = directoryOf(file)
  const under = (path: string) => relativeTo(directory, path) !== undefined
  const overrides = (config.overrides ?? []).map((override, index): GlobalsScope => {
    const included = matcherOf(list(override.files))
    const excluded = matcherOf(list(override.excludedFiles))
    return {
      source: `${file} overrides[${index}]`,
      applies: (path) => {
        const relative = relativeTo(directory, path)
        return relative !== undefined && included(relative) && !excluded(relative)
      },
      globals: declared(override)
    }
  })
  return [{ source: file, applies: under, globals: declared(config) }, ...overrides]
}

const environmentNamesIn = (content: string, withEnvironmentKeys: boolean): ReadonlyArray<string> => {
  const referenced = Array.from(content.matchAll(/\bglobals\s*(?:\.\s*([A-Za-z_$][\w$-]*)|\[\s*["'`]([\w-]+)["'`]\s*\])/g), (m) => m[1] ?? m[2] ?? "")
  const keys = withEnvironmentKeys ? Array.from(content.matchAll(/["']?([\w-]+(?:\/[\w-]+)?)["']?\s*:\s*true\b/g), (m) => m[1] ?? "") : []
  return [...new Set([...referenced, ...keys])].filter((name) => environmentGlobals(name) !== undefined)
}

const codeScopes = (file: string, content: string, withEnvironmentKeys: boolean): ReadonlyArray<GlobalsScope> => {
  const directory = directoryOf(file)
  return environmentNamesIn(content, withEnvironmentKeys).map((environment): GlobalsScope => {
    const framework = testFrameworkOfEnvironment(environment)
    return {
      source: `${file} (${environment}, read as text)`,
      applies: (path) => {
        const relative = relativeTo(directory, path)
        return relative !== undefined && (framework === undefined || isTestFileOf(framework, relative))
      },
      globals: environmentGlobals(environment) ?? {}
    }
  })
}

/** How ESLint's legacy loader reads each data config (the eslintrc reader's own); undefined when the file holds no config. */
const dataReaders = legacyConfigReaders

// In a directory, ESLint's legacy loader reads only the first of these it finds.
const legacyNames = [".eslintrc.js", ".eslintrc.cjs", ".eslintrc.yaml", ".eslintrc.yml", ".eslintrc.json", ".eslintrc", "package.json"]

const nameOf = (path: string): string => path.slice(path.lastIndexOf("/") + 1)

const decodeLegacy = Schema.decodeUnknownEither(LegacyConfig)

const dataScopes = (file: SourceFile, read: (content: string) => Either.Either<unknown, string>) =>
  read(file.content).pipe(
    Either.flatMap((value) => (value === undefined || value === null ? Either.right(undefined) : decodeLegacy(value).pipe(Either.mapLeft(parseErrorText)))),
    Either.map((config) => (config === undefined ? [] : legacyScopes(file.path, config))),
    Either.mapLeft((reason) => new UnreadableEslintConfig({ file: file.path, reason }))
  )

/** The legacy config each directory's files get: the first by ESLint's order that holds one. */
const legacyConfigs = (files: ReadonlyArray<SourceFile>): ReadonlyArray<SourceFile> => {
  const byDirectory = new Map<string, ReadonlyArray<SourceFile>>()
  for (const file of files.filter((candidate) => legacyNames.includes(nameOf(candidate.path)))) {
    byDirectory.set(directoryOf(file.path), [...(byDirectory.get(directoryOf(file.path)) ?? []), file])
  }
  const holdsConfig = (file: SourceFile) => nameOf(file.path) !== "package.json" || /"eslintConfig"\s*:/.test(file.content)
  return [...byDirectory.values()].flatMap((candidates) => {
    const chosen = legacyNames.flatMap((name) => candidates.filter((file) => nameOf(file.path) === name && holdsConfig(file)))[0]
    return chosen === undefined ? [] : [chosen]
  })
}

const depthOf = (file: SourceFile): number => file.path.split("/").length

/** The scopes of every ESLint config of the tree, parents before children; and the configs that did not parse. */
export const eslintConfigGlobals = (files: ReadonlyArray<SourceFile>) => {
  const flat = files.filter((file) => /^eslint\.config\.[cm]?[jt]s$/.test(nameOf(file.path)))
  // A parent directory's config first, so that a nested one's `off` wins, as in ESLint's cascade.
  const configs = [...legacyConfigs(files), ...flat].sort((a, b) => depthOf(a) - depthOf(b))
  const outcomes = configs.map((file) => {
    const read = dataReaders[nameOf(file.path)]
    const isLegacy = legacyNames.includes(nameOf(file.path))
    return read === undefined ? Either.right(codeScopes(file.path, file.content, isLegacy)) : dataScopes(file, read)
  })
  return {
    scopes: outcomes.flatMap((outcome) => (Either.isRight(outcome) ? outcome.right : [])),
    unreadable: outcomes.flatMap((outcome) => (Either.isLeft(outcome) ? [outcome.left] : []))
  }
}
