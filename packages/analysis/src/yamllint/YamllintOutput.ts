import { Either, Schema } from "effect"
import type { FileOutcome } from "../external/BatchedRun.js"
import type { ChildOutput } from "../external/ConfinedRun.js"

/**
 * What a run of `yamllint -f parsable` says: one line a problem, `path:line:column: [level]
 * message (rule)`, the path as it was given; a file it cannot parse is one problem of the rule
 * `syntax` (`[error] syntax error: expected <block end>, but found '-' (syntax)`), after those its
 * rules found before it. A file with no problem prints nothing. Exit codes: 0 no error, 1 an error
 * found (a warning alone exits 0 without `--strict`), 255 yamllint stopped (a file it could not
 * read, a configuration it refused), saying why on standard error.
 */

export const YamllintLevel = Schema.Literal("error", "warning")
export type YamllintLevel = typeof YamllintLevel.Type

export class YamllintProblem extends Schema.Class<YamllintProblem>("YamllintProblem")({
  rule: Schema.String,
  level: YamllintLevel,
  line: Schema.Int,
  column: Schema.Int,
  message: Schema.String
}) {}

const lineOf = /^(.*):(\d+):(\d+): \[(error|warning)\] (.*) \(([a-z-]+)\)$/

const lastLineOf = (text: string): string => text.trim().split("\n").filter((line) => line.trim() !== "").at(-1) ?? ""

/** The run's problems by file given, or why the run cannot be read: never an empty report for a run that failed. */
export const readReport = (files: ReadonlyArray<string>, output: ChildOutput): Either.Either<ReadonlyMap<string, FileOutcome<ReadonlyArray<YamllintProblem>>>, string> => {
  if (output.exitCode !== 0 && output.exitCode !== 1) {
    const said = lastLineOf(output.stderr)
    return Either.left(`yamllint exited with code ${output.exitCode}${said === "" ? "" : `: ${said}`}`)
  }
  const problems = new Map<string, Array<YamllintProblem>>(files.map((file) => [file, []]))
  for (const line of output.stdout.split("\n")) {
    if (line.trim() === "") continue
    const found = lineOf.exec(line)
    const list = found === null ? undefined : problems.get(found[1] ?? "")
    if (found === null || list === undefined) return Either.left(`yamllint's output could not be read: ${line.slice(0, 200)}`)
    list.push(new YamllintProblem({
      rule: found[6] ?? "",
      level: found[4] === "warning" ? "warning" : "error",
      line: Number(found[2]),
      column: Number(found[3]),
      message: found[5] ?? ""
    }))
  }
  return Either.right(new Map([...problems].map(([file, list]) => [file, Either.right(list)])))
}
