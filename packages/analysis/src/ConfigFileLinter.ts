import { Duration, Effect } from "effect"
import { ESLint } from "eslint"
import { join } from "node:path"
import { type EnabledRule, eslint9PatternId } from "./EnabledRule.js"
import { lintedFileOf, reasonOf, summaryOf } from "./LintedFile.js"
import { LintError, LintResult } from "./LintResult.js"
import { isLintable } from "./ScriptFiles.js"
import type { SourceFile } from "./SourceTree.js"

/**
 * Lints a tree with the repository's own ESLint flat config, through the `ESLint` class, which
 * loads the config (and the plugins it imports) the way the ESLint CLI would.
 *
 * Loading a config runs the repository's code in this process: it is only done when the
 * repository asked for it (`useConfigurationFile`).
 */

/** ESLint 9's flat config names, in the order ESLint looks for them. */
export const configurationFileNames: ReadonlyArray<string> = [
  "eslint.config.js",
  "eslint.config.mjs",
  "eslint.config.cjs",
  "eslint.config.ts",
  "eslint.config.mts",
  "eslint.config.cts"
]

/** The flat config at the root of the tree, if its files hold one. */
export const configurationFileOf = (files: ReadonlyArray<SourceFile>): string | undefined =>
  configurationFileNames.find((name) => files.some((file) => file.path === name))

/**
 * A config's top-level code may wait forever (a network call, an `await` on nothing); the
 * analysis gives up on it rather than keep the worker.
 */
export const configurationLoadTimeout = Duration.seconds(60)

export const lintWithConfigurationFile = (
  root: string,
  files: ReadonlyArray<SourceFile>,
  configurationFile: string,
  rules: ReadonlyArray<EnabledRule>
): Effect.Effect<LintResult, LintError> =>
  Effect.gen(function*() {
    const failure = (error: unknown) => new LintError({ configurationFile, reason: reasonOf(error) })
    const eslint = yield* Effect.try({
      // `warnIgnored: false`: a file the config ignores, or gives no config, is left out silently,
      // as the ESLint CLI leaves it out of a directory's run.
      try: () => new ESLint({ cwd: root, overrideConfigFile: join(root, configurationFile), warnIgnored: false }),
      catch: failure
    })
    // The config is loaded on first use: asking for the config file's own config loads it, so that
    // a config that cannot load is told apart from a file that cannot be linted.
    yield* Effect.tryPromise({ try: () => eslint.calculateConfigForFile(join(root, configurationFile)), catch: failure }).pipe(
      Effect.timeoutFail({
        duration: configurationLoadTimeout,
        onTimeout: () => failure(`loading did not finish within ${Duration.format(configurationLoadTimeout)}`)
      })
    )
    const severities = new Map(rules.map((rule) => [rule.ruleId, rule.severity]))
    const linted = yield* Effect.forEach(files.filter((file) => isLintable(file.path)), (file) =>
      Effect.tryPromise({
        try: () => eslint.lintText(file.content, { filePath: join(root, file.path) }),
        // The repository's rules and plugins run here: a failure is the repository's, and the
        // ESLint CLI would stop on it too.
        catch: (error) => failure(`${file.path}: ${reasonOf(error)}`)
      }).pipe(Effect.map((results) => lintedFileOf(file, results.flatMap((result) => result.messages)))))
    return new LintResult({
      ...summaryOf(linted, (ruleId) => ({
        patternId: eslint9PatternId(ruleId),
        // The config's own levels (warn, error) are not severities: a rule of no enabled pattern
        // is a Warning, the catalogue's most common level.
        severity: severities.get(ruleId) ?? "Warning"
      })),
      skippedRules: [],
      configurationFile
    })
  })
