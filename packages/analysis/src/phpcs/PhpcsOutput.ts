import { Either, ParseResult, Schema } from "effect"
import type { FileOutcome } from "../external/BatchedRun.js"
import type { ChildOutput } from "../external/ConfinedRun.js"

/**
 * What a run of `phpcs --report=json` says: one JSON document, `{"totals", "files": {path:
 * {"messages": [...]}}}`, each message with its `source` (the sniff's code and the message's:
 * `Generic.PHP.Syntax.PHPSyntax`), its type (ERROR or WARNING), line and column; with `--basepath`
 * a path is relative to it. A file phpcs left out (an exclude pattern) is not listed. phpcs's own
 * messages have sources under `Internal.` (`Internal.NoCodeFound`, `Internal.Tokenizer.Exception`).
 * Exit codes: 0 nothing found, 1 something found, 2 something its fixer could fix, 3 phpcs stopped
 * (a ruleset it refused), saying why on standard output (`ERROR: Referenced sniff … does not exist`).
 */

export const PhpcsType = Schema.Literal("ERROR", "WARNING")

/** A message as the report holds it: its source (`Generic.PHP.Syntax.PHPSyntax`), type, line and words (its column and fixability are not kept). */
const Reported = Schema.Struct({ source: Schema.String, type: PhpcsType, line: Schema.Int, message: Schema.String })
export type PhpcsMessage = typeof Reported.Type

const Report = Schema.parseJson(Schema.Struct({ files: Schema.Record({ key: Schema.String, value: Schema.Struct({ messages: Schema.Array(Reported) }) }) }))

/** The sniff a message's source names (its code less the message's): `Generic.PHP.Syntax`. */
export const sniffOf = (source: string): string => source.split(".").slice(0, 3).join(".")

// phpcs says why it stopped first (`ERROR: …`), then how to ask for help.
const firstLineOf = (text: string): string => text.trim().split("\n").find((line) => line.trim() !== "") ?? ""

/** The run's messages by file given, or why the run cannot be read: never an empty report for a run that failed. */
export const readReport = (files: ReadonlyArray<string>, output: ChildOutput): Either.Either<ReadonlyMap<string, FileOutcome<ReadonlyArray<PhpcsMessage>>>, string> => {
  if (output.exitCode < 0 || output.exitCode > 2) {
    const said = firstLineOf(output.stdout.startsWith("{") ? output.stderr : `${output.stdout}\n${output.stderr}`)
    return Either.left(`phpcs exited with code ${output.exitCode}${said === "" ? "" : `: ${said}`}`)
  }
  const decoded = Schema.decodeUnknownEither(Report)(output.stdout)
  if (Either.isLeft(decoded)) return Either.left(`phpcs's output could not be read: ${ParseResult.TreeFormatter.formatErrorSync(decoded.left).split("\n")[0] ?? ""}`)
  const reported = decoded.right.files
  return Either.right(new Map(files.map((file): [string, FileOutcome<ReadonlyArray<PhpcsMessage>>] => [
    file,
    Either.right((reported[file]?.messages ?? []).map(({ source, type, line, message }) => ({ source, type, line, message })))
  ])))
}
