import { Schema } from "effect"
import { createHash } from "node:crypto"
import { complexityOf } from "./Complexity.js"
import type { Grammars } from "./Grammars.js"
import { isLanguage, isParsedLanguage, type Language } from "./Language.js"
import { countLines } from "./LinesOfCode.js"
import { FileWatch, type FileWatchService } from "./FileWatch.js"
import { complexityToolName, linesOfCodeToolName, reasonOfThrow, SkippedFile } from "./SkippedFile.js"

/** A language name as `languageOf` gives it. */
export const LanguageName = Schema.declare(
  (input: unknown): input is Language => typeof input === "string" && isLanguage(input),
  { identifier: "Language" }
)

export class FunctionMeasure extends Schema.Class<FunctionMeasure>("FunctionMeasure")({
  name: Schema.String,
  /** 1-based line where the function starts. */
  line: Schema.Int,
  complexity: Schema.Int
}) {}

/**
 * What one file's content gives on its own, whatever the rest of the tree holds: this is what the
 * per-file cache keeps. Duplication is not here: it depends on the other files.
 */
export class FileMeasures extends Schema.Class<FileMeasures>("FileMeasures")({
  language: LanguageName,
  codeLines: Schema.Int,
  commentLines: Schema.Int,
  blankLines: Schema.Int,
  /** The sum over the file's functions; absent for languages without a parser (JSON, YAML...). */
  complexity: Schema.optional(Schema.Int),
  functions: Schema.Array(FunctionMeasure)
}) {}

// Bump when a measure changes its answer for the same content, so that entries written by an
// older measure are never read again (they stay on disk as misses until the directory is pruned).
const measuresVersion = "tidemark-file-measures-1"

const extensionOf = (path: string): string => {
  const name = path.slice(path.lastIndexOf("/") + 1)
  const dot = name.lastIndexOf(".")
  return dot <= 0 ? "" : name.slice(dot + 1).toLowerCase()
}

/**
 * The cache key of a file's measures: SHA-256 of the content with what else the measures read.
 * The language and the extension are in it because the same text parses otherwise as .ts and
 * .tsx; the path itself is not, so that a moved or copied file still hits. No goal is in it: the
 * thresholds are applied to the measures after the cache, and the minimum clone size only
 * matters to duplication, which is not cached.
 */
export const fileMeasuresKey = (language: Language, path: string, content: string): string =>
  createHash("sha256")
    .update(`${measuresVersion}\0${language}\0${extensionOf(path)}\0`)
    .update(content)
    .digest("hex")

/** Lines of code and cyclomatic complexity of one file. */
export const measureFile = (grammars: Grammars, language: Language, path: string, content: string): FileMeasures => {
  const lines = countLines(language, content)
  const complexity = isParsedLanguage(language) ? complexityOf(grammars, language, path, content) : undefined
  return new FileMeasures({
    language,
    codeLines: lines.code,
    commentLines: lines.comment,
    blankLines: lines.blank,
    ...(complexity === undefined ? {} : { complexity: complexity.complexity }),
    functions: (complexity?.functions ?? []).map((fn) => new FunctionMeasure(fn))
  })
}

/**
 * `measureFile`, contained: a file whose parser throws (a stack overflow on code nested a thousand
 * deep) keeps its lines without complexity, and one whose lines cannot be counted either has no
 * measures; each says which measure skipped it and why. Each measure's work is on the watch.
 */
export const measureFileContained = (
  grammars: Grammars,
  language: Language,
  path: string,
  content: string,
  watch: FileWatchService = FileWatch.defaultValue()
): ContainedMeasures => {
  try {
    return { measures: watch.during(complexityToolName, path, () => measureFile(grammars, language, path, content)), skipped: [] }
  } catch (thrown) {
    return linesOnly(language, path, content, new SkippedFile({ path, tool: complexityToolName, reason: reasonOfThrow(thrown) }), watch)
  }
}

export interface ContainedMeasures {
  readonly measures: FileMeasures | undefined
  readonly skipped: ReadonlyArray<SkippedFile>
}

/** A file's lines without its complexity, which `complexity` says why it was left out of. */
export const linesOnly = (
  language: Language,
  path: string,
  content: string,
  complexity: SkippedFile,
  watch: FileWatchService = FileWatch.defaultValue()
): ContainedMeasures => {
  try {
    const lines = watch.during(linesOfCodeToolName, path, () => countLines(language, content))
    const measures = new FileMeasures({
      language,
      codeLines: lines.code,
      commentLines: lines.comment,
      blankLines: lines.blank,
      functions: []
    })
    return { measures, skipped: [complexity] }
  } catch (again) {
    return { measures: undefined, skipped: [new SkippedFile({ path, tool: linesOfCodeToolName, reason: reasonOfThrow(again) })] }
  }
}
