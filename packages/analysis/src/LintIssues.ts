import type { Effect } from "effect"
import { resolve } from "node:path"
import { configurationFileOf, lintWithConfigurationFile } from "./ConfigFileLinter.js"
import { type ConfigLintLimits, defaultConfigLintLimits } from "./ConfigLintSandbox.js"
import type { EnabledRule } from "./EnabledRule.js"
import type { LintError, LintResult } from "./LintResult.js"
import { lintWithPatterns } from "./PatternLinter.js"
import type { SourceFile } from "./SourceTree.js"

export type { EnabledRule } from "./EnabledRule.js"
export { eslint9PatternId, eslint9PatternPrefix } from "./EnabledRule.js"
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
): Effect.Effect<LintResult, LintError> => {
  const absoluteRoot = resolve(root)
  const configurationFile = settings.useConfigurationFile ? configurationFileOf(files) : undefined
  return configurationFile === undefined
    ? lintWithPatterns(absoluteRoot, files, settings.rules)
    : lintWithConfigurationFile(
      absoluteRoot,
      files,
      configurationFile,
      settings.rules,
      settings.configurationFileLimits ?? defaultConfigLintLimits
    )
}
