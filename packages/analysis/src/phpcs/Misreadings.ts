import type { PhpcsMessage } from "./PhpcsOutput.js"

/**
 * Findings phpcs 3.7.1 makes on code it misreads, left out (measured on laravel/framework and
 * dokuwiki, docs/real-repositories.md):
 *
 * - `Squiz.PHP.NonExecutableCode` after a `throw` that is an expression (PHP 8: `$a ?? throw …`,
 *   `fn () => throw …`, `$debug && throw $e`, an argument): phpcs takes it for a statement ending
 *   the block, and reports the code after the arrow function, the call or the condition (all 93
 *   on laravel/framework).
 * - `Squiz.PHP.NonExecutableCode` after a statement that is the whole body of a loop or an `if`
 *   without braces (`while (++$i < $len && $changed[$i]) continue;`): phpcs takes it for the end
 *   of the enclosing block (35 of dokuwiki's 55).
 * - `Squiz.PHP.NonExecutableCode` at or after a `goto` label (`FAIL:`) that follows the `return`:
 *   the label is reached by its `goto` (13 of dokuwiki's other 20).
 * - `Generic.NamingConventions.ConstructorName`'s PHP 4 constructor in a file with a `namespace`:
 *   PHP has never taken a namespaced class's method of its name for a constructor (since 5.3.3),
 *   so it is an ordinary method (laravel's `…Stub::…Stub()` relation).
 */

const statementAt = /after the ([A-Z]+) statement on line (\d+)/

/**
 * What stands before the keyword on this line (1-based): the text before it on its line, the last
 * line before that is not blank, and of the two what leads to it (the line before when the keyword
 * starts its line); no context when the keyword is not on the line.
 */
const surroundings = (lines: ReadonlyArray<string>, line: number, keyword: string) => {
  const text = lines[line - 1] ?? ""
  const at = text.search(new RegExp(`\\b${keyword}\\b`, "i"))
  const before = at < 0 ? "" : text.slice(0, at)
  const previous = lines.slice(0, line - 1).reverse().find((candidate) => candidate.trim() !== "") ?? ""
  return { before, previous, context: at < 0 ? undefined : before.trim() === "" ? previous : before }
}

// What stands before a `throw` that is an expression: an arrow, a coalescing, ternary or logical
// operator (`$debug && throw $e`), an assignment, an opening parenthesis or bracket, a comma.
const operatorBefore = /(?:=>|\?\?|\?:?|&&|\|\||\band|\bor|=|\(|\[|,)\s*$/i

/** Whether the `throw` on this line (1-based) of the file is an expression (its operator on the line, or ending the line before). */
export const isThrowExpression = (lines: ReadonlyArray<string>, line: number): boolean => {
  const { before, context, previous } = surroundings(lines, line, "throw")
  if (context === undefined) return false
  if (operatorBefore.test(context)) return true
  // A colon is a ternary's where a `?` comes before it, a label's (`case 1:`, `default:`) otherwise.
  return /:\s*$/.test(context) && !/^\s*(?:case|default)\b/.test(context) && `${previous}\n${before}`.includes("?")
}

// A control structure's head whose body has no braces: `while (…)`, `foreach (…)`, `if (…)`, `else`.
const bracelessHead = /^\s*(?:\}\s*)?(?:(?:else\s*)?if|elseif|while|for|foreach)\s*\(.*\)\s*$|^\s*(?:\}\s*)?else\s*$/i

/**
 * Whether the statement on this line (1-based) is the whole body of a control structure without
 * braces: its head on the same line before it, or alone on the line before.
 */
export const isBracelessBody = (lines: ReadonlyArray<string>, line: number, keyword: string): boolean => {
  const { context } = surroundings(lines, line, keyword)
  return context !== undefined && bracelessHead.test(context)
}

const namespaced = /^\s*namespace\s+[A-Za-z_\\]/m

// A `goto` label alone on its line (`FAIL:`); `default:` is a switch's.
const gotoLabel = /^\s*(?!default\s*:)[A-Za-z_][A-Za-z0-9_]*\s*:\s*$/

/** Whether a `goto` label stands after the statement's line and at or before the finding's: the code there is reached by its `goto`. */
export const isAfterLabel = (lines: ReadonlyArray<string>, statement: number, finding: number): boolean =>
  lines.slice(statement, finding).some((text) => gotoLabel.test(text))

/** Whether phpcs's unreachable code is after what does not end the block (a throw expression, a braceless body) or reached by a `goto`. */
const misreadEnd = (lines: ReadonlyArray<string>, message: PhpcsMessage): boolean => {
  const found = message.source.startsWith("Squiz.PHP.NonExecutableCode.") ? statementAt.exec(message.message) : null
  if (found === null) return false
  const [, keyword = "", line = "0"] = found
  const statement = Number(line)
  return (keyword === "THROW" && isThrowExpression(lines, statement)) || isBracelessBody(lines, statement, keyword) || isAfterLabel(lines, statement, message.line)
}

/** The messages less those phpcs makes on code it misreads. */
export const withoutMisreadings = (messages: ReadonlyArray<PhpcsMessage>, content: string): ReadonlyArray<PhpcsMessage> => {
  const lines = content.split("\n")
  const inNamespace = namespaced.test(content)
  return messages.filter((message) =>
    !(message.source.startsWith("Generic.NamingConventions.ConstructorName.") && inNamespace) && !misreadEnd(lines, message)
  )
}
