import { Either, Schema } from "effect"
import type { FileOutcome } from "../external/BatchedRun.js"
import type { ChildOutput } from "../external/ConfinedRun.js"
import { jsonObjectsOf } from "./JsonStream.js"

/**
 * What a run of Staticcheck (`-f json`: one JSON object a line, `code`, `location`, `message`) or
 * go vet (`-json`: per package, each analyzer's diagnostics with `posn` `file:line:col`, on
 * standard error) says, by the unit it was given: a package (`./dir`) or a file. A program that
 * could not type-check what it was given says so — Staticcheck as a finding of code `compile`, go
 * vet by its exit code — and that is never read as a clean unit.
 */

export class GoFinding extends Schema.Class<GoFinding>("GoFinding")({
  /** The check: Staticcheck's id (`SA4006`) or vet's analyzer (`printf`). */
  code: Schema.String,
  /** Absolute, as the program reports it. */
  file: Schema.String,
  line: Schema.Int,
  message: Schema.String
}) {}

/** One unit's findings, or why it has none. */
export type UnitOutcome = FileOutcome<ReadonlyArray<GoFinding>>

/** How the findings are sorted: the unit of a reported absolute file, if one was given. */
export type UnitOf = (file: string) => string | undefined

const lastLineOf = (text: string): string => text.trim().split("\n").filter((line) => line.trim() !== "").at(-1) ?? ""

const byUnit = (units: ReadonlyArray<string>, findings: ReadonlyArray<GoFinding>, unitOf: UnitOf): ReadonlyMap<string, UnitOutcome> => {
  const found = new Map<string, Array<GoFinding>>(units.map((unit) => [unit, []]))
  for (const finding of findings) found.get(unitOf(finding.file) ?? "")?.push(finding)
  return new Map([...found].map(([unit, list]) => [unit, Either.right(list)]))
}

const StaticcheckLine = Schema.parseJson(Schema.Struct({
  code: Schema.String,
  location: Schema.Struct({ file: Schema.String, line: Schema.Int }),
  message: Schema.String
}))
const decodeStaticcheckLine = Schema.decodeUnknownEither(StaticcheckLine)

/**
 * Staticcheck's report (exit code 1 when it found something). A unit it could not type-check has
 * no findings at all: alone, it is named as not analysed; among others, the run is read as failed,
 * so that each is run again alone (the others' findings would be missing otherwise, in file mode).
 */
export const readStaticcheck = (cwd: string, unitOf: UnitOf) => (units: ReadonlyArray<string>, output: ChildOutput): Either.Either<ReadonlyMap<string, UnitOutcome>, string> => {
  if (output.exitCode !== 0 && output.exitCode !== 1) return Either.left(`Staticcheck exited with code ${output.exitCode}: ${lastLineOf(output.stderr)}`)
  const findings: Array<GoFinding> = []
  for (const line of output.stdout.split("\n").filter((text) => text.trim() !== "")) {
    const decoded = decodeStaticcheckLine(line)
    if (Either.isLeft(decoded)) return Either.left(`Staticcheck's output could not be read: ${line.slice(0, 200)}`)
    const { code, location, message } = decoded.right
    const file = location.file.startsWith("/") ? location.file : `${cwd}/${location.file}`
    if (code === "compile") {
      const said = `Staticcheck could not type-check it: ${location.file}:${location.line}: ${message}`
      // Alone, the unit is what could not be checked, even where the error is in a package it imports (toml's cmd/ on Go 1.19).
      const [unit] = units
      if (units.length > 1 || unit === undefined) return Either.left(said)
      return Either.right(new Map([[unit, Either.left(said)]]))
    }
    findings.push(new GoFinding({ code, file, line: location.line, message }))
  }
  return Either.right(byUnit(units, findings, unitOf))
}

const Diagnostic = Schema.Struct({ posn: Schema.String, message: Schema.String })
const VetPackage = Schema.Record({ key: Schema.String, value: Schema.Union(Schema.Array(Diagnostic), Schema.Struct({ error: Schema.String })) })
const decodeVetObject = Schema.decodeUnknownEither(Schema.parseJson(Schema.Record({ key: Schema.String, value: VetPackage })))

/** go vet's report: a run that could not load or type-check what it was given exits non-zero. */
export const readGoVet = (unitOf: UnitOf) => (units: ReadonlyArray<string>, output: ChildOutput): Either.Either<ReadonlyMap<string, UnitOutcome>, string> => {
  if (output.exitCode !== 0) return Either.left(`go vet exited with code ${output.exitCode}: ${lastLineOf(output.stderr)}`)
  const findings: Array<GoFinding> = []
  for (const text of jsonObjectsOf(output.stderr)) {
    const decoded = decodeVetObject(text)
    if (Either.isLeft(decoded)) return Either.left(`go vet's output could not be read: ${text.slice(0, 200)}`)
    for (const [pkg, analyzers] of Object.entries(decoded.right)) {
      for (const [analyzer, reported] of Object.entries(analyzers)) {
        if (!Array.isArray(reported)) return Either.left(`go vet's ${analyzer} failed on ${pkg}: ${"error" in reported ? reported.error : ""}`)
        for (const diagnostic of reported) {
          const at = /^(.*?):(\d+)(?::\d+)?$/.exec(diagnostic.posn)
          if (at === null) continue
          findings.push(new GoFinding({ code: analyzer, file: at[1] ?? "", line: Number(at[2]), message: diagnostic.message }))
        }
      }
    }
  }
  return Either.right(byUnit(units, findings, unitOf))
}

/**
 * Whether a run's failure is the type checker finding names declared nowhere among the files it
 * was given (`undeclared name: Command`, `undefined: Command` since Go 1.20): what a package's
 * files checked without the ones left out (those importing a module the checkout does not hold)
 * meet. Each of them alone has fewer declarations still, so running them again one by one, as for
 * a run that crashed, costs a run each for nothing (18 of cobra's files, twice over).
 */
export const lacksDeclarations = (reason: string): boolean => /\b(?:undeclared name|undefined): /.test(reason)
