import { Common } from "@tidemark/core"
import { Either, Schema } from "effect"
import { parseErrorText } from "./ParseErrorText.js"
import { uriRelativeToRoot } from "./RepositoryPath.js"

// Only the parts of SARIF 2.1.0 that make an issue are declared; every other property of the
// log is let through unread (Schema ignores excess properties), as SARIF producers add many.

const Level = Schema.Literal("none", "note", "warning", "error")
export type SarifLevel = typeof Level.Type

const Message = Schema.Struct({
  text: Schema.optional(Schema.String),
  markdown: Schema.optional(Schema.String),
  id: Schema.optional(Schema.String),
  arguments: Schema.optional(Schema.Array(Schema.String))
})

const Rule = Schema.Struct({
  id: Schema.String,
  name: Schema.optional(Schema.String),
  shortDescription: Schema.optional(Message),
  fullDescription: Schema.optional(Message),
  help: Schema.optional(Message),
  properties: Schema.optional(Schema.Struct({ tags: Schema.optional(Schema.Array(Schema.String)) })),
  messageStrings: Schema.optional(Schema.Record({ key: Schema.String, value: Message })),
  defaultConfiguration: Schema.optional(Schema.Struct({ level: Schema.optional(Level) }))
})

const Location = Schema.Struct({
  physicalLocation: Schema.optional(Schema.Struct({
    artifactLocation: Schema.optional(Schema.Struct({ uri: Schema.optional(Schema.String) })),
    region: Schema.optional(Schema.Struct({ startLine: Schema.optional(Schema.Int.pipe(Schema.positive())) }))
  }))
})

const Result = Schema.Struct({
  ruleId: Schema.optional(Schema.String),
  ruleIndex: Schema.optional(Schema.Int.pipe(Schema.nonNegative())),
  rule: Schema.optional(Schema.Struct({ id: Schema.optional(Schema.String), index: Schema.optional(Schema.Int) })),
  level: Schema.optional(Level),
  message: Message,
  locations: Schema.optional(Schema.Array(Location))
})

const Run = Schema.Struct({
  tool: Schema.Struct({
    driver: Schema.Struct({ name: Schema.String, rules: Schema.optional(Schema.Array(Rule)) })
  }),
  results: Schema.optional(Schema.NullOr(Schema.Array(Result)))
})

/** A SARIF 2.1.0 log, as far as issues need it. */
export const SarifLog = Schema.Struct({
  version: Schema.Literal("2.1.0"),
  runs: Schema.Array(Run)
}).annotations({ identifier: "SARIF log" })
export type SarifLog = typeof SarifLog.Type

/** One result of a client-side tool, ready to count as an issue of the commit. */
export interface SarifIssue {
  readonly tool: string
  readonly ruleId: string | undefined
  readonly level: SarifLevel
  readonly message: string
  /** Relative to the repository root; undefined for a result about no file (e.g. the project). */
  readonly file: string | undefined
  readonly line: number | undefined
}

/** A rule a log's tool describes (`tool.driver.rules`), or one only a result names. */
export interface SarifRule {
  readonly tool: string
  readonly id: string
  readonly title: string | undefined
  readonly description: string | undefined
  readonly level: SarifLevel
  readonly tags: ReadonlyArray<string>
}

export class SarifLogError extends Schema.TaggedError<SarifLogError>()("SarifLogError", {
  reason: Schema.String
}) {
  override get message(): string {
    return `invalid SARIF 2.1.0 log: ${this.reason}`
  }
}

const decode = Schema.decodeUnknownEither(SarifLog)

/** Reads a SARIF 2.1.0 log (the text of the uploaded file) into its issues, run by run. */
export const parseSarif = (content: string, root: string): Either.Either<ReadonlyArray<SarifIssue>, SarifLogError> =>
  Either.map(readSarif(content, root), (log) => log.issues)

/** The log's tools (each once, in order, whether they found anything or not) and its issues. */
export const readSarif = (
  content: string,
  root: string
): Either.Either<
  { readonly tools: ReadonlyArray<string>; readonly issues: ReadonlyArray<SarifIssue>; readonly rules: ReadonlyArray<SarifRule> },
  SarifLogError
> =>
  Either.try({
    // Its messages, rules and paths are stored, and PostgreSQL's text cannot hold NUL.
    try: (): unknown => JSON.parse(content, Common.refuseNul),
    catch: (error) => new SarifLogError({ reason: `not JSON: ${error instanceof Error ? error.message : String(error)}` })
  }).pipe(
    Either.flatMap((json) =>
      decode(json).pipe(Either.mapLeft((error) => new SarifLogError({ reason: parseErrorText(error) })))
    ),
    Either.map((log) => ({
      tools: [...new Set(log.runs.map((run) => run.tool.driver.name))],
      issues: log.runs.flatMap((run) => (run.results ?? []).map((result) => issueOf(run, result, root))),
      rules: log.runs.flatMap(rulesOf)
    }))
  )

type Run = typeof Run.Type
type Result = typeof Result.Type
type Rule = typeof Rule.Type

const issueOf = (run: Run, result: Result, root: string): SarifIssue => {
  const rule = ruleOf(run, result)
  const physical = result.locations?.[0]?.physicalLocation
  const uri = physical?.artifactLocation?.uri
  return {
    tool: run.tool.driver.name,
    ruleId: result.ruleId ?? result.rule?.id ?? rule?.id,
    // SARIF §3.27.10: without its own level a result takes its rule's default, else "warning".
    level: result.level ?? rule?.defaultConfiguration?.level ?? "warning",
    message: messageOf(result, rule),
    file: uri === undefined ? undefined : uriRelativeToRoot(uri, root),
    line: physical?.region?.startLine
  }
}

const textOf = (message: typeof Message.Type | undefined): string | undefined => message?.text ?? message?.markdown

/** The run's described rules, then those only its results name (SARIF does not oblige a tool to describe them). */
const rulesOf = (run: Run): ReadonlyArray<SarifRule> => {
  const tool = run.tool.driver.name
  const described = (run.tool.driver.rules ?? []).map((rule): SarifRule => ({
    tool,
    id: rule.id,
    title: textOf(rule.shortDescription) ?? rule.name,
    description: textOf(rule.fullDescription) ?? textOf(rule.help),
    level: rule.defaultConfiguration?.level ?? "warning",
    tags: rule.properties?.tags ?? []
  }))
  const known = new Set(described.map((rule) => rule.id))
  const named = new Map<string, SarifRule>()
  for (const result of run.results ?? []) {
    const id = result.ruleId ?? result.rule?.id
    if (id === undefined || known.has(id) || named.has(id) || ruleOf(run, result) !== undefined) continue
    named.set(id, { tool, id, title: undefined, description: undefined, level: result.level ?? "warning", tags: [] })
  }
  return [...described, ...named.values()]
}

// §3.27.6 and §3.52: a result names its rule by ruleIndex, rule.index or ruleId, in that order.
const ruleOf = (run: Run, result: Result): Rule | undefined => {
  const rules = run.tool.driver.rules ?? []
  const index = result.ruleIndex ?? result.rule?.index
  if (index !== undefined) return rules[index]
  const id = result.ruleId ?? result.rule?.id
  // A hierarchical ruleId ("CA2000/subrule") belongs to the rule named before the slash.
  return id === undefined ? undefined : rules.find((rule) => rule.id === id || id.startsWith(`${rule.id}/`))
}

// §3.11.7: a message given by id takes its text from the rule's messageStrings; §3.11.5: `{n}`
// stands for the result's n-th argument (`{{` and `}}` for the braces themselves).
const messageOf = (result: Result, rule: Rule | undefined): string => {
  const { text, markdown, id } = result.message
  const fromRule = id === undefined ? undefined : rule?.messageStrings?.[id]
  const template = text ?? markdown ?? fromRule?.text ?? fromRule?.markdown ?? rule?.shortDescription?.text ?? ""
  const args = result.message.arguments ?? []
  return template.replace(/\{\{|\}\}|\{(\d+)\}/g, (token, index: string | undefined) =>
    index === undefined ? token.charAt(0) : (args[Number(index)] ?? token)
  )
}

/** Tidemark's issue levels (api-facts: Info, Warning, Error) for a SARIF level. */
export const levelOfSarif = (level: SarifLevel): "Info" | "Warning" | "Error" =>
  level === "error" ? "Error" : level === "warning" ? "Warning" : "Info"
