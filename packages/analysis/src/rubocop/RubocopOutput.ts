import { rubocopSeverityLevels } from "@tidemark/catalogue/ToolHeads"
import { Either, ParseResult, Schema } from "effect"
import type { FileOutcome } from "../external/BatchedRun.js"
import type { ChildOutput } from "../external/ConfinedRun.js"
import type { IssueSeverity } from "../LintResult.js"

/**
 * What a run of `rubocop --format json` says, file by file. Its standard output is one JSON
 * document, `{"files": [{"path", "offenses": [...]}]}`, each offence with its cop, severity,
 * message and location; a file the configuration excludes (`--force-exclusion`) is not listed.
 * Exit codes: 0 nothing found, 1 offences found, 2 RuboCop stopped (a file it could not read, a
 * configuration it refused), saying why on standard error.
 */

export const RubocopSeverity = Schema.Literal("info", "refactor", "convention", "warning", "error", "fatal")
export type RubocopSeverity = typeof RubocopSeverity.Type

/** RuboCop's severity as an issue's. */
export const severityOfRubocop: Readonly<Record<RubocopSeverity, IssueSeverity>> = rubocopSeverityLevels

export class RubocopOffence extends Schema.Class<RubocopOffence>("RubocopOffence")({
  cop: Schema.String,
  severity: RubocopSeverity,
  line: Schema.Int,
  message: Schema.String
}) {}

const Reported = Schema.Struct({
  severity: RubocopSeverity,
  message: Schema.String,
  cop_name: Schema.String,
  location: Schema.Struct({ start_line: Schema.Int })
})

const Report = Schema.parseJson(Schema.Struct({
  files: Schema.Array(Schema.Struct({ path: Schema.String, offenses: Schema.Array(Reported) }))
}))

/** The cop that says RuboCop could not parse the file: then it checked nothing else in it. */
export const syntaxCop = "Lint/Syntax"

const lastLineOf = (text: string): string => text.trim().split("\n").filter((line) => line.trim() !== "").at(-1) ?? ""

/** A path as RuboCop reports it, as the tree names it. */
const treePath = (path: string): string => path.replace(/^(?:\.\/)+/, "")

/** The run's offences by file given, or why the run cannot be read: never an empty report for a run that failed. */
export const readReport = (files: ReadonlyArray<string>, output: ChildOutput): Either.Either<ReadonlyMap<string, FileOutcome<ReadonlyArray<RubocopOffence>>>, string> => {
  if (output.exitCode !== 0 && output.exitCode !== 1) {
    const said = lastLineOf(output.stderr)
    return Either.left(`RuboCop exited with code ${output.exitCode}${said === "" ? "" : `: ${said}`}`)
  }
  const decoded = Schema.decodeUnknownEither(Report)(output.stdout)
  if (Either.isLeft(decoded)) return Either.left(`RuboCop's output could not be read: ${ParseResult.TreeFormatter.formatErrorSync(decoded.left).split("\n")[0] ?? ""}`)
  const reported = new Map(decoded.right.files.map((file) => [treePath(file.path), file.offenses]))
  return Either.right(new Map(files.map((file): [string, FileOutcome<ReadonlyArray<RubocopOffence>>] => [
    file,
    Either.right((reported.get(treePath(file)) ?? []).map((o) => new RubocopOffence({ cop: o.cop_name, severity: o.severity, line: o.location.start_line, message: o.message })))
  ])))
}
