import type { Pattern } from "@tidemark/core"
import type { SpectralRule, SpectralSeverity } from "./SpectralRules.js"

/**
 * How a Spectral rule is placed in the catalogue and whether it is on by default. Spectral's
 * severities are kept: its rulesets already give `error` to a document that breaks its
 * specification (a schema it fails, a parameter a path names and never defines) and `warn` to
 * advice. Tidemark's defaults are Spectral's recommended set, less the rules that ask for
 * documentation prose or metadata a working API does without.
 */

/** Markdown in a description that runs script where the document is rendered. */
const security: ReadonlyArray<string> = ["no-eval-in-markdown", "no-script-tags-in-markdown"]

/** A definition or component nothing references: dead text. */
const unused: ReadonlyArray<string> = [
  "oas2-unused-definition",
  "oas3-unused-component",
  "asyncapi-unused-components-schema",
  "asyncapi-unused-components-server"
]

/** Rules that only ask for prose, contact or licence data: the API works the same without it. */
const documentation: ReadonlyArray<string> = [
  "info-contact",
  "info-description",
  "info-license",
  "license-url",
  "contact-properties",
  "operation-description",
  "tag-description",
  "oas2-parameter-description",
  "oas3-parameter-description",
  "asyncapi-info-contact",
  "asyncapi-info-contact-properties",
  "asyncapi-info-description",
  "asyncapi-info-license",
  "asyncapi-info-license-url",
  "asyncapi-operation-description",
  "asyncapi-3-operation-description",
  "asyncapi-parameter-description",
  "asyncapi-tag-description",
  "asyncapi-3-tag-description"
]

/**
 * Rules Spectral only warns about whose finding is still a document that misleads its clients or
 * generators: a parameter given twice, a tag or security scheme never defined, an enum value its
 * type refuses, a keyword OpenAPI 2 does not have, an operation with no success response, a
 * construct the specification forbids where it stands, a payload Spectral cannot validate.
 */
const errorProne: ReadonlyArray<string> = [
  "operation-parameters",
  "operation-tag-defined",
  "duplicated-entry-in-enum",
  "typed-enum",
  "oas2-operation-security-defined",
  "oas3-operation-security-defined",
  "oas2-operation-formData-consume-check",
  "operation-success-response",
  "oas2-anyOf",
  "oas2-oneOf",
  "operation-operationId-valid-in-url",
  "oas3-examples-value-or-externalValue",
  "oas3-callbacks-in-callbacks",
  "oas3_1-servers-in-webhook",
  "oas3_1-callbacks-in-webhook",
  "asyncapi-payload-unsupported-schemaFormat",
  "asyncapi-3-payload-unsupported-schemaFormat",
  "asyncapi-servers",
  "path-declarations-must-exist",
  "path-not-include-query"
]

/**
 * A rule's category: the lists above, then ErrorProne for every rule Spectral reports as an error
 * (the document breaks its specification), else CodeStyle (naming, trailing slashes, tags).
 */
export const spectralCategory = (rule: Pick<SpectralRule, "id" | "severity">): Pattern.Category =>
  security.includes(rule.id)
    ? "Security"
    : unused.includes(rule.id)
    ? "UnusedCode"
    : documentation.includes(rule.id)
    ? "Documentation"
    : rule.severity === "error" || errorProne.includes(rule.id)
    ? "ErrorProne"
    : "CodeStyle"

/** Spectral's severity as the catalogue's: a hint is information too. */
export const spectralSeverityLevels = {
  error: "Error",
  warn: "Warning",
  info: "Info",
  hint: "Info"
} as const satisfies Readonly<Record<SpectralSeverity, Pattern.SeverityLevel>>

export const spectralSeverity = (severity: SpectralSeverity): Pattern.SeverityLevel => spectralSeverityLevels[severity]

/** Every rule the classification names, for the test that each is one the rulesets have. */
export const classifiedRules: ReadonlyArray<string> = [...security, ...unused, ...documentation, ...errorProne]

const prose = "asks for documentation prose a working API does not need"
const metadata = "asks for metadata (contact, licence, tags) a working API does not need"

/**
 * The rules of Spectral's recommended set that are off by default here, each with why. A
 * repository can enable any of them, and its own `.spectral.*` decides for itself.
 */
export const spectralOffByDefault: ReadonlyMap<string, string> = new Map([
  ["info-contact", metadata],
  ["info-description", prose],
  ["operation-description", prose],
  ["operation-tags", metadata],
  ["asyncapi-info-contact", metadata],
  ["asyncapi-info-contact-properties", metadata],
  ["asyncapi-info-description", prose],
  ["asyncapi-info-license", metadata],
  ["asyncapi-operation-description", prose],
  ["asyncapi-3-operation-description", prose],
  ["asyncapi-tags", metadata],
  ["asyncapi-3-tags", metadata],
  ["asyncapi-latest-version", "the AsyncAPI version a team targets is its choice (its tools and brokers may not support the latest)"]
])

/** On by default: in Spectral's recommended set, and not one of the rules above. */
export const spectralEnabled = (rule: Pick<SpectralRule, "id" | "recommended">): boolean =>
  rule.recommended && !spectralOffByDefault.has(rule.id)
