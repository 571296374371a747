import type { StylelintSyntax } from "@tidemark/catalogue/StylelintSyntaxes"
import { Effect, Option } from "effect"
import { canonicalJson } from "../CanonicalJson.js"
import { lintedOf, lintedWithCacheOf, type LintOutcome } from "../CachedLint.js"
import { FileWatch } from "../FileWatch.js"
import { LintCache } from "../LintCache.js"
import { type LintedFile, type PatternOf, summaryOf } from "../LintedFile.js"
import { LintResult, type SkippedRule } from "../LintResult.js"
import type { SourceFile } from "../SourceTree.js"
import type { StylelintRunConfig } from "./StylelintConfiguration.js"
import { type RejectedRule, rejectedRules, lintStylesheet, stylelintVersion } from "./StylelintEngine.js"
import { customSyntaxOf, stylesheetSyntaxOf } from "./StylelintFiles.js"
import { stylelintLintKey } from "./StylelintKey.js"

/**
 * Lints stylesheets with Stylelint, file by file, each with the config it is given and the parser
 * of its syntax. Each distinct config is checked once (the rules whose settings Stylelint rejects
 * are left out of it, and said), and each file's messages are cached under the config it was
 * linted with.
 */

export interface StylelintLintInput {
  readonly tool: string
  /** The files to lint: stylesheets, none of them ignored. */
  readonly files: ReadonlyArray<SourceFile>
  readonly configOf: (file: SourceFile, syntax: StylelintSyntax) => StylelintRunConfig
  readonly patternOf: PatternOf
}

export interface StylelintLinted {
  readonly linted: ReadonlyArray<LintedFile>
  /** The rules whose settings Stylelint rejected in some config, once each. */
  readonly rejected: ReadonlyArray<RejectedRule>
  readonly resultOf: (extra: { readonly skippedRules: ReadonlyArray<SkippedRule>; readonly configurationFile?: string | undefined }) => LintResult
}

const withoutRules = (config: StylelintRunConfig, rejected: ReadonlyArray<RejectedRule>): StylelintRunConfig => {
  const left = new Set(rejected.map((entry) => entry.rule))
  return { ...config, rules: Object.fromEntries(Object.entries(config.rules).filter(([rule]) => !left.has(rule))) }
}

export const lintStylesheets = (input: StylelintLintInput): Effect.Effect<StylelintLinted> =>
  Effect.gen(function*() {
    const cache = yield* Effect.serviceOption(LintCache)
    const watch = yield* FileWatch
    const checked = new Map<string, { readonly config: StylelintRunConfig; readonly text: string; readonly rejected: ReadonlyArray<RejectedRule> }>()
    // A config Stylelint cannot even check counts as rejecting nothing: each file's linting then says what fails.
    const checkedConfig = (config: StylelintRunConfig, syntax: StylelintSyntax) =>
      Effect.suspend(() => {
        const key = `${syntax}\0${canonicalJson(config)}`
        const known = checked.get(key)
        if (known !== undefined) return Effect.succeed(known)
        return Effect.tryPromise(() => rejectedRules(config, customSyntaxOf(syntax))).pipe(
          Effect.orElseSucceed((): ReadonlyArray<RejectedRule> => []),
          Effect.map((rejected) => {
            const valid = withoutRules(config, rejected)
            const entry = { config: valid, text: canonicalJson(valid), rejected }
            checked.set(key, entry)
            return entry
          })
        )
      })
    const lintFile = (file: SourceFile): Effect.Effect<LintedFile> =>
      Effect.gen(function*() {
        const syntax = stylesheetSyntaxOf(file.path) ?? "CSS"
        const { config, text } = yield* checkedConfig(input.configOf(file, syntax), syntax)
        const lint: Effect.Effect<LintOutcome> = Effect.either(Effect.tryPromise({
          try: () => watch.duringAsync(input.tool, file.path, () => lintStylesheet(file.content, config, customSyntaxOf(syntax))),
          catch: (error) => error
        }))
        return yield* Option.match(cache, {
          onNone: () => Effect.map(lint, (outcome) => lintedOf(file, outcome)),
          onSome: (store) => lintedWithCacheOf(store, stylelintLintKey(stylelintVersion, text, syntax, file.path, file.content), file, lint)
        })
      })
    // One file after the other: Stylelint's work is the thread's, so files at once would only interleave.
    const linted = yield* Effect.forEach(input.files, lintFile)
    const rejected = [...new Map([...checked.values()].flatMap((entry) => entry.rejected.map((rule) => [`${rule.rule}\0${rule.reason}`, rule] as const))).values()]
    return {
      linted,
      rejected,
      resultOf: ({ configurationFile, skippedRules }) =>
        new LintResult({ ...summaryOf(linted, input.patternOf), skippedRules, ...(configurationFile === undefined ? {} : { configurationFile }) })
    }
  })
