import type { ToolDefinitions } from "@tidemark/core"
import { Effect, Either, Option } from "effect"
import type { LintError } from "markdownlint"
import { createRequire } from "node:module"
import { canonicalJson } from "../CanonicalJson.js"
import { lintedOf, lintedWithCache } from "../CachedLint.js"
import type { EnabledRule } from "../EnabledRule.js"
import { FileWatch } from "../FileWatch.js"
import { LintCache } from "../LintCache.js"
import { type LintedFile, type MessageFields, type PatternOf, summaryOf } from "../LintedFile.js"
import { type IssueSeverity, LintResult } from "../LintResult.js"
import type { SourceFile } from "../SourceTree.js"
import type { MarkdownlintConfiguration } from "./MarkdownlintConfigFile.js"
import { markdownlintLintKey } from "./MarkdownlintKey.js"

/**
 * Lints a tree's Markdown files with markdownlint in process, file by file, with one
 * configuration: the enabled patterns' or the repository's own. Front matter and the inline
 * `<!-- markdownlint-disable -->` comments are markdownlint's own to honour.
 */

interface Markdownlint {
  readonly getVersion: typeof import("markdownlint").getVersion
  readonly lint: typeof import("markdownlint/sync").lint
}

// Loaded at the first Markdown file: a quarter of a second of every analysis thread's start.
let loaded: Markdownlint | undefined
const markdownlint = (): Markdownlint => {
  if (loaded === undefined) {
    const require = createRequire(import.meta.url)
    const { getVersion } = require("markdownlint") as typeof import("markdownlint")
    const { lint } = require("markdownlint/sync") as typeof import("markdownlint/sync")
    loaded = { getVersion, lint }
  }
  return loaded
}

export const markdownlintVersion = (): string => markdownlint().getVersion()

/** A finding as markdownlint's command line writes it: the rule's description, then its detail and context. */
export const messageOf = (error: LintError): string =>
  [
    error.ruleDescription,
    ...(error.errorDetail === null || error.errorDetail === "" ? [] : [`[${error.errorDetail}]`]),
    ...(error.errorContext === null || error.errorContext === "" ? [] : [`[Context: "${error.errorContext}"]`])
  ].join(" ")

/** One text's findings, by line, each under its rule's code (`MD051`, not its alias). */
export const lintText = (configuration: MarkdownlintConfiguration, path: string, content: string): ReadonlyArray<MessageFields> =>
  (markdownlint().lint({ strings: { [path]: content }, config: configuration })[path] ?? [])
    .map((error) => ({ ruleId: error.ruleNames[0] ?? null, line: error.lineNumber, message: messageOf(error) }))
    .sort((a, b) => a.line - b.line)

export interface MarkdownlintLintInput {
  readonly definition: ToolDefinitions.ToolDefinition
  /** The files to lint, in the tree's order. */
  readonly files: ReadonlyArray<SourceFile>
  readonly configuration: MarkdownlintConfiguration
  /** The enabled patterns: their severities are the issues'. */
  readonly rules: ReadonlyArray<EnabledRule>
  /** The repository's configuration file, when it decided the rules. */
  readonly configurationFile: string | undefined
}

const patternOf = (input: MarkdownlintLintInput): PatternOf => {
  const byCode = new Map(input.rules.map((rule) => [rule.ruleId, rule]))
  // With the repository's configuration, a rule no enabled pattern covers is a Warning, as with
  // every tool's own configuration (PatternLinter, Ruff).
  return (code) => ({
    patternId: `${input.definition.patternPrefix}${code}`,
    severity: byCode.get(code)?.severity ?? ("Warning" satisfies IssueSeverity)
  })
}

/** Each file linted through the per-file cache when the context has one, and the tree's result. */
export const lintMarkdown = (input: MarkdownlintLintInput): Effect.Effect<LintResult> =>
  Effect.gen(function*() {
    const tool = input.definition.name
    const version = markdownlintVersion()
    const configuration = canonicalJson(input.configuration)
    const cache = yield* Effect.serviceOption(LintCache)
    const watch = yield* FileWatch
    const lintOne = (file: SourceFile) =>
      Either.try(() => watch.during(tool, file.path, () => lintText(input.configuration, file.path, file.content)))
    const lintFile = (file: SourceFile): Effect.Effect<LintedFile> =>
      Option.match(cache, {
        onNone: () => Effect.sync(() => lintedOf(file, lintOne(file))),
        onSome: (store) => lintedWithCache(store, markdownlintLintKey(version, configuration, file.path, file.content), file, () => lintOne(file))
      })
    // One Effect per file lets the fiber yield between files.
    const linted = yield* Effect.forEach(input.files, lintFile)
    return new LintResult({
      ...summaryOf(linted, patternOf(input)),
      skippedRules: [],
      ...(input.configurationFile === undefined ? {} : { configurationFile: input.configurationFile })
    })
  })
