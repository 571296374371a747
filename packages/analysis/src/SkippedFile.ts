import { Repository } from "@tidemark/core"
import { Schema } from "effect"

/**
 * One file a tool could not handle (its parser overflowed its stack, a rule threw): the analysis
 * goes on without that tool's result for the file, and says so.
 */
export class SkippedFile extends Schema.Class<SkippedFile>("SkippedFile")({
  /** Relative to the tree's root, with `/`. */
  path: Schema.String,
  /** What skipped it: `complexity`, `lines of code`, `duplication`, `ESLint9`. */
  tool: Schema.String,
  reason: Schema.String
}) {}

/** The measures' names as a skipped file's problem gives them. */
export const complexityToolName = "complexity"
export const linesOfCodeToolName = "lines of code"
export const duplicationToolName = "duplication"

/** Why a tool threw, in one line: the name of the error and its message, never a stack. */
export const reasonOfThrow = (thrown: unknown): string => {
  const text = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown)
  return text.split("\n")[0] ?? text
}

/** A repository with many broken files gets this many problems, then one that counts the rest. */
const namedAtMost = 10

/** The problems the analysis shows for its skipped files: each by name, up to a bound. */
export const skippedFileProblems = (skipped: ReadonlyArray<SkippedFile>): ReadonlyArray<Repository.Problem> => {
  const problem = (message: string) => new Repository.Problem({ code: "file_skipped", severity: "some_analysis", message, actions: [] })
  const named = skipped.slice(0, namedAtMost).map((file) => problem(`${file.tool} skipped ${file.path}: ${file.reason}`))
  const rest = skipped.length - named.length
  return rest > 0 ? [...named, problem(`${rest} more files were skipped by a tool that could not handle them`)] : named
}
