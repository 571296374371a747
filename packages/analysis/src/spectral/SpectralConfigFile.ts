import { Either, Predicate } from "effect"
import type { EnabledRule } from "../EnabledRule.js"
import { parseJsonc } from "../JsoncText.js"
import type { SourceFile } from "../SourceTree.js"
import { ToolProblem } from "../tools/AnalysisTool.js"
import { parseYaml } from "../YamlText.js"
import type { RuleSeverity, RulesetMode, SpectralConfiguration } from "./SpectralEngine.js"

/**
 * Spectral's configuration: from the enabled patterns, or from the repository's `.spectral.yaml`,
 * `.yml` or `.json`, read as data. Of a ruleset file Tidemark follows `extends` of the rulesets
 * it ships (`spectral:oas`, `spectral:asyncapi`, each with its mode) and `rules` turning their
 * rules on, off or to a severity; a rule the file defines itself (`given`/`then`, custom
 * functions), `overrides` by file and any other `extends` (a package, a URL, another file) need
 * code or files Tidemark does not run or fetch: each is said, and the rest applies. A
 * `.spectral.js`, `.mjs`, `.cjs` or `.ts` is code: found, never run.
 */

/** Every shipped rule off but the enabled patterns' (their severity is the pattern's, not Spectral's). */
export const patternConfiguration = (rules: ReadonlyArray<EnabledRule>): SpectralConfiguration => ({
  oas: "off",
  asyncapi: "off",
  rules: Object.fromEntries(rules.map((rule) => [rule.ruleId, "warn" as const]))
})

export interface ReadConfiguration {
  readonly configuration: SpectralConfiguration
  /** Parts not followed: the rest applied. */
  readonly problems: ReadonlyArray<ToolProblem>
}

const shippedRulesets: Readonly<Record<string, "oas" | "asyncapi">> = { "spectral:oas": "oas", "spectral:asyncapi": "asyncapi" }

const modes: ReadonlyArray<RulesetMode> = ["off", "recommended", "all"]

// Spectral's numeric severities: 0 error, 1 warn, 2 info, 3 hint; -1 off.
const numericSeverities: ReadonlyArray<RuleSeverity> = ["error", "warn", "info", "hint"]
const namedSeverities: ReadonlyArray<RuleSeverity> = ["error", "warn", "info", "hint", "off"]

/** A rule's setting as a ruleset file writes it, when it only sets a severity (not a rule of the file's own). */
const severityOf = (value: unknown): RuleSeverity | undefined => {
  if (value === true) return true
  if (value === false || value === -1) return "off"
  if (typeof value === "number") return numericSeverities[value]
  if (typeof value === "string") return namedSeverities.find((severity) => severity === value)
  if (Predicate.isRecord(value) && !("given" in value) && !("then" in value)) return severityOf(value["severity"] ?? true)
  return undefined
}

const dataOf = (file: SourceFile): Either.Either<unknown, string> =>
  /\.ya?ml$/i.test(file.path)
    ? parseYaml(file.content)
    : parseJsonc(file.content)

const listOf = (value: unknown): ReadonlyArray<unknown> => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value])

/**
 * The repository's ruleset file as a configuration of the shipped rulesets. `known` is every rule
 * they have: a rule the file names that none has is its own, which Tidemark cannot run.
 */
export const readConfiguration = (tool: string, file: SourceFile, known: ReadonlySet<string>): Either.Either<ReadConfiguration, ToolProblem> => {
  const problems: Array<ToolProblem> = []
  const unsupported = (message: string) => problems.push(new ToolProblem({ tool, code: "unsupported_configuration", file: file.path, message }))
  const unreadable = (reason: string) =>
    new ToolProblem({ tool, code: "unreadable_configuration", file: file.path, message: `${reason}: the enabled patterns apply instead` })

  return dataOf(file).pipe(
    Either.mapLeft(unreadable),
    Either.filterOrLeft((data): data is Record<string, unknown> => Predicate.isRecord(data) && !Array.isArray(data), () => unreadable("not a ruleset object")),
    Either.map((data) => {
      const chosen: Record<"oas" | "asyncapi", RulesetMode> = { oas: "off", asyncapi: "off" }
      for (const entry of listOf(data["extends"])) {
        const [name, requested]: ReadonlyArray<unknown> = Array.isArray(entry) ? [entry[0], entry[1] ?? "recommended"] : [entry, "recommended"]
        const ruleset = typeof name === "string" ? shippedRulesets[name] : undefined
        const mode = modes.find((candidate) => candidate === requested)
        if (ruleset === undefined || mode === undefined) {
          unsupported(`\`extends: ${JSON.stringify(entry)}\` is not spectral:oas or spectral:asyncapi (a package, a URL or another file is not read): the rest of the ruleset applies`)
        } else {
          chosen[ruleset] = mode
        }
      }
      const rules: Record<string, RuleSeverity> = {}
      const ownRules: Array<string> = []
      const rawRules = data["rules"]
      for (const [id, value] of Object.entries(Predicate.isRecord(rawRules) ? rawRules : {})) {
        const severity = severityOf(value)
        if (severity !== undefined && known.has(id)) rules[id] = severity
        else ownRules.push(id)
      }
      if (ownRules.length > 0) {
        unsupported(`rules of the ruleset's own (${ownRules.join(", ")}) need its functions, which Tidemark does not run: the shipped rules it sets apply`)
      }
      for (const key of ["overrides", "functions"] as const) {
        if (data[key] !== undefined) unsupported(`\`${key}\` is not followed: the rest of the ruleset applies`)
      }
      return { configuration: { ...chosen, rules }, problems }
    })
  )
}
