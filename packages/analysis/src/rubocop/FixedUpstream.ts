import type { RubocopOffence } from "./RubocopOutput.js"

/**
 * Offences that RuboCop's later releases no longer report, which the RuboCop a server has (Debian
 * 12's is 1.39, of 2022) still does: each a false positive RuboCop itself fixed, recognised from the
 * offence and the source lines it names, so that a repository reads here as its own current RuboCop
 * would say. Only the shape each fix allows is left out.
 *
 * - `Lint/ElseLayout` on a single-line `else` body closing a conditional written in `then` form,
 *   one branch per line (`elsif opts[:no_tlsv1] then '&no_tlsv1=true'` / `else ''` / `end`): the
 *   cop is there to catch an `else` meant as `elsif`, and that layout is the aligned table it was
 *   written as (rubocop/rubocop#14672, merged in November 2025).
 * - `Lint/ParenthesesAsGroupedExpression` on a range whose first end is in parentheses, the only
 *   argument of a call without them (`body.byteslice (size+2)..-1`): the parentheses are the range's,
 *   and the autocorrection the cop offers would change what is sliced (rubocop/rubocop#13217,
 *   merged in September 2024).
 */

const codeLineAround = (lines: ReadonlyArray<string>, from: number, step: 1 | -1): string | undefined => {
  for (let index = from + step; index >= 0 && index < lines.length; index += step) {
    const line = lines[index]!
    if (!/^\s*(?:#.*)?$/.test(line)) return line
  }
  return undefined
}

/** `else value` on the offence's line, the branch before it one `… then value` line (or `x = if … then value`), `end` after it. */
const isThenTableElse = (offence: RubocopOffence, lines: ReadonlyArray<string>): boolean => {
  const index = offence.line - 1
  const line = lines[index]
  if (line === undefined || !/^\s*else\s+\S/.test(line)) return false
  const before = codeLineAround(lines, index, -1)
  const after = codeLineAround(lines, index, 1)
  return before !== undefined && /^\s*(?:[^#=]*[^=!<>]=\s*)?(?:if|elsif|unless)\s.*\bthen\s+\S/.test(before) && after !== undefined && /^\s*end\b/.test(after)
}

/** Whether the argument RuboCop quotes is `(…)..rest` or `(…)...rest`: its parentheses close before a range operator. */
const isParenthesisedRangeStart = (argument: string): boolean => {
  if (!argument.startsWith("(")) return false
  let depth = 0
  for (let index = 0; index < argument.length; index++) {
    const char = argument[index]
    if (char === "(") depth++
    if (char === ")" && --depth === 0) return argument.startsWith("..", index + 1)
  }
  return false
}

// "`(size+2)..-1` interpreted as grouped expression."
const groupedArgumentOf = (message: string): string | undefined => /^`(.*)` interpreted as grouped expression/s.exec(message)?.[1]

/** Whether a later RuboCop release no longer reports the offence, read from the file's lines (the first is line 1). */
export const isFixedUpstream = (offence: RubocopOffence, lines: ReadonlyArray<string>): boolean => {
  switch (offence.cop) {
    case "Lint/ElseLayout":
      return isThenTableElse(offence, lines)
    case "Lint/ParenthesesAsGroupedExpression": {
      const argument = groupedArgumentOf(offence.message)
      return argument !== undefined && isParenthesisedRangeStart(argument)
    }
    default:
      return false
  }
}

/** The cops whose offences `isFixedUpstream` reads. */
export const fixedUpstreamCops: ReadonlySet<string> = new Set(["Lint/ElseLayout", "Lint/ParenthesesAsGroupedExpression"])
