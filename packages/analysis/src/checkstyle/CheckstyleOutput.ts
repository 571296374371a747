import { resolve } from "node:path"
import { Either, ParseResult, Schema } from "effect"
import type { FileOutcome } from "../external/BatchedRun.js"
import type { ChildOutput } from "../external/ConfinedRun.js"
import { parseXml } from "../XmlDocument.js"

/**
 * What a run of `checkstyle -f xml` says on standard output: one `<file name>` per file given
 * (the name made absolute against the working folder), each `<error>` with its line, column,
 * Checkstyle's severity, message and `source`: the check's class
 * (`com.puppycrawl.tools.checkstyle.checks.blocks.EmptyBlockCheck`), or the `id` the configuration
 * gave its module. A file Checkstyle could not parse (with `haltOnException` off, as Tidemark
 * writes it) is one error of the source `…Checker` whose message is the exception: that file is
 * not analysed, and named so. The exit code is the number of errors (modulo 256), so it says
 * nothing: a run that failed (a configuration refused, the JVM out of memory) is told by a report
 * that is not a whole document, and its reason by standard error's last line.
 */

export class CheckstyleFinding extends Schema.Class<CheckstyleFinding>("CheckstyleFinding")({
  /** The check's module name (`EmptyBlock`), a module's `id` taken back to its check. */
  check: Schema.String,
  line: Schema.Int,
  message: Schema.String
}) {}

const Reported = Schema.Struct({
  line: Schema.NumberFromString.pipe(Schema.int()),
  message: Schema.String,
  source: Schema.String
})

const Document = Schema.Struct({
  // A run that found nothing in no file writes an empty `<checkstyle>`, read as the empty string.
  checkstyle: Schema.Union(Schema.Literal(""), Schema.Struct({ file: Schema.optional(Schema.Array(Schema.Struct({ name: Schema.String, error: Schema.optional(Schema.Array(Reported)) }))) }))
})

const repeated: ReadonlySet<string> = new Set(["file", "error"])

const checkerSource = "com.puppycrawl.tools.checkstyle.Checker"

/** A check's module name from a finding's source: its class's name without `Check`, or the check an `id` stands for. */
export const checkOfSource = (source: string, ids: Readonly<Record<string, string>>): string => {
  const own = ids[source]
  if (own !== undefined) return own
  if (!source.startsWith("com.puppycrawl.tools.checkstyle.")) return source
  const simple = source.slice(source.lastIndexOf(".") + 1)
  return simple.endsWith("Check") ? simple.slice(0, -"Check".length) : simple
}

/** Why Checkstyle could not parse the file, from the exception it reports: the parser's last words (`2:19: unexpected token: {`). */
export const parseFailureOf = (message: string): string => {
  const causes = [...message.matchAll(/Caused by: (?:[\w.$]+: )?\S*?:(\d+):(\d+): ([^\n&]*)/g)]
  const last = causes.at(-1)
  if (last !== undefined) return `Checkstyle could not parse it: line ${last[1]}, column ${last[2]}: ${last[3]?.trim()}`
  return `Checkstyle could not analyse it: ${message.split("\n")[0]?.replace(/^Got an exception - /, "").slice(0, 300) ?? ""}`
}

const meaningful = (text: string): ReadonlyArray<string> =>
  text.trim().split("\n").filter((line) => line.trim() !== "" && !line.startsWith("Picked up JAVA_TOOL_OPTIONS") && !/^\s+(?:at |\.\.\. )/.test(line) && !/^Checkstyle ends with/.test(line))

/** Why a run stopped, from what it wrote: the first exception it printed (a configuration refused, the heap spent), else its last words. */
const reasonOf = (text: string): string => {
  const lines = meaningful(text)
  return lines.find((line) => /(?:Exception|Error): /.test(line)) ?? lines.at(-1) ?? ""
}

/** The run's findings by file given (relative to `root`), or why the run cannot be read: never an empty report for a run that failed. */
export const readReport = (root: string, ids: Readonly<Record<string, string>>) =>
  (files: ReadonlyArray<string>, output: ChildOutput): Either.Either<ReadonlyMap<string, FileOutcome<ReadonlyArray<CheckstyleFinding>>>, string> => {
    const failed = (why: string) => {
      // Checkstyle says why it stopped on standard output (a configuration it cannot find) or standard error (an exception).
      const said = (output.stdout.startsWith("<?xml") ? "" : reasonOf(output.stdout)) || reasonOf(output.stderr)
      return Either.left(`Checkstyle ${why} (exit code ${output.exitCode})${said === "" ? "" : `: ${said.slice(0, 500)}`}`)
    }
    if (!output.stdout.trimEnd().endsWith("</checkstyle>") && !/<checkstyle[^>]*\/>\s*$/.test(output.stdout)) return failed("wrote no whole report")
    const parsed = parseXml(output.stdout, repeated)
    if (Either.isLeft(parsed)) return failed(`wrote a report that could not be read: ${parsed.left.reason}`)
    const decoded = Schema.decodeUnknownEither(Document)(parsed.right)
    if (Either.isLeft(decoded)) return failed(`wrote a report that could not be read: ${ParseResult.TreeFormatter.formatErrorSync(decoded.left).split("\n")[0] ?? ""}`)
    const byName = new Map(files.map((file) => [resolve(root, file), file]))
    const findings = new Map<string, Array<CheckstyleFinding>>(files.map((file) => [file, []]))
    const failures = new Map<string, string>()
    const { checkstyle } = decoded.right
    for (const reported of checkstyle === "" ? [] : checkstyle.file ?? []) {
      const file = byName.get(resolve(root, reported.name))
      const list = file === undefined ? undefined : findings.get(file)
      if (file === undefined || list === undefined) continue
      for (const error of reported.error ?? []) {
        if (error.source === checkerSource) failures.set(file, parseFailureOf(error.message))
        else list.push(new CheckstyleFinding({ check: checkOfSource(error.source, ids), line: error.line, message: error.message }))
      }
    }
    return Either.right(new Map(files.map((file): [string, FileOutcome<ReadonlyArray<CheckstyleFinding>>] => {
      const failure = failures.get(file)
      return [file, failure === undefined ? Either.right(findings.get(file) ?? []) : Either.left(failure)]
    })))
  }
