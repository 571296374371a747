import type { RubocopOffence } from "./RubocopOutput.js"

/**
 * Ruby's own idiom for a variable that only a template reads (ERB through `binding`, `eval`):
 * `name = name = value`. Ruby's `-w` warns of a local variable assigned and never read; the second
 * assignment reads it, which silences the warning, and the doubled name says the assignment is on
 * purpose (rack's `show_exceptions.rb` and `show_status.rb`: "This double assignment is to prevent
 * an unused variable warning"). RuboCop's `Lint/UselessAssignment` cannot see the template and still
 * reports the outer assignment: such an offence is left out. Only that exact shape is, read from the
 * source line the offence names: a variable assigned once and never read is still reported.
 */

const uselessAssignment = "Lint/UselessAssignment"

/** The cop whose offences `isDeliberateAssignment` reads. */
export const deliberateAssignmentCops: ReadonlySet<string> = new Set([uselessAssignment])

// RuboCop names the variable between backticks: "Useless assignment to variable - `path`."
const variableOf = (message: string): string | undefined => /`([a-z_][A-Za-z0-9_]*)`/.exec(message)?.[1]

/** Whether the line assigns the name to itself assigned again (`=` not followed by `=` or `~`: never `x = x == y`). */
const assignsTwice = (line: string, name: string): boolean =>
  new RegExp(String.raw`^\s*${name}\s*=\s*${name}\s*=(?![=~])`).test(line)

/** Whether the offence is a deliberate `name = name = value`, read from the file's lines (the first is line 1). */
export const isDeliberateAssignment = (offence: RubocopOffence, lines: ReadonlyArray<string>): boolean => {
  if (offence.cop !== uselessAssignment) return false
  const name = variableOf(offence.message)
  const line = lines[offence.line - 1]
  return name !== undefined && line !== undefined && assignsTwice(line, name)
}
