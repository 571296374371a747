import { Option, Schema } from "effect"

/**
 * A language the analysis measures, under the original service's name (what the API and the
 * analysis configuration file say), with the name the measures give it (cloc's, as
 * `AnalysisMeasures.languages` lists them) and what a file of it is recognised by when a repository
 * adds nothing: its extensions (the analysis's cloc-compatible table) and whole file names.
 */
export class LanguageDefinition extends Schema.Class<LanguageDefinition>("LanguageDefinition")({
  name: Schema.String,
  measuredAs: Schema.String,
  extensions: Schema.Array(Schema.String),
  files: Schema.Array(Schema.String)
}) {}

const language = (name: string, extensions: ReadonlyArray<string>, measuredAs: string = name) =>
  LanguageDefinition.make({ name, measuredAs, extensions, files: [] })

/**
 * Every language the analysis knows, by name (case-insensitive order). The service calls cloc's
 * "Bourne Shell" `Shell`; the other names are the same. No language is known by a whole file name:
 * the analysis tells an extensionless script by its `#!` line, not by its name.
 */
export const languageDefinitions: ReadonlyArray<LanguageDefinition> = [
  language("CSS", [".css"]),
  language("Go", [".go"]),
  language("HTML", [".html", ".htm"]),
  language("Java", [".java"]),
  language("JavaScript", [".js", ".mjs", ".cjs"]),
  language("JSON", [".json"]),
  language("Markdown", [".md", ".markdown"]),
  language("Python", [".py"]),
  language("Shell", [".sh"], "Bourne Shell"),
  language("TypeScript", [".ts", ".mts", ".cts", ".tsx"]),
  language("YAML", [".yaml", ".yml"])
]

const byName: ReadonlyMap<string, LanguageDefinition> = new Map(
  languageDefinitions.flatMap((definition) => [
    [definition.name.toLowerCase(), definition] as const,
    [definition.measuredAs.toLowerCase(), definition] as const
  ])
)

/** The language named so, in any case, by the service's name or the measures' (`bourne shell`). */
export const findLanguage = (name: string): Option.Option<LanguageDefinition> => Option.fromNullable(byName.get(name.toLowerCase()))

/** A language under the service's name: a measured name becomes the service's; an unknown one stays as it is. */
export const serviceNameOf = (name: string): string => byName.get(name.toLowerCase())?.name ?? name
