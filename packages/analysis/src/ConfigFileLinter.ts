import { Effect } from "effect"
import { type ConfigLintLimits, lintInSandbox } from "./ConfigLintSandbox.js"
import { type EnabledRule, eslint9Flavour, type EslintFlavour, patternIdIn } from "./EnabledRule.js"
import { lintedFileOf, summaryOf } from "./LintedFile.js"
import { LintError, LintResult } from "./LintResult.js"
import { isLintable } from "./ScriptFiles.js"
import type { SourceFile } from "./SourceTree.js"

/**
 * Lints a tree with the repository's own ESLint flat config, through the `ESLint` class, which
 * loads the config (and the plugins it imports) the way the ESLint CLI would.
 *
 * Loading a config runs the repository's code: it happens only in the sandboxed process of
 * ConfigLintSandbox, and only when the repository asked for it (`useConfigurationFile`) and its
 * organization allows it.
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

export const lintWithConfigurationFile = (
  root: string,
  files: ReadonlyArray<SourceFile>,
  configurationFile: string,
  rules: ReadonlyArray<EnabledRule>,
  limits: ConfigLintLimits,
  flavour: EslintFlavour = eslint9Flavour
): Effect.Effect<LintResult, LintError> =>
  Effect.gen(function*() {
    const lintable = files.filter((file) => isLintable(file.path))
    const reply = yield* lintInSandbox(
      { root, configurationFile, files: lintable.map((file) => ({ path: file.path, content: file.content })) },
      limits
    ).pipe(Effect.mapError((reason) => new LintError({ configurationFile, reason })))
    if (reply._tag === "Failed") return yield* new LintError({ configurationFile, reason: reply.reason })
    const messages = new Map(reply.files.map((file) => [file.path, file.messages]))
    const severities = new Map(rules.map((rule) => [rule.ruleId, rule.severity]))
    const linted = lintable.map((file) => lintedFileOf(file, messages.get(file.path) ?? []))
    return new LintResult({
      ...summaryOf(linted, (ruleId) => ({
        patternId: patternIdIn(flavour, ruleId),
        // The config's own levels (warn, error) are not severities: a rule of no enabled pattern
        // is a Warning, the catalogue's most common level.
        severity: severities.get(ruleId) ?? "Warning"
      })),
      skippedRules: [],
      configurationFile
    })
  })
