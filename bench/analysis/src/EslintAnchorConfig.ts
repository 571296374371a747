import {
  coreRulesLeftToTypeScript,
  defaultSourceTreeOptions,
  type EnabledRule,
  isLintable,
  javaScriptExtensions,
  ruleOptions,
  RuleOptionsMetadata,
  scriptGlobals,
  skippedDirectories,
  typeScriptExtensions
} from "@tidemark/analysis"
import { Either, Schema } from "effect"
import { builtinRules } from "eslint/use-at-your-own-risk"
import { readdirSync, statSync } from "node:fs"
import { createRequire } from "node:module"
import { join, sep } from "node:path"
import { pathToFileURL } from "node:url"
// The linter's own option mapping and file settings (from @tidemark/analysis): the CLI must
// run each rule with the very options our analysis gives it, not a copy that could drift.

/**
 * The ESLint CLI's flat config for the anchor, generated from the enabled patterns: the config
 * `PatternLinter` builds in process (same rules, options, globals, parsers, the TypeScript files
 * left to typescript-eslint's versions of core rules, type-aware rules left out), plus
 * `complexity` at 0 on every file so that the CLI also does the complexity measure's work. It
 * ignores what our tree reader skips: the directories it never enters and the files over its size
 * limit (in the corpus, two generated TypeScript files of 2 and 3.4 MB, one string each).
 */

const tsPrefix = "@typescript-eslint/"

// The plugin and parser our linter loads (resolved from @tidemark/analysis), so both sides run the same code.
const fromAnalysis = createRequire(new URL("../../../packages/analysis/package.json", import.meta.url))
const pluginPath = fromAnalysis.resolve("@typescript-eslint/eslint-plugin")
const parserPath = fromAnalysis.resolve("@typescript-eslint/parser")

const PluginRules = Schema.Struct({ rules: Schema.Record({ key: Schema.String, value: Schema.Unknown }) })

const pluginRules = (): Readonly<Record<string, unknown>> => Schema.decodeUnknownSync(PluginRules)(fromAnalysis(pluginPath)).rules

export interface LeftOutRule {
  readonly ruleId: string
  readonly reason: string
}

/** Paths relative to the root, with `/`, as ESLint's `ignores` take them. */
const oversizedScripts = (root: string): ReadonlyArray<string> =>
  readdirSync(root, { recursive: true, encoding: "utf8" })
    .map((path) => path.split(sep).join("/"))
    .filter((path) => isLintable(path) && !path.split("/").some((name) => skippedDirectories.has(name)))
    .filter((path) => statSync(join(root, path)).size > defaultSourceTreeOptions.maxFileBytes)
    .sort()

export interface AnchorConfig {
  /** The text of an `eslint.config.mjs`. */
  readonly source: string
  readonly ruleIds: ReadonlyArray<string>
  readonly leftOut: ReadonlyArray<LeftOutRule>
  /** Files and directories the CLI is told to ignore, as our reader skips them. */
  readonly ignores: ReadonlyArray<string>
}

type Entry = readonly [string, ReadonlyArray<unknown>]

const entryOf = (rule: EnabledRule, plugin: Readonly<Record<string, unknown>>): Either.Either<Entry, LeftOutRule> => {
  const name = rule.ruleId.slice(tsPrefix.length)
  const module: unknown = rule.ruleId.startsWith(tsPrefix)
    ? (Object.hasOwn(plugin, name) ? plugin[name] : undefined)
    : builtinRules.get(rule.ruleId)
  const leftOut = (reason: string): LeftOutRule => ({ ruleId: rule.ruleId, reason })
  if (module === undefined) return Either.left(leftOut("unknown rule"))
  return Schema.decodeUnknownEither(RuleOptionsMetadata)(module).pipe(
    Either.mapLeft(() => leftOut("unreadable metadata")),
    Either.flatMap((metadata) =>
      metadata.meta.docs?.requiresTypeChecking === true
        ? Either.left(leftOut("needs type information"))
        : ruleOptions(metadata, rule.parameters).pipe(Either.mapLeft(leftOut))
    ),
    Either.map((options): Entry => [rule.ruleId, ["error", ...options]])
  )
}

const globs = (extensions: ReadonlyArray<string>) => extensions.map((extension) => `**/*${extension}`)

export const anchorConfig = (root: string, rules: ReadonlyArray<EnabledRule>): AnchorConfig => {
  const plugin = pluginRules()
  const entries = rules.map((rule) => entryOf(rule, plugin))
  const run = entries.flatMap((e) => (Either.isRight(e) ? [e.right] : []))
  const complexity: Entry = ["complexity", ["error", 0]]
  const core = run.filter(([id]) => !id.startsWith(tsPrefix))
  const typeScript = [...core.filter(([id]) => !coreRulesLeftToTypeScript.has(id)), ...run.filter(([id]) => id.startsWith(tsPrefix))]
  const json = (value: unknown) => JSON.stringify(value)
  const ignores = [...[...skippedDirectories].map((name) => `**/${name}/`), ...oversizedScripts(root)]
  const source = [
    `import tsPlugin from ${json(pathToFileURL(pluginPath).href)}`,
    `import tsParser from ${json(pathToFileURL(parserPath).href)}`,
    `const globals = ${json(scriptGlobals())}`,
    "export default [",
    `  { ignores: ${json(ignores)} },`,
    `  { plugins: { "@typescript-eslint": tsPlugin }, linterOptions: { reportUnusedDisableDirectives: "off" } },`,
    `  { files: ${json(globs(javaScriptExtensions))}, languageOptions: { globals, parserOptions: { ecmaFeatures: { jsx: true } } },`,
    `    rules: ${json(Object.fromEntries([...core, complexity]))} },`,
    `  { files: ${json(globs(typeScriptExtensions))}, languageOptions: { parser: tsParser },`,
    `    rules: ${json(Object.fromEntries([...typeScript, complexity]))} }`,
    "]",
    ""
  ].join("\n")
  return {
    source,
    ruleIds: run.map(([id]) => id),
    leftOut: entries.flatMap((e) => (Either.isLeft(e) ? [e.left] : [])),
    ignores
  }
}
