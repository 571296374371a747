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

const language = (name: string, extensions: ReadonlyArray<string>, measuredAs: string = name, files: ReadonlyArray<string> = []) =>
  LanguageDefinition.make({ name, measuredAs, extensions, files })

/**
 * Every language the analysis knows, by name (case-insensitive order). The service calls cloc's
 * "Bourne Shell" `Shell` and "C++" `CPP`; the other names are the same. Ruby alone is known by whole
 * file names too (cloc's Rakefile, and the Gemfile RuboCop checks); any other extensionless script
 * is told by its `#!` line. C and C++ headers (`.h`, `.hpp`, ...) are cloc's "C/C++ Header", measured
 * apart and set by neither C's nor CPP's settings: a header belongs to whichever includes it.
 */
export const languageDefinitions: ReadonlyArray<LanguageDefinition> = [
  language("C", [".c"]),
  language("CPP", [".cc", ".cpp", ".cxx", ".c++", ".ipp", ".tpp", ".inl"], "C++"),
  language("CSS", [".css"]),
  language("Go", [".go"]),
  language("HTML", [".html", ".htm"]),
  language("Java", [".java"]),
  language("JavaScript", [".js", ".mjs", ".cjs"]),
  language("JSON", [".json"]),
  language("LESS", [".less"]),
  language("Markdown", [".md", ".markdown"]),
  language("PHP", [".php", ".php3", ".php4", ".php5", ".phtml", ".phpt", ".phps", ".ctp"]),
  language("Python", [".py"]),
  language("Ruby", [".rb", ".rake", ".gemspec", ".ru", ".rbw", ".rbx", ".podspec", ".thor", ".jbuilder"], "Ruby", ["Rakefile", "Gemfile"]),
  language("SCSS", [".scss"]),
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
