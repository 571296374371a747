import type { QuickFix } from "@tidemark/core"
import { FailedFile, Issue, type IssueSeverity, UnparsedFile } from "./LintResult.js"
import type { SourceFile } from "./SourceTree.js"

/** The part of ESLint's `Linter.LintMessage` an issue is made of (the sandboxed linter sends only that). */
export interface MessageFields {
  readonly ruleId: string | null
  readonly line: number
  readonly message: string
  readonly fatal?: boolean | undefined
  /** The tool's fix, in offsets of the text it was given (the file's content). */
  readonly fix?: QuickFix.IssueFix | undefined
}

/** What ESLint made of one file: its messages, a parsing error, or a failure of a rule or plugin. */
export type LintedFile =
  | { readonly _tag: "Linted"; readonly file: SourceFile; readonly messages: ReadonlyArray<MessageFields> }
  | { readonly _tag: "Unparsed"; readonly file: SourceFile; readonly unparsed: UnparsedFile }
  | { readonly _tag: "Failed"; readonly file: SourceFile; readonly failed: FailedFile }

/** The pattern an ESLint rule id counts as, if any. */
export type PatternOf = (ruleId: string) => { readonly patternId: string; readonly severity: IssueSeverity } | undefined

/**
 * An external analyser's message keeps, with its rule, the level it was reported at
 * (`Lint/Loop:warning`), cached with it: the issue's severity may depend on it. A level never holds
 * a colon; a rule id may (a SARIF tool's, phpcs's sources do not, but nothing says so).
 */
export const ruleAtLevel = (rule: string, level: string): string => `${rule}:${level}`

/** The rule and the level of a message's rule id made by `ruleAtLevel`. */
export const ruleAndLevelOf = (ruleId: string): { readonly rule: string; readonly level: string } => {
  const at = ruleId.lastIndexOf(":")
  return at < 0 ? { rule: ruleId, level: "" } : { rule: ruleId.slice(0, at), level: ruleId.slice(at + 1) }
}

/** A fatal message is ESLint's parsing error: then the file has no other message. */
export const lintedFileOf = (file: SourceFile, messages: ReadonlyArray<MessageFields>): LintedFile => {
  const fatal = messages.find((message) => message.fatal === true)
  return fatal === undefined
    ? { _tag: "Linted", file, messages }
    : { _tag: "Unparsed", file, unparsed: new UnparsedFile({ file: file.path, line: fatal.line, message: fatal.message }) }
}

export const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

export const failedFileOf = (file: SourceFile, error: unknown): LintedFile => ({
  _tag: "Failed",
  file,
  failed: new FailedFile({ file: file.path, reason: reasonOf(error) })
})

const issuesOf = (linted: LintedFile, patternOf: PatternOf): ReadonlyArray<Issue> =>
  linted._tag !== "Linted" ? [] : linted.messages.flatMap((message) => {
    // A message without a rule is ESLint's own (an unused or unknown directive), not an issue.
    const pattern = message.ruleId === null ? undefined : patternOf(message.ruleId)
    return pattern === undefined ? [] : [
      new Issue({
        patternId: pattern.patternId,
        file: linted.file.path,
        line: message.line,
        message: message.message,
        severity: pattern.severity,
        ...(message.fix === undefined ? {} : { fix: message.fix })
      })
    ]
  })

/** The issues and the files that gave none, in file order. */
export const summaryOf = (linted: ReadonlyArray<LintedFile>, patternOf: PatternOf) => ({
  issues: linted.flatMap((file) => issuesOf(file, patternOf)),
  lintedFiles: linted.length,
  unparsedFiles: linted.flatMap((file) => (file._tag === "Unparsed" ? [file.unparsed] : [])),
  failedFiles: linted.flatMap((file) => (file._tag === "Failed" ? [file.failed] : []))
})
