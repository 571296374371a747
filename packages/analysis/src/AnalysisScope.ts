import { Either } from "effect"
import type { AnalysisConfiguration } from "./AnalysisConfiguration.js"
import { isIgnoredByDefault } from "./DefaultIgnores.js"
import { javaGlob } from "./JavaGlob.js"
import { type Language, languageOf } from "./Language.js"
import type { SourceFile } from "./SourceTree.js"

/** The steps an engine of the configuration file can leave a file out of. */
export type Measure = "lint" | "duplication" | "metrics" | "coverage"

/** The configuration file's engine names, by the step of this analysis each configures. */
const enginesOf: Readonly<Record<Measure, ReadonlyArray<string>>> = {
  // The service's names for its ESLint tools: a repository moving between them keeps its exclusions.
  lint: ["eslint", "eslint-8", "eslint-9"],
  duplication: ["duplication"],
  // The service's "metrics" are a file's size and complexity: its lines of code and complexity here.
  metrics: ["metric"],
  coverage: ["coverage"]
}

/** The service's language names (matched in any case) of the languages measured here. */
const languageNames: ReadonlyMap<string, Language> = new Map<string, Language>([
  ["javascript", "JavaScript"],
  ["typescript", "TypeScript"],
  ["python", "Python"],
  ["java", "Java"],
  ["go", "Go"],
  ["json", "JSON"],
  ["yaml", "YAML"],
  ["markdown", "Markdown"],
  ["css", "CSS"],
  ["scss", "SCSS"],
  ["less", "LESS"],
  ["html", "HTML"],
  ["shell", "Bourne Shell"],
  ["ruby", "Ruby"],
  ["php", "PHP"],
  ["c", "C"],
  ["cpp", "C++"]
])

type PathTest = (path: string) => boolean

// The Schema refused any glob Java would refuse: none is left out here.
const matcherOf = (globs: ReadonlyArray<string> | null | undefined): PathTest => {
  const patterns = (globs ?? []).flatMap((glob) => Either.match(javaGlob(glob), { onLeft: () => [], onRight: (regex) => [regex] }))
  return (path) => patterns.some((pattern) => pattern.test(path))
}

const languagesOf = (configuration: AnalysisConfiguration) =>
  Object.entries(configuration.languages ?? {}).flatMap(([name, settings]) => {
    const language = languageNames.get(name.toLowerCase())
    return language === undefined || settings === null ? [] : [{ language, settings }]
  })

/** What the analysis reads of a tree and how it names languages, from the defaults and the configuration file. */
export interface AnalysisScope {
  /** Not ignored by default nor excluded (unless `include_paths` takes it back), and of no disabled language. */
  readonly analysed: (file: SourceFile) => boolean
  /** An engine's `exclude_paths` leaves the (analysed) file out of that measure. */
  readonly excludedFrom: (measure: Measure, path: string) => boolean
  /** The file's language: the configuration's extra extensions first, then the usual table. */
  readonly languageOf: (path: string, content: string) => Language | undefined
}

export const analysisScope = (configuration: AnalysisConfiguration): AnalysisScope => {
  const excluded = matcherOf(configuration.excludePaths)
  const included = matcherOf(configuration.includePaths)
  const exclusionOf = (measure: Measure) =>
    matcherOf(enginesOf[measure].flatMap((engine) => configuration.engines?.[engine]?.excludePaths ?? []))
  const engineExclusions: Readonly<Record<Measure, PathTest>> = {
    lint: exclusionOf("lint"),
    duplication: exclusionOf("duplication"),
    metrics: exclusionOf("metrics"),
    coverage: exclusionOf("coverage")
  }
  const languages = languagesOf(configuration)
  const extensions = languages.flatMap(({ language, settings }) => (settings.extensions ?? []).map((extension) => ({ extension, language })))
  const disabled = new Set(languages.flatMap(({ language, settings }) => (settings.enabled === false ? [language] : [])))
  const languageOfFile = (path: string, content: string): Language | undefined =>
    extensions.find(({ extension }) => path.endsWith(extension))?.language ?? languageOf(path, content)
  return {
    analysed: (file) => {
      if ((isIgnoredByDefault(file.path) || excluded(file.path)) && !included(file.path)) return false
      const language = languageOfFile(file.path, file.content)
      return language === undefined || !disabled.has(language)
    },
    excludedFrom: (measure, path) => engineExclusions[measure](path),
    languageOf: languageOfFile
  }
}

/**
 * The paths a coverage report's files are left out for: those the analysis does not read, and
 * the `coverage` engine's `exclude_paths`. For the coverage import, which has the analysed
 * commit's configuration but not its files (a language is then known by its extension only).
 */
export const coverageExclusion = (configuration: AnalysisConfiguration): PathTest => {
  const scope = analysisScope(configuration)
  return (path) => !scope.analysed({ path, content: "" }) || scope.excludedFrom("coverage", path)
}
