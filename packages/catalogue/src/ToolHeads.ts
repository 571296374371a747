import { Pattern, ToolDefinitions } from "@tidemark/core"
import { Schema } from "effect"
import checkstyleModulesData from "./data/checkstyle-modules.json" with { type: "json" }
import checkstyle from "./data/checkstyle.json" with { type: "json" }
import cppcheck from "./data/cppcheck.json" with { type: "json" }
import phpcs from "./data/phpcs.json" with { type: "json" }
import rubocop from "./data/rubocop.json" with { type: "json" }
import ruff from "./data/ruff.json" with { type: "json" }
import shellcheck from "./data/shellcheck.json" with { type: "json" }
import { toolData, versionOf } from "./ToolData.js"
import yamllintPresetsData from "./data/yamllint-presets.json" with { type: "json" }
import yamllint from "./data/yamllint.json" with { type: "json" }

/**
 * The catalogue's tools without their patterns: what an analysis thread needs to run a tool (its
 * uuid, name, prefix, languages, configuration files). Decoding every pattern (some 1 300) costs
 * a thread's start more than a second on a loaded machine, and the thread never reads them: the
 * repository's enabled patterns come with each analysis.
 */

const Head = Schema.Struct(ToolDefinitions.ToolDefinition.fields).pipe(Schema.omit("patterns"))

export const toolHeads: ReadonlyArray<ToolDefinitions.ToolDefinition> = toolData.map((data) => {
  const { patterns: _patterns, ...head } = data
  const decoded = Schema.decodeUnknownSync(Head)(head)
  const version = versionOf(decoded.name)
  return new ToolDefinitions.ToolDefinition({ ...decoded, ...(version === undefined ? {} : { version }), patterns: [] })
})

/**
 * ShellCheck's optional checks (off in ShellCheck unless enabled by name), each with the codes it
 * adds (`SC2250`), as the catalogue's patterns are tagged (`optional:<name>`): a run enables only
 * those whose patterns are enabled, since each costs ShellCheck memory on long scripts.
 */
export const shellCheckOptionalChecks: ReadonlyMap<string, ReadonlyArray<string>> = (() => {
  const byName = new Map<string, Array<string>>()
  for (const { definition } of shellcheck.patterns) {
    const name = definition.tags.find((tag) => tag.startsWith("optional:"))?.slice("optional:".length)
    if (name !== undefined) byName.set(name, [...(byName.get(name) ?? []), definition.id.slice(shellcheck.patternPrefix.length)])
  }
  return byName
})()

/**
 * Cppcheck's severity as the catalogue's: an error is undefined behaviour or a crash, a warning
 * a likely fault; portability and performance are faults on some platforms or in some hot path,
 * counted as warnings (as the original service counts them); style and information are advice.
 * The catalogue's patterns are made with it, and an analysis gives each finding its severity with it.
 */
export const cppcheckSeverityLevels = {
  error: "Error",
  warning: "Warning",
  portability: "Warning",
  performance: "Warning",
  style: "Info",
  information: "Info"
} as const satisfies Readonly<Record<string, Pattern.SeverityLevel>>

/**
 * Each Cppcheck check's severity (its pattern's first tag: error, warning, style, performance,
 * portability, information), by Cppcheck's id: a run enables (`--enable=`) the severities of the
 * enabled patterns only, since Cppcheck runs a severity's checks only when asked.
 */
export const cppcheckSeverities: ReadonlyMap<string, string> = new Map(
  cppcheck.patterns.map(({ definition }) => [definition.id.slice(cppcheck.patternPrefix.length), definition.tags[0] ?? "error"])
)

/**
 * RuboCop's severity as an issue's: convention, refactor and info are advice, a warning a likely
 * fault, an error or a fatal (a file RuboCop cannot parse) an error. An analysis gives a finding
 * the severity its repository's configuration chose (`Severity:`) with it.
 */
export const rubocopSeverityLevels = {
  info: "Info",
  refactor: "Info",
  convention: "Info",
  warning: "Warning",
  error: "Error",
  fatal: "Error"
} as const satisfies Readonly<Record<string, Pattern.SeverityLevel>>

/**
 * A RuboCop cop's pattern severity, by its name: a syntax error is the file not parsed, a Security
 * cop's finding an attack surface (Error); a Lint cop's a likely fault (Warning); the rest advice.
 * The catalogue's patterns are made with it, and an analysis that follows a repository's own
 * configuration gives a cop the catalogue has not enabled the same.
 */
export const rubocopPatternSeverity = (cop: string): Pattern.SeverityLevel =>
  cop === "Lint/Syntax" || cop.startsWith("Security/") ? "Error" : cop.startsWith("Lint/") ? "Warning" : "Info"

/**
 * The severity RuboCop reports each cop with unless a configuration changes it (its pattern's
 * first tag), by cop name: a finding at that severity takes its pattern's, one at another the
 * severity the repository chose.
 */
export const rubocopSeverities: ReadonlyMap<string, string> = new Map(
  rubocop.patterns.map(({ definition }) => [definition.id.slice(rubocop.patternPrefix.length), definition.tags[0] ?? "warning"])
)

/** What yamllint reports a file it cannot parse as, in place of a rule's id (`(syntax)`). */
export const yamllintSyntaxRule = "syntax"

/**
 * A yamllint rule's pattern severity: a file that does not parse or a duplicated key is data lost
 * or misread (Error); a truthy value (`yes`, `on`) one that YAML 1.1 and 1.2 read differently
 * (Warning); the rest are how the file is written (Info). The catalogue's patterns are made with
 * it, and an analysis that follows a repository's configuration gives a rule the catalogue has not
 * enabled the same.
 */
export const yamllintPatternSeverity = (rule: string): Pattern.SeverityLevel =>
  rule === yamllintSyntaxRule || rule === "key-duplicates" ? "Error" : rule === "truthy" ? "Warning" : "Info"

/** yamllint's levels as an issue's severity, for a rule whose `level` the repository chose. */
export const yamllintLevels = { error: "Error", warning: "Warning" } as const satisfies Readonly<Record<string, Pattern.SeverityLevel>>

/** yamllint's rules, by id (its syntax error is not one: no configuration names it). */
export const yamllintRuleIds: ReadonlySet<string> = new Set(
  yamllint.patterns.map(({ definition }) => definition.id.slice(yamllint.patternPrefix.length)).filter((rule) => rule !== yamllintSyntaxRule)
)

const YamllintPreset = Schema.Struct({
  extends: Schema.optional(Schema.String),
  rules: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  "yaml-files": Schema.optional(Schema.Array(Schema.String))
})

/** yamllint's own configurations (`default`, `relaxed`), by name, as its files hold them: what `extends:` names. */
export const yamllintPresets: Readonly<Record<string, typeof YamllintPreset.Type>> = Schema.decodeUnknownSync(
  Schema.Record({ key: Schema.String, value: YamllintPreset })
)(yamllintPresetsData)

const CheckstyleModule = Schema.Struct({
  parent: Schema.Literal("Checker", "TreeWalker"),
  kind: Schema.Literal("check", "filter"),
  /** Its properties (without `id` and `severity`, which every module has). */
  properties: Schema.Array(Schema.String)
})

/**
 * Every module of the Checkstyle Tidemark runs (its checks and filters), by the name a
 * configuration gives it, with the module it sits under and its properties: what the configuration
 * an analysis writes for Checkstyle may name, and where (Checkstyle refuses a whole configuration
 * for one module or property it does not have).
 */
export const checkstyleModules: ReadonlyMap<string, typeof CheckstyleModule.Type> = new Map(
  Object.entries(Schema.decodeUnknownSync(Schema.Record({ key: Schema.String, value: CheckstyleModule }))(checkstyleModulesData))
)

/** Each Checkstyle check's pattern severity, by module name: a check a repository's configuration runs takes it too. */
export const checkstyleSeverities: ReadonlyMap<string, Pattern.SeverityLevel> = new Map(
  checkstyle.patterns.map(({ definition }) => [definition.id.slice(checkstyle.patternPrefix.length), Schema.decodeUnknownSync(Pattern.SeverityLevel)(definition.severityLevel)])
)
/** A Pylint message's pattern severity, by its kind (the id's letter): error and fatal → Error, warning → Warning, the rest → Info. */
export const pylintPatternSeverity = (id: string): Pattern.SeverityLevel => {
  const kind = id.charAt(0)
  return kind === "E" || kind === "F" ? "Error" : kind === "W" ? "Warning" : "Info"
}

/** PHP_CodeSniffer's patterns' prefix: a pattern's id is the sniff's code after it, its dots as underscores. */
export const phpcsPatternPrefix = "PHPCS_"

/** `Generic.PHP.Syntax` → `PHPCS_Generic_PHP_Syntax`, as the original service named its patterns. */
export const phpcsPatternId = (sniff: string): string => `${phpcsPatternPrefix}${sniff.replaceAll(".", "_")}`

/** Each catalogued sniff's pattern severity, by its code (`Generic.PHP.Syntax`, its pattern's last tag). */
const phpcsSeverities: ReadonlyMap<string, Pattern.SeverityLevel> = new Map(
  phpcs.patterns.map(({ definition }) => [definition.tags.at(-1) ?? "", definition.level === "Error" || definition.level === "Warning" ? definition.level : "Info"])
)

/** The sniffs of the catalogue (those that check PHP and run no other program), by code. */
export const phpcsSniffCodes: ReadonlySet<string> = new Set(phpcsSeverities.keys())

/**
 * A sniff's pattern severity: the catalogue's (a fault PHP refuses is an Error, a likely fault a
 * Warning, the rest Info); an analysis that follows a repository's ruleset gives a sniff the
 * catalogue has not enabled the same.
 */
export const phpcsPatternSeverity = (sniff: string): Pattern.SeverityLevel => phpcsSeverities.get(sniff) ?? "Info"

/** PHP_CodeSniffer's message types as an issue's severity, for a sniff whose `<type>` the repository's ruleset chose. */
export const phpcsTypes = { ERROR: "Error", WARNING: "Warning" } as const satisfies Readonly<Record<string, Pattern.SeverityLevel>>

/** The tag of a Ruff pattern whose every fix keeps the code's meaning (scripts/RuffRules.ts' `safeFix`). */
export const ruffSafeFixTag = "fix-safe"

/**
 * Ruff's codes whose fixes become quick fixes: those tagged `fix-safe`. Ruff's WASM build gives
 * every fix without saying whether it is safe, so the catalogue's reading of Ruff's source decides.
 */
export const ruffSafeFixCodes: ReadonlySet<string> = new Set(
  ruff.patterns
    .filter((pattern) => pattern.definition.tags.includes(ruffSafeFixTag))
    .map((pattern) => pattern.definition.id.slice(ruff.patternPrefix.length))
)
