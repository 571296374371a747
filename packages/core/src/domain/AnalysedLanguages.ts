import { Schema } from "effect"
import { addCounts, IssueCounts } from "./IssueLoad.js"

/**
 * Which of a commit's languages had their issues measured, and by which tools. A grade counts the
 * issues of those languages against their own lines only: the lines of a language no tool read are
 * not evidence of clean code. Data and documentation formats (JSON, YAML, Markdown) are not code:
 * they count neither for nor against the share of code analysed, and their issues (a Markdown
 * linter's) are listed and counted but do not weigh in the grade, which is the code's.
 */

/** Why a language's issues were not measured. */
export const NotAnalysedReason = Schema.Literal(
  /** Tidemark has no tool for the language. */
  "no_tool",
  /** A tool for it exists and the repository does not enable it. */
  "tool_disabled",
  /** The repository enables a tool for it that this server cannot run (not installed here). */
  "tool_not_installed",
  /** The tool ran and failed: none of its issues are known. */
  "tool_failed"
)
export type NotAnalysedReason = typeof NotAnalysedReason.Type

export class LanguageAnalysis extends Schema.Class<LanguageAnalysis>("LanguageAnalysis")({
  /** The measures' name of the language (`JavaScript`, `Python`, `Bourne Shell`). */
  language: Schema.String,
  /** Its code lines in the commit. */
  loc: Schema.Int,
  /** The tools whose issues of it were measured, by catalogue name; empty when none were. */
  tools: Schema.Array(Schema.String),
  /** Why none were, when `tools` is empty. */
  notAnalysed: Schema.optional(NotAnalysedReason),
  /** The tools for it that could have measured it (disabled, or not installed), by catalogue name. */
  candidates: Schema.optional(Schema.Array(Schema.String)),
  /** Its issues by severity, when its issues were measured (absent in analyses stored before). */
  issueCounts: Schema.optional(IssueCounts)
}) {}

/** Formats whose lines are not code: data and documentation. */
export const notCode: ReadonlySet<string> = new Set(["JSON", "YAML", "Markdown"])

export const isCode = (language: string): boolean => !notCode.has(language)

const linesOf = (languages: ReadonlyArray<LanguageAnalysis>): number => languages.reduce((sum, l) => sum + l.loc, 0)

/** Code lines, and those of them whose issues were measured. */
export const analysedShare = (languages: ReadonlyArray<LanguageAnalysis>) => {
  const code = languages.filter((l) => isCode(l.language))
  return { loc: linesOf(code), analysedLoc: linesOf(code.filter((l) => l.tools.length > 0)) }
}

/**
 * The issues the grade weighs: those of code languages. Undefined for an analysis stored before
 * issues were counted per language: its grade weighs all of them, as it did.
 */
export const codeIssues = (languages: ReadonlyArray<LanguageAnalysis>): IssueCounts | undefined => {
  const code = languages.filter((l) => isCode(l.language) && l.tools.length > 0)
  if (code.some((l) => l.issueCounts === undefined)) return undefined
  return code.reduce((sum, l) => addCounts(sum, l.issueCounts ?? IssueCounts.none), IssueCounts.none)
}

/**
 * A commit is graded when at least half of its code (by lines) was analysed for issues; a commit
 * without code (only data and documentation) is graded on its other measures.
 */
export const isGraded = (languages: ReadonlyArray<LanguageAnalysis>): boolean => {
  const { analysedLoc, loc } = analysedShare(languages)
  return loc === 0 || analysedLoc * 2 >= loc
}

/** The code languages whose issues were not measured, most lines first. */
export const notAnalysedCode = (languages: ReadonlyArray<LanguageAnalysis>): ReadonlyArray<LanguageAnalysis> =>
  languages.filter((l) => isCode(l.language) && l.tools.length === 0 && l.loc > 0)

const reasonText: Readonly<Record<NotAnalysedReason, string>> = {
  no_tool: "Tidemark has no tool for it yet",
  tool_disabled: "its tool is disabled",
  tool_not_installed: "its tool is not installed on this server",
  tool_failed: "its tool failed"
}

/** One language not analysed, in words: `Go (1 200 lines): Tidemark has no tool for it yet`. */
export const notAnalysedText = (language: LanguageAnalysis): string => {
  const candidates = language.candidates !== undefined && language.candidates.length > 0 ? ` (${language.candidates.join(", ")})` : ""
  return `${language.language} (${language.loc} lines): ${reasonText[language.notAnalysed ?? "no_tool"]}${candidates}`
}
