import { Schema } from "effect"
import { languageDefinitions } from "./LanguageDefinitions.js"

/**
 * The tools behind the analysis's measures, described as the original service describes its
 * duplication and metrics tools. Tidemark runs them in process (npm packages and tree-sitter
 * grammars), not from Docker images: `dockerImage` is empty, as for the catalogue's tools.
 */
export class MeasureTool extends Schema.Class<MeasureTool>("MeasureTool")({
  /** Stable: a client may keep it. */
  uuid: Schema.String,
  name: Schema.String,
  dockerImage: Schema.String,
  /** Under the service's names (LanguageDefinitions). */
  languages: Schema.Array(Schema.String)
}) {}

/** The original API's duplication tool: its image and languages. */
export class DuplicationTool extends Schema.Class<DuplicationTool>("DuplicationTool")({
  dockerImage: Schema.String,
  languages: Schema.Array(Schema.String)
}) {}

/** The original API's metrics tool: its image and languages. */
export class MetricsTool extends Schema.Class<MetricsTool>("MetricsTool")({
  dockerImage: Schema.String,
  languages: Schema.Array(Schema.String)
}) {}

const everyLanguage = languageDefinitions.map((definition) => definition.name)

/**
 * jscpd, for the languages its tokenizer has a format for, every extension of them. CPP, PHP and
 * Ruby are tokenised in their common files only (`.cpp`, `.php`, `.rb`, not `.ipp`, `.phpt`,
 * `.rake`): not listed, as the service lists a language a tool reads whole.
 */
export const jscpd = MeasureTool.make({
  uuid: "2c4b5c11-3626-4e4c-864c-276a5030700c",
  name: "jscpd",
  dockerImage: "",
  languages: everyLanguage.filter((name) => !["CPP", "PHP", "Ruby"].includes(name))
})

/** Code, comment and blank lines, counted as cloc counts them, for every language. */
export const linesOfCode = MeasureTool.make({
  uuid: "1638c1ba-2fba-4c74-9751-774376088922",
  name: "Lines of code",
  dockerImage: "",
  languages: everyLanguage
})

/** Cyclomatic complexity of functions, for the languages with a tree-sitter grammar. */
export const complexity = MeasureTool.make({
  uuid: "3a594e9e-e651-4a40-90a5-e3ce1b748e0f",
  name: "Complexity",
  dockerImage: "",
  languages: ["Go", "Java", "JavaScript", "Python", "TypeScript"]
})

export const duplicationTools: ReadonlyArray<MeasureTool> = [jscpd]
export const metricsTools: ReadonlyArray<MeasureTool> = [linesOfCode, complexity]

export const duplicationToolOf = (tool: MeasureTool): DuplicationTool =>
  DuplicationTool.make({ dockerImage: tool.dockerImage, languages: tool.languages })

export const metricsToolOf = (tool: MeasureTool): MetricsTool => MetricsTool.make({ dockerImage: tool.dockerImage, languages: tool.languages })
