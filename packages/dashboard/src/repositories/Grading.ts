import type { RepositoryWithAnalysis } from "./RepositoriesApi.js"

/**
 * Whether a repository's grade and issues rest on code that was read. The analysis leaves the
 * grade out when less than half of the code had its issues measured, and tells which languages it
 * did not read in the `languages_not_analysed` problem; `no_enabled_tools` says no tool ran at
 * all. The API gives the per-language data only inside that problem's message, so it is read
 * back from the message (its format: packages/analysis TreeAnalyzer, core AnalysedLanguages).
 */

/** Formats whose lines are not code (core's `AnalysedLanguages.notCode`: a test keeps them equal). */
export const notCode: ReadonlySet<string> = new Set(["JSON", "YAML", "Markdown"])

/** One language whose issues were not measured: its code lines and why. */
export interface NotAnalysedLanguage {
  readonly language: string
  readonly loc: number
  readonly reason: string
}

const item = /^(.+?) \((\d+) lines\): (.+)$/

/**
 * The languages a `languages_not_analysed` message names (`Issues of Go (4 lines): Tidemark has no
 * tool for it yet; Shell (2 lines): its tool is disabled were not measured: …`); undefined when
 * the message does not read so, and the message is then shown as it is.
 */
export const notAnalysedLanguages = (message: string): ReadonlyArray<NotAnalysedLanguage> | undefined => {
  const prefix = "Issues of "
  const end = message.lastIndexOf(" were not measured: ")
  if (!message.startsWith(prefix) || end < prefix.length) return undefined
  const parts = message.slice(prefix.length, end).split("; ").map((part) => item.exec(part))
  const languages: Array<NotAnalysedLanguage> = []
  for (const match of parts) {
    if (match === null) return undefined
    const [, language = "", loc = "", reason = ""] = match
    languages.push({ language, loc: Number(loc), reason })
  }
  return languages
}

/** The grade as a person should read it. */
export type Grading =
  | { readonly state: "graded"; readonly letter: string; readonly grade: number | undefined }
  /** Analysed, and less than half of its code was read: no letter rather than one for code not read. */
  | {
    readonly state: "notGraded"
    /** The languages not analysed, or undefined when only the problem's words say it. */
    readonly languages: ReadonlyArray<NotAnalysedLanguage> | undefined
    /** The analysis's own words, when it gave them. */
    readonly message: string | undefined
  }
  /** Not analysed yet, or its analysis failed (the problems say why). */
  | { readonly state: "unknown" }

export const notGradedReason = "less than half of the code was analysed for issues"

const problemOf = (repository: RepositoryWithAnalysis, code: string) => repository.repository.problems.find((p) => p.code === code)

export const gradingOf = (repository: RepositoryWithAnalysis): Grading => {
  if (repository.gradeLetter !== undefined) return { state: "graded", letter: repository.gradeLetter, grade: repository.grade }
  // The measures without a grade: an analysis that ran and chose not to grade.
  if (repository.issuesPercentage === undefined) return { state: "unknown" }
  const message = problemOf(repository, "languages_not_analysed")?.message
  return { state: "notGraded", languages: message === undefined ? undefined : notAnalysedLanguages(message), message }
}

/**
 * Whether any issue was measured: not when no tool is enabled, nor when every code language of the
 * repository is among those not analysed (no tool ran on any of its code). Issues counted (imported
 * ones included) were measured by someone.
 */
export const issuesMeasured = (repository: RepositoryWithAnalysis): boolean => {
  if (repository.issuesPercentage === undefined) return false
  if ((repository.issuesCount ?? 0) > 0) return true
  if (problemOf(repository, "no_enabled_tools") !== undefined) return false
  const message = problemOf(repository, "languages_not_analysed")?.message
  const missing = message === undefined ? undefined : notAnalysedLanguages(message)
  if (missing === undefined) return true
  const notRead = new Set(missing.map((l) => l.language))
  return repository.repository.languages.some((language) => !notCode.has(language) && !notRead.has(language))
}

/** A language not analysed in words: `Go: 1,200 lines, Tidemark has no tool for it yet`. */
export const notAnalysedText = (language: NotAnalysedLanguage): string =>
  `${language.language}: ${language.loc.toLocaleString("en-US")} ${language.loc === 1 ? "line" : "lines"}, ${language.reason}`
