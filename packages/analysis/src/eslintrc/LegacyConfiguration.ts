import { Either, Schema } from "effect"
import { Linter } from "eslint"
import type { SourceFile } from "../SourceTree.js"
import { ToolProblem } from "../tools/AnalysisTool.js"
import {
  codeConfigurationFileNames,
  fileNameOf,
  holdsLegacyConfig,
  type LegacyConfigData,
  legacyConfigurationFileNames,
  patternList,
  readLegacyConfig
} from "./LegacyConfigData.js"
import { type ConfigSource, flatBlocksOf, type FlatBlocks } from "./LegacyFlatBlocks.js"
import { eslint8DefaultIgnores, type IgnoreScope, ignoreFileLines, ignoresOf } from "./LegacyIgnores.js"
import { eslint8LanguageOptions } from "./LegacyLanguageOptions.js"
import { eslint8Defaults } from "./LegacyRules.js"
import { shippedPlugins } from "../ShippedPlugins.js"
import { isShippedStandard, shippedStandardMajor, type StandardStyle, standardStyleOf } from "./StandardStyle.js"
import { problemsOf } from "./LegacyProblems.js"

/**
 * A repository's ESLint 8 configuration ("eslintrc"), read without running any of its code, as an
 * ESLint 9 flat config for `new Linter({ configType: "flat" })`, its `cwd` the tree's root. Config
 * files cascade as in ESLint 8: a file gets the configs of its folder and of each folder above, up
 * to one that says `root: true`, the nearer winning; `standard` (or `semistandard`) when the
 * repository lints with it. What Tidemark cannot follow (a config that is code, a plugin it does
 * not ship, a rule ESLint 9 lacks) is left out and said in `problems`; the rest applies.
 */

export interface LegacyConfiguration {
  /** The root config file (relative to the tree's root), or "package.json" (its `eslintConfig`, or standard's settings). */
  readonly file: string
  /** False when the root config is code (`.eslintrc.js`/`.cjs`) or does not parse: `config` is then empty. */
  readonly readable: boolean
  /** Ready for `Linter.verify`, plugins included; JSON-serialisable apart from plugin and parser objects. */
  readonly config: Array<Linter.Config>
  /**
   * Whether ESLint 8 would leave a file out: its defaults, `.eslintignore`, `ignorePatterns`,
   * standard's ignores, and a file no config is for (`eslint .` lints `.js` files and those an
   * override names: a `.ts` file without typescript-eslint's parser is not linted).
   */
  readonly ignores: (path: string) => boolean
  readonly problems: ReadonlyArray<ToolProblem>
}

const toolName = "ESLint9"

/** The files this reads: the legacy config names, and `.eslintignore` (package.json also for `eslintIgnore`, `standard`). */
export const legacyConfigurationFiles: ReadonlyArray<string> = [...legacyConfigurationFileNames, ".eslintignore", ".gitignore"]

const directoryOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf("/")))

const isUnder = (directory: string, path: string) => directory === "" || path.startsWith(`${directory}/`)

/** The config file ESLint 8 takes in each folder: the first by its order that holds a config. */
const configFilesOf = (files: ReadonlyArray<SourceFile>): ReadonlyArray<SourceFile> => {
  const byDirectory = new Map<string, Array<SourceFile>>()
  for (const file of files) {
    const name = fileNameOf(file.path)
    if (!legacyConfigurationFileNames.includes(name) || !holdsLegacyConfig(name, file.content)) continue
    byDirectory.set(directoryOf(file.path), [...(byDirectory.get(directoryOf(file.path)) ?? []), file])
  }
  const rank = (file: SourceFile) => legacyConfigurationFileNames.indexOf(fileNameOf(file.path))
  return [...byDirectory.values()]
    .flatMap((candidates) => [...candidates].sort((a, b) => rank(a) - rank(b)).slice(0, 1))
    .sort((a, b) => a.path.split("/").length - b.path.split("/").length || (a.path < b.path ? -1 : 1))
}

interface ReadConfig {
  readonly file: string
  readonly directory: string
  readonly data: LegacyConfigData
}

const readConfigs = (configFiles: ReadonlyArray<SourceFile>) => {
  const problems: Array<ToolProblem> = []
  const read = configFiles.flatMap((file): ReadonlyArray<ReadConfig> => {
    const name = fileNameOf(file.path)
    const outcome = readLegacyConfig(name, file.content)
    if (Either.isLeft(outcome)) {
      problems.push(new ToolProblem({ tool: toolName, code: "unreadable_configuration", file: file.path, message: `${file.path} is not read: ${outcome.left}` }))
      return []
    }
    return outcome.right === undefined ? [] : [{ file: file.path, directory: directoryOf(file.path), data: outcome.right }]
  })
  return { read, problems }
}

/** The config sources in ESLint 8's order (parents first), each cut off at the folders below it with `root: true`. */
const sourcesOf = (configs: ReadonlyArray<ReadConfig>): ReadonlyArray<ConfigSource> => {
  const roots = configs.filter((config) => config.data.root === true).map((config) => config.directory)
  return configs.map((config) => ({
    ...config,
    cutOff: roots.filter((root) => root !== config.directory && isUnder(config.directory, `${root}/`))
  }))
}

const PackageIgnore = Schema.Struct({ eslintIgnore: Schema.optional(Schema.Array(Schema.String)) })

const ignoreScopesOf = (files: ReadonlyArray<SourceFile>, configs: ReadonlyArray<ReadConfig>, standard: StandardStyle | undefined) => {
  const content = (path: string) => files.find((file) => file.path === path)?.content
  const eslintignore = content(".eslintignore")
  const packageIgnore = Either.try(() => JSON.parse(content("package.json") ?? "{}") as unknown).pipe(
    Either.flatMap(Schema.decodeUnknownEither(PackageIgnore)),
    Either.map((manifest) => manifest.eslintIgnore ?? []),
    Either.getOrElse(() => [])
  )
  const root: IgnoreScope = {
    directory: "",
    patterns: [
      ...eslint8DefaultIgnores,
      // ESLint 8 reads package.json's `eslintIgnore` only without an `.eslintignore`.
      ...(eslintignore === undefined ? packageIgnore : ignoreFileLines(eslintignore)),
      ...(standard?.ignorePatterns ?? [])
    ]
  }
  return [root, ...configs.map((config): IgnoreScope => ({ directory: config.directory, patterns: patternList(config.data.ignorePatterns) }))]
}

const probeLinter = new Linter({ configType: "flat", cwd: "/" })

/** ESLint checks rule options when it builds a file's config: an empty file is enough to ask. */
const rejection = (config: Array<Linter.Config>): string | undefined =>
  Either.try(() => probeLinter.verify("", config, "/probe.js")).pipe(
    Either.match({ onLeft: (error) => (error instanceof Error ? error.message : String(error)), onRight: () => undefined })
  )

/**
 * Takes out the rule entries ESLint 9 rejects (options written for ESLint 8 or its plugins): one
 * check of the whole config first, each rule on its own only if it fails.
 */
const validated = (head: ReadonlyArray<Linter.Config>, blocks: ReadonlyArray<Linter.Config>) => {
  const rejected: Array<{ readonly ruleId: string; readonly detail: string }> = []
  if (rejection([...head, ...blocks]) === undefined) return { blocks, rejected }
  const kept = blocks.map((block): Linter.Config => {
    if (block.rules === undefined) return block
    const rules = Object.fromEntries(Object.entries(block.rules).filter(([ruleId, entry]) => {
      const detail = rejection([{ plugins: shippedPlugins, rules: { [ruleId]: entry } }])
      if (detail !== undefined) rejected.push({ ruleId, detail: detail.split("\n").slice(0, 3).join(" ").replace(/\s+/g, " ") })
      return detail === undefined
    }))
    return { ...block, rules }
  })
  return { blocks: kept, rejected }
}

/** What every file gets first: ESLint 8's defaults, and the files ESLint 9 lints besides `.js` and `.cjs`. */
const head: ReadonlyArray<Linter.Config> = [
  // ESLint 8 did not report unused disable directives unless asked.
  { plugins: shippedPlugins, linterOptions: { reportUnusedDisableDirectives: "off" } },
  {
    // ESLint 9 writes into the parser options of the config it merges for a file (`globalReturn`
    // off in a module): an object here first makes every later one merge into a copy, so that
    // linting one file never changes this config for the next.
    languageOptions: { ...eslint8LanguageOptions, parserOptions: { ecmaFeatures: {} } },
    rules: eslint8Defaults
  },
  // ESLint 8 lints `.mjs` only when a config says how; ESLint 9 always does, as modules.
  { files: ["**/*.mjs"], languageOptions: { ecmaVersion: "latest", sourceType: "module" } },
  { files: ["**/*.jsx"] }
]

const javaScript = /\.(js|cjs|mjs|jsx)$/

/** Whether any object of the config is for this file, as ESLint 9 decides it (its patterns, its defaults). */
const isConfigured = (config: Array<Linter.Config>) => (path: string): boolean =>
  javaScript.test(path) ||
  !probeLinter.verify("", config, `/${path}`).some((message) => message.ruleId === null && message.message.startsWith("No matching configuration"))

const unreadable = (file: string, problems: ReadonlyArray<ToolProblem>): LegacyConfiguration => ({
  file,
  readable: false,
  config: [],
  ignores: () => false,
  problems
})

const ignoredBy = (ignored: (path: string) => boolean, configured: (path: string) => boolean) => (path: string): boolean =>
  ignored(path) || !configured(path)

/** The repository's ESLint 8 configuration, or undefined when it has none (no config file, no standard). */
export const legacyConfigurationOf = (files: ReadonlyArray<SourceFile>): LegacyConfiguration | undefined => {
  const configFiles = configFilesOf(files)
  const manifest = files.find((file) => file.path === "package.json")
  const rootConfig = configFiles.find((file) => directoryOf(file.path) === "")
  const detected = manifest === undefined ? undefined : standardStyleOf(manifest.content, files.find((file) => file.path === ".gitignore")?.content)
  // With a config of its own at the root, the repository lints with ESLint unless a script runs standard.
  const standard = detected !== undefined && (rootConfig === undefined || detected.runByScript) ? detected : undefined
  const main = rootConfig?.path ?? (standard === undefined ? configFiles[0]?.path : "package.json")
  if (main === undefined) return undefined
  if (standard !== undefined && main === "package.json" && !isShippedStandard(standard.range)) {
    return unreadable(main, [
      new ToolProblem({
        tool: "ESLint9",
        code: "unsupported_configuration",
        file: "package.json",
        message: `package.json asks for ${standard.config} ${standard.range}, whose rules differ from the ${standard.config} ${shippedStandardMajor} Tidemark ships: they are not followed`
      })
    ])
  }
  const { problems: readProblems, read } = readConfigs(configFiles)
  if (rootConfig !== undefined && (codeConfigurationFileNames.has(fileNameOf(rootConfig.path)) || !read.some((config) => config.file === rootConfig.path))) {
    return unreadable(main, readProblems)
  }
  const sources: ReadonlyArray<ConfigSource> = [
    ...(standard === undefined ? [] : [{ file: "package.json", directory: "", data: standard.base, cutOff: [] }]),
    ...sourcesOf(read),
    // standard's own config is its `overrideConfigFile`: above every other.
    ...(standard === undefined ? [] : [{ file: "package.json", directory: "", data: { extends: standard.config }, cutOff: [] }])
  ]
  const flat: ReadonlyArray<FlatBlocks> = sources.map(flatBlocksOf)
  const { blocks, rejected } = validated(head, [...flat.flatMap((part) => part.implied), ...flat.flatMap((part) => part.blocks)])
  const config: Array<Linter.Config> = [...head, ...blocks]
  return {
    file: main,
    readable: true,
    config,
    ignores: ignoredBy(ignoresOf(ignoreScopesOf(files, read, standard)), isConfigured(config)),
    problems: [...readProblems, ...problemsOf(flat, rejected)]
  }
}
