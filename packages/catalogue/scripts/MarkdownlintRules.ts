import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { pathToFileURL } from "node:url"
import { Schema } from "effect"
import { getVersion } from "markdownlint"

/**
 * markdownlint's rules as the installed library describes them: the rule objects it runs (names,
 * description, tags, documentation URL), the options of each from the JSON schema of its
 * configuration, and the prose of its documentation page. None of these is an exported entry of
 * the package (it exports the linter only), so they are read from the package's own files: the
 * same files the linter runs and the package documents, at the installed version.
 */

/** The part of a markdownlint rule object the catalogue reads; the function and parser are let through unread. */
const RuleObject = Schema.Struct({
  names: Schema.NonEmptyArray(Schema.String),
  description: Schema.String,
  tags: Schema.Array(Schema.String),
  information: Schema.instanceOf(URL)
})

const RulesModule = Schema.Struct({ default: Schema.Array(RuleObject) })

const JsonObject = Schema.Record({ key: Schema.String, value: Schema.Unknown })

const OptionSchema = Schema.Struct({ description: Schema.String, default: Schema.optional(Schema.Unknown) })

/** A rule's entry in the configuration schema: `true`/`false`, a severity, or an object of its options. */
const RuleEntry = Schema.Struct({
  oneOf: Schema.Array(Schema.Struct({ type: Schema.optional(Schema.Unknown), properties: Schema.optional(JsonObject) }))
})

const ConfigurationSchema = Schema.Struct({ properties: JsonObject })

/** One option of a rule, with its default as the library's schema states it. */
export interface MarkdownlintOption {
  readonly name: string
  readonly description: string
  readonly default: unknown
}

export interface MarkdownlintRule {
  /** `MD001`. */
  readonly id: string
  /** `heading-increment`. */
  readonly aliases: ReadonlyArray<string>
  /** The rule's one-line description: `Heading levels should only increment by one level at a time`. */
  readonly description: string
  readonly tags: ReadonlyArray<string>
  /** Its documentation page at the installed version. */
  readonly information: string
  /** Its options but `enabled` and `severity`, which every rule takes. */
  readonly options: ReadonlyArray<MarkdownlintOption>
  /** Its documentation page, Markdown. */
  readonly documentation: string
}

export interface MarkdownlintRuleSet {
  readonly version: string
  readonly rules: ReadonlyArray<MarkdownlintRule>
}

// The entry the package exports is lib/exports.mjs: its folder is the package's lib/.
const packageFolder = (): string => dirname(dirname(createRequire(import.meta.url).resolve("markdownlint")))

/** Options every rule takes, which say whether and how loudly it runs rather than what it checks. */
const commonOptions: ReadonlySet<string> = new Set(["enabled", "severity"])

const optionsOf = (schema: Schema.Schema.Type<typeof ConfigurationSchema>, id: string): ReadonlyArray<MarkdownlintOption> => {
  const entry = Schema.decodeUnknownSync(RuleEntry)(schema.properties[id])
  const properties = entry.oneOf.find((alternative) => alternative.type === "object")?.properties ?? {}
  return Object.entries(properties).flatMap(([name, option]) => {
    if (commonOptions.has(name)) return []
    const decoded = Schema.decodeUnknownSync(OptionSchema)(option)
    return [{ name, description: decoded.description, default: decoded.default }]
  })
}

/** The rules of the installed markdownlint, in its own order. */
export const installedMarkdownlintRules = async (): Promise<MarkdownlintRuleSet> => {
  const folder = packageFolder()
  const loaded: unknown = await import(pathToFileURL(join(folder, "lib/rules.mjs")).href)
  const { default: rules } = Schema.decodeUnknownSync(RulesModule)(loaded)
  const schema = Schema.decodeUnknownSync(ConfigurationSchema)(
    JSON.parse(readFileSync(join(folder, "schema/markdownlint-config-schema.json"), "utf8"))
  )
  return {
    version: getVersion(),
    rules: rules.map((rule) => {
      const [id, ...aliases] = rule.names
      return {
        id,
        aliases,
        description: rule.description,
        tags: rule.tags,
        information: rule.information.href,
        options: optionsOf(schema, id),
        documentation: readFileSync(join(folder, "doc", `${id.toLowerCase()}.md`), "utf8")
      }
    })
  }
}
