import { cppcheckSeverityLevels } from "@tidemark/catalogue/ToolHeads"
import { Either, ParseResult, Schema } from "effect"
import type { FileOutcome } from "../external/BatchedRun.js"
import type { ChildOutput } from "../external/ConfinedRun.js"
import type { IssueSeverity } from "../LintResult.js"
import { parseXml } from "../XmlDocument.js"
import { reportedPath } from "./CppcheckFiles.js"

/**
 * What a run of `cppcheck --xml --xml-version=2` says, source by source. Its findings are written
 * on standard error as one XML document: each `<error>` has Cppcheck's id, severity and message,
 * `file0` (the source it was checking) and its locations, the first where the fault is (the
 * source, or a header it includes); standard output carries only Cppcheck's own complaints
 * (`cppcheck: error: …`), with exit code 1. A finding without `file0` is of the whole program
 * (`ctunullpointer`: a value passed from another source), left out (CppcheckUnlisted.ts says why).
 */

export const CppcheckSeverity = Schema.Literal("error", "warning", "style", "performance", "portability", "information")
export type CppcheckSeverity = typeof CppcheckSeverity.Type

/** Cppcheck's severity as an issue's, as the catalogue's patterns have it. */
export const severityOfCppcheck: Readonly<Record<CppcheckSeverity, IssueSeverity>> = cppcheckSeverityLevels

export class CppcheckFinding extends Schema.Class<CppcheckFinding>("CppcheckFinding")({
  id: Schema.String,
  severity: CppcheckSeverity,
  /** Where the fault is, relative to the checkout: the source checked or a header it includes. */
  file: Schema.String,
  line: Schema.Int,
  message: Schema.String
}) {}

/**
 * Ids that say Cppcheck could not analyse the source (it stops there): the source is then not
 * analysed, and named so, rather than counted with one issue.
 */
export const notAnalysedIds: ReadonlySet<string> = new Set([
  "syntaxError",
  "unknownMacro",
  "internalAstError",
  "cppcheckError",
  "cppcheckLimit",
  "instantiationError",
  "internalError"
])

const Location = Schema.Struct({ file: Schema.String, line: Schema.NumberFromString.pipe(Schema.int()) })

const Reported = Schema.Struct({
  id: Schema.String,
  severity: CppcheckSeverity,
  msg: Schema.String,
  file0: Schema.optional(Schema.String),
  location: Schema.optional(Schema.Array(Location))
})

const Document = Schema.Struct({
  results: Schema.Struct({
    // An empty `<errors>` element is read as the empty string.
    errors: Schema.Union(Schema.Literal(""), Schema.Struct({ error: Schema.optional(Schema.Array(Reported)) }))
  })
})

const repeated: ReadonlySet<string> = new Set(["error", "location"])

/** One source's findings, or why it has none. */
export type UnitOutcome = FileOutcome<ReadonlyArray<CppcheckFinding>>

const lastLineOf = (text: string): string => text.trim().split("\n").filter((line) => line.trim() !== "").at(-1) ?? ""

/** The message as it reads: Cppcheck writes a line break as `\012`; its note of the configuration checked says nothing here. */
const messageOf = (msg: string): string => msg.replace(/\\012/g, "\n").replace(/\s*Configuration: '[^']*'\.$/, "")

const failureOf = (finding: CppcheckFinding): string => `Cppcheck could not analyse it: ${finding.file}:${finding.line}: ${finding.message} (${finding.id})`

/** The run's findings by source given (`units`, as Cppcheck was given them), or why the run cannot be read: never an empty report for a run that failed. */
export const readReport = (units: ReadonlyArray<string>, output: ChildOutput): Either.Either<ReadonlyMap<string, UnitOutcome>, string> => {
  if (output.exitCode !== 0) {
    const said = lastLineOf(output.stdout)
    return Either.left(`Cppcheck exited with code ${output.exitCode}${said === "" ? "" : `: ${said}`}`)
  }
  const parsed = parseXml(output.stderr, repeated)
  if (Either.isLeft(parsed)) return Either.left(`Cppcheck's output could not be read: ${parsed.left.reason}`)
  const decoded = Schema.decodeUnknownEither(Document)(parsed.right)
  if (Either.isLeft(decoded)) return Either.left(`Cppcheck's output could not be read: ${ParseResult.TreeFormatter.formatErrorSync(decoded.left).split("\n")[0] ?? ""}`)
  const { errors } = decoded.right.results
  const byUnit = new Map<string, Array<CppcheckFinding>>(units.map((unit) => [reportedPath(unit), []]))
  for (const reported of errors === "" ? [] : errors.error ?? []) {
    const at = reported.location?.[0]
    const found = reported.file0 === undefined ? undefined : byUnit.get(reportedPath(reported.file0))
    if (at === undefined || found === undefined) continue
    found.push(new CppcheckFinding({ id: reported.id, severity: reported.severity, file: reportedPath(at.file), line: at.line, message: messageOf(reported.msg) }))
  }
  return Either.right(new Map(units.map((unit): [string, UnitOutcome] => {
    const findings = byUnit.get(reportedPath(unit)) ?? []
    const failure = findings.find((finding) => notAnalysedIds.has(finding.id))
    return [unit, failure === undefined ? Either.right(findings) : Either.left(failureOf(failure))]
  })))
}
