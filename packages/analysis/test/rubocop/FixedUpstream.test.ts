import { describe, expect, it } from "vitest"
import { isFixedUpstream } from "../../src/rubocop/FixedUpstream.js"
import { RubocopOffence } from "../../src/rubocop/RubocopOutput.js"

const elseLayout = (line: number) =>
  new RubocopOffence({ cop: "Lint/ElseLayout", severity: "warning", line, message: "Odd `else` layout detected. Did you mean to use `elsif`?" })

const grouped = (argument: string, line = 1) =>
  new RubocopOffence({ cop: "Lint/ParenthesesAsGroupedExpression", severity: "warning", line, message: `\`${argument}\` interpreted as grouped expression.` })

// puma's `lib/puma/dsl.rb` and `benchmarks/local/response_time_wrk.rb`: each branch on one `then` line.
const thenTable = [
  "      tls_str =",
  "        if opts[:no_tlsv1_1]  then '&no_tlsv1_1=true'",
  "        elsif opts[:no_tlsv1] then '&no_tlsv1=true'",
  "        else ''",
  "        end"
]

describe("isFixedUpstream", () => {
  it("is Lint/ElseLayout on the single-line `else` closing a conditional of `then` lines", () => {
    expect(isFixedUpstream(elseLayout(4), thenTable)).toBe(true)
    const commented = ["x = if a then 1", "    # the rest", "    else 2", "", "    end"]
    expect(isFixedUpstream(elseLayout(3), commented)).toBe(true)
  })

  it("is not the `else` RuboCop still reports: a body of more lines, branches not in `then` form, an `else` alone", () => {
    const twoLines = ["if a then 1", "else do_this", "  do_that", "end"]
    expect(isFixedUpstream(elseLayout(2), twoLines)).toBe(false)
    // The cop's own example of a mistake: `else` written for `elsif`.
    const mistaken = ["if something", "  run", "else do_this", "end"]
    expect(isFixedUpstream(elseLayout(3), mistaken)).toBe(false)
    expect(isFixedUpstream(elseLayout(2), ["if a then 1", "else", "  2", "end"])).toBe(false)
    expect(isFixedUpstream(elseLayout(9), thenTable)).toBe(false)
  })

  it("is Lint/ParenthesesAsGroupedExpression on a range whose first end is in parentheses, not on a grouped argument", () => {
    // puma's `test/helpers/test_puma/response.rb`: `body.byteslice (size+2)..-1`
    expect(isFixedUpstream(grouped("(size+2)..-1"), [])).toBe(true)
    expect(isFixedUpstream(grouped("(a - b)...(c - d)"), [])).toBe(true)
    // `sleep (x ? 2.0 : 8.0)`: Ruby's own `-w` warns of it, and RuboCop still reports it.
    expect(isFixedUpstream(grouped("(RUBY_ENGINE == 'ruby' ? 2.0 : 8.0)"), [])).toBe(false)
    expect(isFixedUpstream(grouped("(a)..(b).c"), [])).toBe(true)
    expect(isFixedUpstream(grouped("(a) + (b..c)"), [])).toBe(false)
    expect(isFixedUpstream(grouped("((a)..b)"), [])).toBe(false)
  })

  it("is no other cop's offence", () => {
    const eval_ = new RubocopOffence({ cop: "Security/Eval", severity: "warning", line: 4, message: "`(a)..b` interpreted as grouped expression." })
    expect(isFixedUpstream(eval_, thenTable)).toBe(false)
  })
})
