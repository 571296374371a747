import { Either, ParseResult, Schema } from "effect"
import type { IssueSeverity } from "../LintResult.js"

/**
 * What a run of `shellcheck --format=json1` says, file by file. Its standard output is one JSON
 * object, `{"comments": [...]}`, each comment with the file as it was given, its line, level, code
 * and message; a file it could not read is named on standard error (`a.sh: a.sh: openBinaryFile:
 * does not exist`) and the run exits 2. Exit codes: 0 nothing found, 1 something found, 2 some
 * file could not be processed, 3 and 4 bad options.
 */

export const ShellCheckLevel = Schema.Literal("error", "warning", "info", "style")
export type ShellCheckLevel = typeof ShellCheckLevel.Type

export class ShellCheckComment extends Schema.Class<ShellCheckComment>("ShellCheckComment")({
  file: Schema.String,
  line: Schema.Int,
  column: Schema.Int,
  level: ShellCheckLevel,
  code: Schema.Int,
  message: Schema.String
}) {}

const Json1 = Schema.parseJson(Schema.Struct({ comments: Schema.Array(ShellCheckComment) }))

/** ShellCheck's level as an issue's severity: style is advice, as info is. */
export const severityOfLevel: Readonly<Record<ShellCheckLevel, IssueSeverity>> = {
  error: "Error",
  warning: "Warning",
  info: "Info",
  style: "Info"
}

/** One run's reading: the comments of each file given, and the files it could not read, with why. */
export interface ShellCheckReport {
  readonly comments: ReadonlyMap<string, ReadonlyArray<ShellCheckComment>>
  readonly unreadable: ReadonlyMap<string, string>
}

/** The run's output, or why it cannot be taken for one: never an empty report for a run that failed. */
export const readReport = (files: ReadonlyArray<string>, exitCode: number, stdout: string, stderr: string): Either.Either<ShellCheckReport, string> => {
  const lastLine = stderr.trim().split("\n").at(-1) ?? ""
  if (exitCode !== 0 && exitCode !== 1 && exitCode !== 2) return Either.left(`ShellCheck exited with code ${exitCode}${lastLine === "" ? "" : `: ${lastLine}`}`)
  const decoded = Schema.decodeUnknownEither(Json1)(stdout)
  if (Either.isLeft(decoded)) {
    return Either.left(`ShellCheck's output could not be read (exit code ${exitCode}${lastLine === "" ? "" : `, ${lastLine}`}): ${ParseResult.TreeFormatter.formatErrorSync(decoded.left).split("\n")[0] ?? ""}`)
  }
  const given = new Set(files)
  const unreadable = new Map<string, string>()
  for (const line of stderr.split("\n")) {
    const file = files.find((path) => line.startsWith(`${path}: `))
    if (file !== undefined) unreadable.set(file, line.slice(file.length + 2).replace(`${file}: `, ""))
  }
  if (exitCode === 2 && unreadable.size === 0) return Either.left(`ShellCheck could not process some files and named none${lastLine === "" ? "" : `: ${lastLine}`}`)
  const comments = new Map<string, Array<ShellCheckComment>>()
  for (const comment of decoded.right.comments) {
    // A sourced file's comments come only with `--check-sourced`, never asked for: a file not given is not this run's.
    if (given.has(comment.file)) comments.set(comment.file, [...(comments.get(comment.file) ?? []), comment])
  }
  return Either.right({ comments, unreadable })
}
