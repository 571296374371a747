import { Option, Schema } from "effect"
import { findLanguage, serviceNameOf } from "./LanguageDefinitions.js"
import { extensionsOf } from "./Languages.js"
import { duplicationTools, metricsTools } from "./MeasureTools.js"
import type { ToolDefinition } from "./ToolDefinitions.js"

/** The original API's language of listLanguagesWithTools: its name and what names its files. */
export class LanguageFileExtension extends Schema.Class<LanguageFileExtension>("LanguageFileExtension")({
  name: Schema.String,
  fileExtensions: Schema.Array(Schema.String),
  files: Schema.Array(Schema.String)
}) {}

/** A language some tool analyses, with those tools by uuid: the catalogue's, the duplication and the metrics tools. */
export class LanguageWithTools extends Schema.Class<LanguageWithTools>("LanguageWithTools")({
  language: LanguageFileExtension,
  tools: Schema.Array(Schema.String),
  duplicationTools: Schema.Array(Schema.String),
  metricsTools: Schema.Array(Schema.String)
}) {}

type Kind = "tools" | "duplicationTools" | "metricsTools"

interface Named {
  readonly uuid: string
  readonly languages: ReadonlyArray<string>
}

const byKind = (catalogue: ReadonlyArray<ToolDefinition>): ReadonlyArray<readonly [Kind, ReadonlyArray<Named>]> => [
  ["tools", catalogue],
  ["duplicationTools", duplicationTools],
  ["metricsTools", metricsTools]
]

/**
 * A language named by a tool: the analysis's own (its extensions), else one the catalogue names
 * that the analysis does not measure (a tool may run on it all the same): the extensions that
 * name it when a repository's languages are read from its file names.
 */
const languageNamed = (name: string): LanguageFileExtension =>
  Option.match(findLanguage(name), {
    onSome: (definition) => LanguageFileExtension.make({ name: definition.name, fileExtensions: definition.extensions, files: definition.files }),
    onNone: () => LanguageFileExtension.make({ name, fileExtensions: extensionsOf(name), files: [] })
  })

/**
 * Every language at least one tool analyses, by name (case-insensitive), each with its tools: read
 * from the catalogue's tools as they are, so that a tool added to the catalogue brings its
 * languages and is listed under them.
 */
export const languagesWithTools = (catalogue: ReadonlyArray<ToolDefinition>): ReadonlyArray<LanguageWithTools> => {
  const found = new Map<string, { readonly name: string } & Record<Kind, Array<string>>>()
  for (const [kind, tools] of byKind(catalogue)) {
    for (const tool of tools) {
      for (const language of tool.languages) {
        const name = serviceNameOf(language)
        const key = name.toLowerCase()
        const entry = found.get(key) ?? { name, tools: [], duplicationTools: [], metricsTools: [] }
        if (!entry[kind].includes(tool.uuid)) entry[kind].push(tool.uuid)
        found.set(key, entry)
      }
    }
  }
  return [...found.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, entry]) =>
      LanguageWithTools.make({
        language: languageNamed(entry.name),
        tools: entry.tools,
        duplicationTools: entry.duplicationTools,
        metricsTools: entry.metricsTools
      })
    )
}
