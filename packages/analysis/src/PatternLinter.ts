import tsParser from "@typescript-eslint/parser"
import { Effect, Either, Option, Schema } from "effect"
import { Linter } from "eslint"
import { declaredGlobals } from "./DeclaredGlobals.js"
import type { PageGlobals } from "./PageGlobals.js"
import { eslintFixOf } from "./EslintFix.js"
import { type EnabledRule, eslint9Flavour, type EslintFlavour, patternIdIn } from "./EnabledRule.js"
import { lintedOf, lintedWithCache } from "./CachedLint.js"
import { LintCache } from "./LintCache.js"
import { FileWatch } from "./FileWatch.js"
import { type LintedFile, type MessageFields, type PatternOf, reasonOf, summaryOf } from "./LintedFile.js"
import { lintConfigDigest, lintKey } from "./LintKey.js"
import { LintResult, SkippedRule } from "./LintResult.js"
import { ruleOptions, RuleOptionsMetadata } from "./RuleOptions.js"
import { isLintable, isLintedByDefault, javaScriptExtensions, looksMinified, typeScriptExtensions } from "./ScriptFiles.js"
import { scriptGlobals } from "./ScriptGlobals.js"
import { shippedPlugins, shippedRule, typeScriptScope } from "./ShippedPlugins.js"
import type { SourceFile } from "./SourceTree.js"
import { coreRulesLeftToTypeScript } from "./TypeScriptCoreRules.js"
import { typeTestBlock } from "./TypeTests.js"

/**
 * Lints a tree with exactly the enabled patterns, in process, with ESLint 9's `Linter` and the
 * rule sources of the catalogue: ESLint's core rules, typescript-eslint's and eslint-plugin-security. Every rule
 * runs at "error": the issue's severity is the pattern's, not ESLint's.
 */

const tsPrefix = `${typeScriptScope}/`

const ruleModuleOf = (ruleId: string): unknown => {
  const found = shippedRule(ruleId)
  return found._tag === "Found" ? found.module : undefined
}

/** A rule ready to run: its entry in the `rules` of a flat config. */
interface PreparedRule {
  readonly rule: EnabledRule
  readonly entry: Linter.RuleEntry
}

const skipped = (rule: EnabledRule, reason: SkippedRule["reason"], detail: string) =>
  new SkippedRule({ patternId: rule.patternId, ruleId: rule.ruleId, reason, detail })

const prepare = (rule: EnabledRule): Either.Either<PreparedRule, SkippedRule> => {
  const module = ruleModuleOf(rule.ruleId)
  if (module === undefined) return Either.left(skipped(rule, "UnknownRule", "neither ESLint 9 nor a plugin Tidemark ships has this rule"))
  return Schema.decodeUnknownEither(RuleOptionsMetadata)(module).pipe(
    Either.mapLeft(() => skipped(rule, "InvalidOptions", "the rule's metadata could not be read")),
    Either.flatMap((metadata) =>
      // Type information needs the project's tsconfig and a TypeScript program over the whole
      // tree: far slower than linting file by file, so those rules are reported instead of run.
      metadata.meta.docs?.requiresTypeChecking === true
        ? Either.left(skipped(rule, "RequiresTypeInformation", "the rule needs TypeScript's type information"))
        : ruleOptions(metadata, rule.parameters).pipe(Either.mapLeft((detail) => skipped(rule, "InvalidOptions", detail)))
    ),
    Either.map((options): PreparedRule => ({ rule, entry: ["error", ...options] }))
  )
}

const globsOf = (extensions: ReadonlyArray<string>) => extensions.map((extension) => `**/*${extension}`)

const rulesRecord = (rules: ReadonlyArray<PreparedRule>): Linter.RulesRecord =>
  Object.fromEntries(rules.map(({ entry, rule }) => [rule.ruleId, entry]))

const configOf = (rules: ReadonlyArray<PreparedRule>): Array<Linter.Config> => {
  // Core rules and the security plugin's, which the catalogue gives both languages.
  const core = rules.filter(({ rule }) => !rule.ruleId.startsWith(tsPrefix))
  const coreForTypeScript = core.filter(({ rule }) => !coreRulesLeftToTypeScript.has(rule.ruleId))
  // The catalogue gives typescript-eslint's rules the TypeScript language only.
  const typescript = rules.filter(({ rule }) => rule.ruleId.startsWith(tsPrefix))
  return [
    {
      plugins: shippedPlugins,
      // An unused `eslint-disable` comment is not an issue of any enabled pattern.
      linterOptions: { reportUnusedDisableDirectives: "off" }
    },
    {
      files: globsOf(javaScriptExtensions),
      // JSX is parsed in every JavaScript file: React code commonly keeps it in `.js`.
      languageOptions: { globals: scriptGlobals(), parserOptions: { ecmaFeatures: { jsx: true } } },
      rules: rulesRecord(core)
    },
    {
      files: globsOf(typeScriptExtensions),
      languageOptions: { parser: tsParser },
      rules: rulesRecord([...coreForTypeScript, ...typescript])
    },
    ...typeTestBlock(new Set(rules.map(({ rule }) => rule.ruleId)))
  ]
}

const probeFiles = ["probe.js", "probe.ts"]

/** ESLint validates rule options when it builds a file's config: an empty file is enough to ask. */
const accepts = (linter: Linter, root: string, config: Array<Linter.Config>): Either.Either<void, string> =>
  Either.try({
    try: () => {
      for (const file of probeFiles) linter.verify("", config, `${root}/${file}`)
    },
    catch: reasonOf
  })

/**
 * Splits the rules into those ESLint accepts and those whose options it rejects. One check of the
 * whole config first: rules are asked one by one only when it fails.
 */
const validated = (linter: Linter, root: string, rules: ReadonlyArray<PreparedRule>) => {
  if (Either.isRight(accepts(linter, root, configOf(rules)))) return { accepted: rules, rejected: [] }
  const checked = rules.map((prepared) => ({ prepared, verdict: accepts(linter, root, configOf([prepared])) }))
  return {
    accepted: checked.flatMap(({ prepared, verdict }) => (Either.isRight(verdict) ? [prepared] : [])),
    rejected: checked.flatMap(({ prepared, verdict }) =>
      Either.isLeft(verdict) ? [skipped(prepared.rule, "InvalidOptions", verdict.left)] : []
    )
  }
}

/** A tree's pattern linter, made once: it lints the tree's files one by one, and sums up their results. */
export interface PatternLint {
  /** The files it lints, in the tree's order: those of an ESLint language. */
  readonly lintable: ReadonlyArray<SourceFile>
  readonly lintFile: (file: SourceFile) => Effect.Effect<LintedFile>
  /** The result of the tree from its files' (in `lintable`'s order). */
  readonly resultOf: (linted: ReadonlyArray<LintedFile>) => LintResult
}

/** How each file of a tree is linted: ESLint's config for it, and what its messages count as. */
interface LintPlan {
  readonly flavour: EslintFlavour
  readonly lintable: ReadonlyArray<SourceFile>
  readonly configFor: (file: SourceFile) => { readonly config: Array<Linter.Config>; readonly digest: string }
  readonly patternOf: PatternOf
  readonly skippedRules: ReadonlyArray<SkippedRule>
  /** Whether a message of the run on the file is an issue (the default patterns leave some out: `isDefaultIssue`). */
  readonly keeps: (message: Linter.LintMessage, lineText: (line: number) => string, file: SourceFile) => boolean
}

/**
 * Messages the enabled patterns' rules give that are not issues here: each reports code written
 * that way on purpose, whose "fix" changes nothing (docs/real-repositories.md). A repository's own
 * configuration reports them all.
 * - `getter-return` on a getter that falls off the end on some paths: that is how a JavaScript
 *   getter says "not set" (koa's `lastModified` without a header), and `standard` leaves the rule
 *   out for it. A getter that never returns (always `undefined`: a forgotten `return`) is reported.
 * - `no-unexpected-multiline` on a line that starts with a computed method call, `[method]('/')`:
 *   an array literal cannot be called, so the line can only continue the one above (express's
 *   tests chain `request(app)` with it). `[1, 2].forEach(...)` after a line without `;` is reported.
 */
const isDefaultIssue = (message: Linter.LintMessage, lineText: (line: number) => string): boolean => {
  if (message.ruleId === "getter-return") return message.messageId !== "expectedAlways"
  if (message.ruleId === "no-unexpected-multiline" && message.messageId === "property") {
    return !/^\s*\[\s*[A-Za-z_$][\w$]*\s*\]\s*\(/.test(lineText(message.line))
  }
  return true
}

// "'BaseChart' is defined but never used.", "'updateStatsSummary' is assigned a value but never used."
const unusedName = (message: Linter.LintMessage): string | undefined =>
  message.ruleId === "no-unused-vars" ? /^'([^']+)' is (?:defined|assigned a value) but never used/.exec(message.message)?.[1] : undefined

/**
 * `no-unused-vars` on a name a classic script declares for the page's other scripts, which use it
 * (PageGlobals.ts): used, from another file. The name is among the file's globals, so its config's
 * digest, and the file's cache key, change when the other scripts stop using it.
 */
const isSharedWithPage = (page: PageGlobals, message: Linter.LintMessage, file: SourceFile): boolean => {
  const name = unusedName(message)
  return name !== undefined && page.scripts.has(file.path) && page.shared.has(name)
}

const keptOf = (plan: LintPlan, file: SourceFile, messages: ReadonlyArray<Linter.LintMessage>): ReadonlyArray<MessageFields> => {
  let lines: ReadonlyArray<string> | undefined
  const lineText = (line: number) => (lines ??= file.content.split("\n"))[line - 1] ?? ""
  return messages.filter((message) => plan.keeps(message, lineText, file)).map((message) => {
    const fix = eslintFixOf(message.fix)
    const { ruleId, line, fatal } = message
    return { ruleId, line, message: message.message, ...(fatal === true ? { fatal } : {}), ...(fix === undefined ? {} : { fix }) }
  })
}

const lintOf = (root: string, linter: Linter, plan: LintPlan): Effect.Effect<PatternLint> =>
  Effect.gen(function*() {
    const cache = yield* Effect.serviceOption(LintCache)
    const watch = yield* FileWatch
    const lint = (file: SourceFile): Either.Either<ReadonlyArray<MessageFields>, unknown> =>
      Either.try(() =>
        watch.during(plan.flavour.toolName, file.path, () =>
          keptOf(plan, file, linter.verify(file.content, plan.configFor(file).config, { filename: `${root}/${file.path}` })))
      )
    return {
      lintable: plan.lintable,
      lintFile: (file) =>
        Option.match(cache, {
          onNone: () => Effect.sync(() => lintedOf(file, lint(file))),
          onSome: (store) => lintedWithCache(store, lintKey(plan.configFor(file).digest, file.path, file.content), file, () => lint(file))
        }),
      resultOf: (linted) => new LintResult({ ...summaryOf(linted, plan.patternOf), skippedRules: plan.skippedRules })
    }
  })

/**
 * The rules are prepared and checked, and the `Linter` and its config made, once per tree; a file
 * also gets the globals the repository declares for it (DeclaredGlobals.ts). Each thread that lints
 * a share of the tree makes its own.
 */
export const preparePatternLint = (
  root: string,
  files: ReadonlyArray<SourceFile>,
  rules: ReadonlyArray<EnabledRule>,
  flavour: EslintFlavour = eslint9Flavour
): Effect.Effect<PatternLint> =>
  Effect.gen(function*() {
    const prepared = rules.map(prepare)
    const linter = new Linter({ configType: "flat", cwd: root })
    const { accepted, rejected } = validated(linter, root, prepared.flatMap((p) => (Either.isRight(p) ? [p.right] : [])))
    const config = configOf(accepted)
    const declared = declaredGlobals(files)
    yield* Effect.forEach(declared.unreadable, (error) => Effect.logWarning(error.message), { discard: true })
    // One config (and its digest) per combination of declared globals: most trees have two or three.
    const configs = new Map<string, { readonly config: Array<Linter.Config>; readonly digest: string }>()
    const configFor = (file: SourceFile) => {
      const { globals, key } = declared.of(file)
      const known = configs.get(key)
      if (known !== undefined) return known
      // Last, so that its names (and its `off`s) override the base globals of every file.
      const made = key === "" ? config : [...config, { languageOptions: { globals } }]
      const entry = { config: made, digest: lintConfigDigest(made) }
      configs.set(key, entry)
      return entry
    }
    // Only the enabled patterns count: an inline `/* eslint rule: ... */` comment may turn on others.
    const byRuleId = new Map(accepted.map(({ rule }) => [rule.ruleId, rule]))
    return yield* lintOf(root, linter, {
      flavour,
      lintable: files.filter((file) => isLintedByDefault(file.path) && !looksMinified(file.content)),
      configFor,
      patternOf: (ruleId) => byRuleId.get(ruleId),
      skippedRules: [...prepared.flatMap((p) => (Either.isLeft(p) ? [p.left] : [])), ...rejected],
      keeps: (message, lineText, file) => isDefaultIssue(message, lineText) && !isSharedWithPage(declared.page, message, file)
    })
  })

/** The repository's own ESLint configuration, translated into a flat config without running its code. */
export interface ConfiguredEslint {
  /** Flat config blocks, applied after the parser and plugin of every TypeScript file. */
  readonly config: ReadonlyArray<Linter.Config>
  /** Paths (relative to the root) the configuration's ignore patterns leave out. */
  readonly ignores: (path: string) => boolean
}

/**
 * A tree linted with the repository's own configuration: its rules, levels and options decide what
 * is reported. An issue of an enabled pattern has that pattern's severity; any other is a Warning
 * (the repository's `warn` and `error` are its CI's levels, not severities).
 */
export const prepareConfiguredLint = (
  root: string,
  files: ReadonlyArray<SourceFile>,
  configured: ConfiguredEslint,
  rules: ReadonlyArray<EnabledRule>,
  flavour: EslintFlavour = eslint9Flavour
): Effect.Effect<PatternLint> => {
  const config: Array<Linter.Config> = [
    { plugins: shippedPlugins, linterOptions: { reportUnusedDisableDirectives: "off" } },
    { files: globsOf(typeScriptExtensions), languageOptions: { parser: tsParser } },
    ...configured.config
  ]
  const entry = { config, digest: lintConfigDigest(config) }
  const severities = new Map(rules.map((rule) => [rule.ruleId, rule.severity]))
  return lintOf(root, new Linter({ configType: "flat", cwd: root }), {
    flavour,
    lintable: files.filter((file) => isLintable(file.path) && !configured.ignores(file.path)),
    configFor: () => entry,
    patternOf: (ruleId) => ({ patternId: patternIdIn(flavour, ruleId), severity: severities.get(ruleId) ?? "Warning" }),
    skippedRules: [],
    keeps: () => true
  })
}

/** Lints a tree with the enabled patterns, file after file. */
export const lintWithPatterns = (
  root: string,
  files: ReadonlyArray<SourceFile>,
  rules: ReadonlyArray<EnabledRule>,
  flavour: EslintFlavour = eslint9Flavour
): Effect.Effect<LintResult> => Effect.flatMap(preparePatternLint(root, files, rules, flavour), lintAll)

/** Lints every lintable file of a prepared tree, file after file. */
// One Effect per file lets the fiber yield between files: a large tree does not hold the event
// loop for the whole run.
export const lintAll = (lint: PatternLint): Effect.Effect<LintResult> =>
  Effect.map(Effect.forEach(lint.lintable, lint.lintFile), lint.resultOf)
