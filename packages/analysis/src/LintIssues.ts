import { Effect, Fiber, Option } from "effect"
import { resolve } from "node:path"
import { configurationFileOf, lintWithConfigurationFile } from "./ConfigFileLinter.js"
import { type ConfigLintLimits, defaultConfigLintLimits } from "./ConfigLintSandbox.js"
import { type EnabledRule, eslint9Flavour, type EslintFlavour } from "./EnabledRule.js"
import type { LintError, LintResult } from "./LintResult.js"
import { LintHelper, type LintHelperFailed } from "./LintHelper.js"
import { lintedTurnOf } from "./LintThreadProtocol.js"
import { inTreeOrder, lintTurns, makeTurns } from "./LintTurns.js"
import { type ConfiguredEslint, lintAll, lintWithPatterns, prepareConfiguredLint, preparePatternLint } from "./PatternLinter.js"
import type { SourceFile } from "./SourceTree.js"

export type { EnabledRule } from "./EnabledRule.js"
export { enabledRulesOf, eslint9PatternId, eslint9PatternPrefix } from "./EnabledRule.js"
export * from "./LintResult.js"

export interface LintSettings {
  /**
   * The enabled patterns. With a configuration file they only lend their severity to the issues
   * of the same rule (any other rule's issues are `Warning`).
   */
  readonly rules: ReadonlyArray<EnabledRule>
  /** Use the repository's own ESLint flat config file (eslint.config.{js,mjs,cjs,ts}) at the tree root instead of `rules`. */
  readonly useConfigurationFile: boolean
  /** Time and memory the sandboxed process that runs the configuration file may use. */
  readonly configurationFileLimits?: ConfigLintLimits | undefined
  /** The repository's own configuration read without running its code (eslintrc): used instead of `rules` when there is no flat config to run. */
  readonly configured?: ConfiguredEslint | undefined
  /** Which ESLint tool of the catalogue the issues are reported for: ESLint9 when absent. */
  readonly flavour?: EslintFlavour | undefined
}

/**
 * The ESLint issues of a checked-out tree: its JavaScript and TypeScript files (`files`, as
 * `readSourceTree` read them under `root`), linted with the enabled patterns, or with the
 * repository's own flat config when the settings say so and the tree has one at its root (without
 * one, the patterns apply). Fails only when the repository's config cannot be loaded or run.
 */
export const lintTree = (
  root: string,
  files: ReadonlyArray<SourceFile>,
  settings: LintSettings
): Effect.Effect<LintResult, LintError> => lintWith(resolve(root), files, settings, configurationFileFor(files, settings))

/** The repository's own configuration file, when the settings ask for it and the tree has one. */
const configurationFileFor = (files: ReadonlyArray<SourceFile>, settings: LintSettings) =>
  settings.useConfigurationFile ? configurationFileOf(files) : undefined

const lintWith = (
  absoluteRoot: string,
  files: ReadonlyArray<SourceFile>,
  settings: LintSettings,
  configurationFile: string | undefined
): Effect.Effect<LintResult, LintError> =>
  configurationFile !== undefined
    ? lintWithConfigurationFile(
      absoluteRoot,
      files,
      configurationFile,
      settings.rules,
      settings.configurationFileLimits ?? defaultConfigLintLimits,
      settings.flavour ?? eslint9Flavour
    )
    : settings.configured !== undefined
    ? Effect.flatMap(prepareConfiguredLint(absoluteRoot, files, settings.configured, settings.rules, settings.flavour), lintAll)
    : lintWithPatterns(absoluteRoot, files, settings.rules, settings.flavour)

/**
 * `lintTree`, begun before the tree's measures and finished after them (the Effect it gives): with a
 * configuration file, the sandboxed process lints while this thread measures; with the patterns and
 * a lint thread (LintHelper), that thread lints while this one measures, then both lint what is left
 * turn by turn. Without either, linting waits for the measures, as in `lintTree`.
 */
export const startLintTree = (
  root: string,
  files: ReadonlyArray<SourceFile>,
  settings: LintSettings
): Effect.Effect<Effect.Effect<LintResult, LintError | LintHelperFailed>> =>
  Effect.gen(function*() {
    const helper = yield* Effect.serviceOption(LintHelper)
    const absoluteRoot = resolve(root)
    const configurationFile = configurationFileFor(files, settings)
    if (configurationFile !== undefined) return Fiber.join(yield* Effect.fork(lintWith(absoluteRoot, files, settings, configurationFile)))
    // A configuration read from the tree is linted in this thread alone: the lint thread knows patterns only.
    if (Option.isNone(helper) || settings.configured !== undefined) return lintWith(absoluteRoot, files, settings, undefined)
    const flavour = settings.flavour ?? eslint9Flavour
    const turns = makeTurns()
    const theirs = yield* Effect.fork(helper.value.lintShare(absoluteRoot, files, settings.rules, flavour, turns))
    return Effect.gen(function*() {
      const lint = yield* preparePatternLint(absoluteRoot, files, settings.rules, flavour)
      const mine = yield* lintTurns(lint, turns)
      const linted = inTreeOrder(lint, [...mine, ...(yield* Fiber.join(theirs)).flatMap(lintedTurnOf(lint.lintable))])
      // Each turn is taken once and every taken turn is linted: a gap is a bug, not the tree's.
      if (linted === undefined) return yield* Effect.dieMessage("a file of the tree was linted by neither thread")
      return lint.resultOf(linted)
    })
  })
