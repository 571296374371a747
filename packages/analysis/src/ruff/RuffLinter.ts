import { ruffSafeFixCodes } from "@tidemark/catalogue/ToolHeads"
import type { ToolDefinitions } from "@tidemark/core"
import { lintedOf, lintedWithCache } from "../CachedLint.js"
import { Effect, Either, Option } from "effect"
import type { EnabledRule } from "../EnabledRule.js"
import { FileWatch } from "../FileWatch.js"
import { LintCache } from "../LintCache.js"
import { type LintedFile, type MessageFields, type PatternOf, summaryOf } from "../LintedFile.js"
import { type IssueSeverity, LintResult, SkippedRule } from "../LintResult.js"
import type { SourceFile } from "../SourceTree.js"
import { isTable } from "./RuffConfigFile.js"
import { ruffFixOf } from "./RuffFix.js"
import { canonicalOptions, ruffLintKey } from "./RuffKey.js"
import { ignoredSelectors, isExcluded, type RuffSettings, withFirstParty } from "./RuffSettings.js"
import { packageFolders, topPackageOf } from "./RuffSources.js"
import { type RuffCheck, ruffCheckOf, type RuffDiagnostic, type RuffOptions, ruffVersion, syntaxErrorCode } from "./RuffWasm.js"

/**
 * Lints a tree's Python files with Ruff's WebAssembly build, file by file: one Workspace per
 * distinct set of options (a configuration, less the codes `per-file-ignores` turn off in a file),
 * made once per tree.
 */

/** A tree's Ruff linter, made once (as PatternLinter's PatternLint). */
export interface RuffLint {
  /** The files it lints, in the tree's order: those Ruff takes and no `exclude` leaves out. */
  readonly lintable: ReadonlyArray<SourceFile>
  readonly lintFile: (file: SourceFile) => Effect.Effect<LintedFile>
  readonly resultOf: (linted: ReadonlyArray<LintedFile>) => LintResult
}

export interface RuffLintInput {
  readonly definition: ToolDefinitions.ToolDefinition
  readonly files: ReadonlyArray<SourceFile>
  readonly takes: (file: SourceFile) => boolean
  readonly settingsOf: (path: string) => RuffSettings
  /** The enabled patterns: they decide which codes count, and the issues' severities. */
  readonly rules: ReadonlyArray<EnabledRule>
  /** With the repository's configuration every code counts (as a Warning when no pattern is enabled). */
  readonly configured: boolean
  readonly configurationFile: string | undefined
  readonly skippedRules: ReadonlyArray<SkippedRule>
}

// Ruff's order is by rule; an issue list (and the line of a syntax error) goes by position.
const byPosition = (a: RuffDiagnostic, b: RuffDiagnostic) =>
  a.start_location.row - b.start_location.row || a.start_location.column - b.start_location.column

/** The diagnostics as messages, with Ruff's fix for the codes whose fixes are all safe. */
const messagesOf = (text: string, safeFixes: ReadonlySet<string>, diagnostics: ReadonlyArray<RuffDiagnostic>): ReadonlyArray<MessageFields> => {
  const fixOf = ruffFixOf(text)
  return [...diagnostics].sort(byPosition).map((diagnostic): MessageFields => {
    if (diagnostic.code === syntaxErrorCode) {
      return { ruleId: null, line: diagnostic.start_location.row, message: `Syntax error: ${diagnostic.message}`, fatal: true }
    }
    const fix = diagnostic.code !== null && safeFixes.has(diagnostic.code) ? fixOf(diagnostic.fix) : undefined
    return { ruleId: diagnostic.code, line: diagnostic.start_location.row, message: diagnostic.message, ...(fix === undefined ? {} : { fix }) }
  })
}

/**
 * The options a file is checked with: its configuration's, its `per-file-ignores` as ones of every
 * file, and its top package as first-party (what Ruff knows from the file's path).
 */
const fileOptions = (settings: RuffSettings, packages: ReadonlySet<string>, path: string): RuffOptions => {
  const ignored = ignoredSelectors(settings, path)
  const targetVersion = settings.options["target-version"]
  const own = topPackageOf(packages, path, typeof targetVersion === "string" ? targetVersion : "")
  if (ignored.length === 0 && own === undefined) return settings.options
  const lint = isTable(settings.options["lint"]) ? settings.options["lint"] : {}
  // A Workspace's text has a name `*` matches: Ruff itself then turns the codes off, whatever
  // selectors (`E`, `ALL`, a linter's) they are written with.
  const ignoring = ignored.length === 0 ? lint : { ...lint, "per-file-ignores": { "*": [...ignored] } }
  return { ...settings.options, lint: own === undefined ? ignoring : withFirstParty(ignoring, [own]) }
}

export const prepareRuffLint = (input: RuffLintInput): Effect.Effect<RuffLint> =>
  Effect.gen(function*() {
    const tool = input.definition.name
    const version = ruffVersion()
    const checks = new Map<string, Either.Either<RuffCheck, string>>()
    const checkOf = (options: string, made: RuffOptions) => {
      const known = checks.get(options)
      if (known !== undefined) return known
      const check = ruffCheckOf(made)
      checks.set(options, check)
      return check
    }
    const packages = packageFolders(input.files)
    const cache = yield* Effect.serviceOption(LintCache)
    const watch = yield* FileWatch
    const lint = (file: SourceFile, options: string, made: RuffOptions): Either.Either<ReadonlyArray<MessageFields>, unknown> =>
      checkOf(options, made).pipe(
        Either.flatMap((check) => Either.try(() => watch.during(tool, file.path, () => messagesOf(file.content, ruffSafeFixCodes, check(file.content)))))
      )
    const lintFile = (file: SourceFile): Effect.Effect<LintedFile> => {
      const made = fileOptions(input.settingsOf(file.path), packages, file.path)
      const options = canonicalOptions(made)
      return Option.match(cache, {
        onNone: () => Effect.sync(() => lintedOf(file, lint(file, options, made))),
        onSome: (store) => lintedWithCache(store, ruffLintKey(version, options, file.path, file.content), file, () => lint(file, options, made))
      })
    }
    return {
      lintable: input.files.filter((file) => input.takes(file) && !isExcluded(input.settingsOf, file.path)),
      lintFile,
      resultOf: (linted) =>
        new LintResult({
          ...summaryOf(linted, patternOf(input)),
          skippedRules: input.skippedRules,
          ...(input.configurationFile === undefined ? {} : { configurationFile: input.configurationFile })
        })
    }
  })

const patternOf = (input: RuffLintInput): PatternOf => {
  const byCode = new Map(input.rules.map((rule) => [rule.ruleId, rule]))
  const configured = (code: string) => ({
    patternId: `${input.definition.patternPrefix}${code}`,
    severity: byCode.get(code)?.severity ?? ("Warning" satisfies IssueSeverity)
  })
  return (code) => (input.configured ? configured(code) : byCode.get(code))
}
