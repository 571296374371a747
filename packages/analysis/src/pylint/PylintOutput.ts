import { Either, Schema } from "effect"
import type { FileOutcome } from "../external/BatchedRun.js"
import type { ChildOutput } from "../external/ConfinedRun.js"

/**
 * What a run of `pylint --output-format=json` says: one JSON array of messages, each with its file
 * (`path`, as it was given), line, kind (`type`), id (`message-id`, `W0102`), symbol and text. Its
 * exit code is a bit field of the kinds it found (1 fatal, 2 error, 4 warning, 8 refactor, 16
 * convention); 32 is a usage error (an option it refused), when it reports nothing. A file it
 * cannot parse is a message of its own (`E0001 syntax-error`), a file it cannot read `F0001`.
 */

export class PylintFinding extends Schema.Class<PylintFinding>("PylintFinding")({
  type: Schema.Literal("fatal", "error", "warning", "refactor", "convention", "info"),
  path: Schema.String,
  line: Schema.Int,
  column: Schema.Int,
  symbol: Schema.String,
  message: Schema.String,
  "message-id": Schema.String
}) {}

const Report = Schema.parseJson(Schema.Array(PylintFinding))

const lastLineOf = (text: string): string => text.trim().split("\n").filter((line) => line.trim() !== "").at(-1) ?? ""

/** The run's findings by file given, or why the run cannot be read: never an empty report for a run that failed. */
export const readReport = (files: ReadonlyArray<string>, output: ChildOutput): Either.Either<ReadonlyMap<string, FileOutcome<ReadonlyArray<PylintFinding>>>, string> => {
  if (output.exitCode >= 32 || output.exitCode < 0) {
    const said = lastLineOf(output.stderr)
    return Either.left(`Pylint exited with code ${output.exitCode}${said === "" ? "" : `: ${said}`}`)
  }
  const decoded = Schema.decodeUnknownEither(Report)(output.stdout.trim() === "" ? "[]" : output.stdout)
  if (Either.isLeft(decoded)) return Either.left(`Pylint's output could not be read: ${output.stdout.slice(0, 200)}`)
  const findings = new Map<string, Array<PylintFinding>>(files.map((file) => [file, []]))
  for (const finding of decoded.right) {
    const list = findings.get(finding.path)
    if (list === undefined) return Either.left(`Pylint reported a file it was not given: ${finding.path}`)
    list.push(finding)
  }
  return Either.right(new Map([...findings].map(([file, list]) => [file, Either.right(list)])))
}
