import { Either } from "effect"
import type { Linter } from "eslint"
import { typeScriptExtensions } from "../ScriptFiles.js"
import { type LegacyBody, type LegacyConfigData, type LegacyOverride, patternList } from "./LegacyConfigData.js"
import { languageOptionsOf } from "./LegacyLanguageOptions.js"
import { shippedPluginScope } from "../ShippedPlugins.js"
import { type LeftOutRule, translateRule } from "./LegacyRules.js"
import { loadExtended, type Origin } from "./ShareableConfigs.js"

/**
 * One ESLint 8 config file as flat config objects, in ESLint 8's order: each `extends` (depth
 * first), the file's own settings, then its `overrides` (each with its own `extends`), later
 * objects winning, as later elements of ESLint 8's config array do. Every object is limited to
 * the files under the config's folder, less the folders whose own config says `root: true`; an
 * override to the files its patterns match there (ESLint 8's: a pattern without `/` matches a name
 * at any depth, nested overrides must all match, `excludedFiles` are left out).
 */

/** A config file and where it applies. */
export interface ConfigSource {
  /** Relative to the tree's root. */
  readonly file: string
  /** The folder it applies to, "" for the root. */
  readonly directory: string
  readonly data: LegacyConfigData
  /** Folders below whose configs say `root: true`: this config does not reach them. */
  readonly cutOff: ReadonlyArray<string>
}

/** Something of a config Tidemark cannot follow, named for a problem. */
export interface Unsupported {
  readonly file: string
  readonly message: string
}

export interface FlatBlocks {
  /** Placed before every config's `blocks`: the parser options environments imply (LegacyLanguageOptions). */
  readonly implied: ReadonlyArray<Linter.Config>
  readonly blocks: ReadonlyArray<Linter.Config>
  readonly leftOut: ReadonlyArray<LeftOutRule & { readonly file: string }>
  readonly declaredPlugins: ReadonlyArray<{ readonly plugin: string; readonly file: string }>
  readonly unsupported: ReadonlyArray<Unsupported>
}

/** Where an element applies: the folder, and each level of overrides (a file must match all). */
interface Criteria {
  readonly levels: ReadonlyArray<ReadonlyArray<string>>
  readonly excluded: ReadonlyArray<string>
}

const prefixed = (directory: string, pattern: string) => (directory === "" ? pattern : `${directory}/${pattern}`)

// ESLint 8's OverrideTester: relative to the config's folder; without `/` it matches the base name.
const globOf = (directory: string, pattern: string): string => {
  const relative = pattern.startsWith("./") ? pattern.slice(2) : pattern
  return prefixed(directory, relative.includes("/") ? relative : `**/${relative}`)
}

const combinations = (levels: ReadonlyArray<ReadonlyArray<string>>): ReadonlyArray<ReadonlyArray<string>> =>
  levels.reduce<ReadonlyArray<ReadonlyArray<string>>>(
    (combined, level) => combined.flatMap((prefix) => level.map((pattern) => [...prefix, pattern])),
    [[]]
  )

const scopeOf = (source: ConfigSource, criteria: Criteria): Pick<Linter.Config, "files" | "ignores"> => {
  const directory = source.directory === "" ? [] : [[`${source.directory}/**`]]
  const levels = [...directory, ...criteria.levels]
  const ignores = [...source.cutOff.map((folder) => `${folder}/**`), ...criteria.excluded]
  return {
    ...(levels.length === 0 ? {} : { files: combinations(levels).map((all) => (all.length === 1 ? (all[0] ?? "") : [...all])) }),
    ...(ignores.length === 0 ? {} : { ignores })
  }
}

const maxDepth = 16

export const flatBlocksOf = (source: ConfigSource): FlatBlocks => {
  const implied: Array<Linter.Config> = []
  const blocks: Array<Linter.Config> = []
  const leftOut: Array<LeftOutRule & { readonly file: string }> = []
  const declaredPlugins: Array<{ readonly plugin: string; readonly file: string }> = []
  const unsupported: Array<Unsupported> = []
  const problem = (message: string) => unsupported.push({ file: source.file, message })

  const element = (body: LegacyBody, criteria: Criteria, isOverride: boolean) => {
    const rules: Linter.RulesRecord = {}
    for (const [ruleId, entry] of Object.entries(body.rules ?? {})) {
      const translated = translateRule(ruleId, entry)
      if (translated === undefined) continue
      if (Either.isRight(translated)) rules[ruleId] = translated.right
      else leftOut.push({ ...translated.left, file: source.file })
    }
    for (const plugin of body.plugins ?? []) {
      if (shippedPluginScope(plugin) === undefined) declaredPlugins.push({ plugin, file: source.file })
    }
    const language = languageOptionsOf(body)
    for (const name of language.unknownEnvironments) problem(`the environment "${name}" is unknown to Tidemark: its globals are not declared`)
    if (language.unsupportedParser !== undefined) {
      problem(`the parser "${language.unsupportedParser}" is not shipped with Tidemark: its files are read with ESLint's own parser (latest syntax, modules, JSX)`)
    }
    const scope = scopeOf(source, criteria)
    if (language.implied !== undefined) implied.push({ ...scope, languageOptions: language.implied })
    const usesTypeScript = language.stated?.parser !== undefined
    const block: Linter.Config = {
      ...scope,
      ...(language.stated === undefined ? {} : { languageOptions: language.stated }),
      ...(Object.keys(rules).length === 0 ? {} : { rules }),
      ...(body.noInlineConfig === undefined ? {} : { linterOptions: { noInlineConfig: body.noInlineConfig } })
    }
    if (Object.keys(block).some((key) => key !== "files" && key !== "ignores")) blocks.push(block)
    // ESLint 8 users of typescript-eslint's parser lint their TypeScript files (`--ext .ts`);
    // an override's own patterns already make its files linted.
    if (usesTypeScript && !isOverride) blocks.push({ files: typeScriptExtensions.map((extension) => prefixed(source.directory, `**/*${extension}`)) })
  }

  const expand = (body: LegacyBody & { readonly overrides?: ReadonlyArray<LegacyOverride> | undefined }, from: Origin | undefined, criteria: Criteria, isOverride: boolean, depth: number) => {
    for (const name of patternList(body.extends)) {
      const loaded = depth >= maxDepth ? Either.left("extends nest too deep") : loadExtended(name, from)
      if (Either.isLeft(loaded)) problem(`extends "${name}" is not followed: ${loaded.left}; the rest of the config applies`)
      else expand(loaded.right.data, loaded.right.from, criteria, isOverride, depth + 1)
    }
    element(body, criteria, isOverride)
    for (const override of body.overrides ?? []) {
      const levelCriteria: Criteria = {
        levels: [...criteria.levels, patternList(override.files).map((pattern) => globOf(source.directory, pattern))],
        excluded: [...criteria.excluded, ...patternList(override.excludedFiles).map((pattern) => globOf(source.directory, pattern))]
      }
      expand(override, from, levelCriteria, true, depth + 1)
    }
  }

  expand(source.data, undefined, { levels: [], excluded: [] }, false, 0)
  return { implied, blocks, leftOut, declaredPlugins, unsupported }
}
