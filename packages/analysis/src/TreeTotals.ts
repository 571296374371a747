import { Schema } from "effect"
import { type FileAnalysis } from "./FileAnalysis.js"
import { LanguageName } from "./FileMeasures.js"
import type { Language } from "./Language.js"

export class LanguageLines extends Schema.Class<LanguageLines>("LanguageLines")({
  language: LanguageName,
  loc: Schema.Int,
  files: Schema.Int
}) {}

/** The tree's numbers, under the names of the API's RepositoryWithAnalysis where it has them. */
export class TreeTotals extends Schema.Class<TreeTotals>("TreeTotals")({
  /** Code lines of every analysed file. */
  loc: Schema.Int,
  filesCount: Schema.Int,
  /** Most code lines first: Repository's `languages` is their names in this order. */
  languages: Schema.Array(LanguageLines),
  complexFilesCount: Schema.Int,
  /** Of the files that have a complexity (a parsed language), rounded to the nearest integer. */
  complexFilesPercentage: Schema.Int,
  duplicatedFilesCount: Schema.Int,
  /**
   * The API's duplicationPercentage as api-facts defines it: the share of analysed files with more
   * clone blocks than fileDuplicationBlockThreshold, rounded to the nearest integer.
   */
  duplicationPercentage: Schema.Int,
  /** Clones found across the tree (jscpd counts a clone once, whatever the files). */
  clones: Schema.Int,
  duplicatedLines: Schema.Int,
  /** jscpd's own figure: duplicated lines over the lines of the files it admits, in percent. */
  duplicatedLinesPercentage: Schema.Number,
  /** `<kind>:<name>` tags from the paths and manifests (`detectStack`). */
  stackTags: Schema.Array(Schema.String),
  /** Manifests that could not be read, by path: the stack was taken from the others. */
  unreadableManifests: Schema.Array(Schema.String)
}) {}

export const percentageOf = (part: number, whole: number): number =>
  whole === 0 ? 0 : Math.round((100 * part) / whole)

const byLocThenName = (a: LanguageLines, b: LanguageLines): number =>
  b.loc - a.loc || (a.language < b.language ? -1 : a.language > b.language ? 1 : 0)

export const languageLinesOf = (files: ReadonlyArray<FileAnalysis>): ReadonlyArray<LanguageLines> => {
  const perLanguage = new Map<Language, { loc: number; files: number }>()
  for (const file of files) {
    const sum = perLanguage.get(file.language) ?? { loc: 0, files: 0 }
    perLanguage.set(file.language, { loc: sum.loc + file.codeLines, files: sum.files + 1 })
  }
  return [...perLanguage].map(([language, sum]) => new LanguageLines({ language, ...sum })).sort(byLocThenName)
}
