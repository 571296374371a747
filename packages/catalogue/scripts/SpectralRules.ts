import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { Schema } from "effect"

/**
 * Spectral's OpenAPI and AsyncAPI rules as the installed `@stoplight/spectral-rulesets` defines
 * them: the ruleset objects Spectral runs (`oas`, `asyncapi`), read as plain data. Its Arazzo
 * ruleset is left out: Tidemark lints API descriptions, not workflow documents.
 */

export const spectralPackage = "@stoplight/spectral-rulesets"

export type SpectralRulesetName = "oas" | "asyncapi"

/** Spectral's severities by name; its numbers (DiagnosticSeverity) are the same four, in this order. */
const severityNames = ["error", "warn", "info", "hint"] as const
export type SpectralSeverity = typeof severityNames[number]

export interface SpectralRule {
  /** `path-params`. */
  readonly id: string
  readonly ruleset: SpectralRulesetName
  /** The rule's description, or its message without placeholders when it has none. */
  readonly description: string
  /** The severity the ruleset gives the rule; Spectral's default (`warn`) when it gives none. */
  readonly severity: SpectralSeverity
  /** In the ruleset's recommended set (`spectral:oas` without `all`). */
  readonly recommended: boolean
  /** The formats the rule is limited to (`OpenAPI 3.x`); empty: every format of its ruleset. */
  readonly formats: ReadonlyArray<string>
  /** The ruleset's reference page; a rule's section is its id. */
  readonly documentationUrl: string
}

export interface SpectralRuleSet {
  readonly version: string
  readonly rules: ReadonlyArray<SpectralRule>
}

/** A format is a function recognising a document, carrying its name for people. */
const Format = Schema.declare(
  (input: unknown): input is { readonly displayName: string } =>
    typeof input === "function" && "displayName" in input && typeof input.displayName === "string"
)

const Severity = Schema.Union(Schema.Literal(0, 1, 2, 3), Schema.Literal(...severityNames))

/** The part of a rule the catalogue reads; its `given` and `then` (what it runs) are let through unread. */
const RuleObject = Schema.Struct({
  description: Schema.optional(Schema.String),
  message: Schema.optional(Schema.String),
  severity: Schema.optional(Severity),
  recommended: Schema.optional(Schema.Boolean),
  formats: Schema.optional(Schema.Array(Format))
})

const Ruleset = Schema.Struct({
  documentationUrl: Schema.String,
  rules: Schema.Record({ key: Schema.String, value: RuleObject })
})

const Rulesets = Schema.Struct({ oas: Ruleset, asyncapi: Ruleset })

const PackageJson = Schema.Struct({ version: Schema.String })

/** A message's text without its `{{error}}`-style placeholders, which Spectral fills per finding. */
export const withoutPlaceholders = (message: string): string =>
  message.replace(/\{\{[^}]*\}\}/g, "").replace(/\(\s*\)/g, "").replace(/\s+([.,;:])/g, "$1").replace(/\s{2,}/g, " ").trim()

const descriptionOf = (id: string, rule: typeof RuleObject.Type): string => {
  const description = rule.description !== undefined && rule.description !== "" ? rule.description : withoutPlaceholders(rule.message ?? "")
  if (description === "" || /^[.,;:]*$/.test(description)) throw new Error(`Spectral's ${id} has neither a description nor a message of its own`)
  return description
}

const severityOf = (severity: typeof Severity.Type | undefined): SpectralSeverity =>
  severity === undefined ? "warn" : typeof severity === "number" ? severityNames[severity] : severity

const rulesOf = (ruleset: SpectralRulesetName, { documentationUrl, rules }: typeof Ruleset.Type): ReadonlyArray<SpectralRule> =>
  Object.entries(rules).map(([id, rule]) => ({
    id,
    ruleset,
    description: descriptionOf(id, rule),
    severity: severityOf(rule.severity),
    // Spectral counts a rule that does not say as recommended.
    recommended: rule.recommended ?? true,
    formats: (rule.formats ?? []).map((format) => format.displayName),
    documentationUrl
  }))

const require = createRequire(import.meta.url)

/** The OpenAPI rules then the AsyncAPI ones of the installed rulesets, each in the ruleset's order. */
export const installedSpectralRules = (): SpectralRuleSet => {
  const { oas, asyncapi } = Schema.decodeUnknownSync(Rulesets)(require(spectralPackage))
  // The package has no `exports`: its manifest is found where Node finds the package.
  const { version } = Schema.decodeUnknownSync(PackageJson)(
    JSON.parse(readFileSync(require.resolve(`${spectralPackage}/package.json`), "utf8"))
  )
  return { version, rules: [...rulesOf("oas", oas), ...rulesOf("asyncapi", asyncapi)] }
}
