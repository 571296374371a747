import { describe, expect, it } from "vitest"
import { keptOffences } from "../../src/rubocop/KeptOffences.js"
import { RubocopOffence } from "../../src/rubocop/RubocopOutput.js"

const offence = (cop: string, line: number, message: string) => new RubocopOffence({ cop, severity: "warning", line, message })

const useless = (name: string, line: number) => offence("Lint/UselessAssignment", line, `Useless assignment to variable - \`${name}\`.`)

const elseLayout = (line: number) => offence("Lint/ElseLayout", line, "Odd `else` layout detected. Did you mean to use `elsif`?")

const grouped = (argument: string, line: number) => offence("Lint/ParenthesesAsGroupedExpression", line, `\`${argument}\` interpreted as grouped expression.`)

describe("keptOffences", () => {
  it("leaves out the deliberate double assignments and keeps every other offence of the file, in order", () => {
    const content = "req = req = Request.new(env)\nunused = 1\n"
    const eval_ = offence("Security/Eval", 3, "The use of `eval` is a serious security risk.")
    expect(keptOffences([useless("req", 1), useless("unused", 2), eval_], content)).toEqual([useless("unused", 2), eval_])
  })

  it("leaves out the false positives RuboCop fixed after 1.39 and keeps every other offence of the file, in order", () => {
    const thenTable = ["tls_str =", "  if a then '&a=true'", "  elsif b then '&b=true'", "  else ''", "  end"]
    const kept = [grouped("(x ? 1 : 2)", 2), elseLayout(1)]
    const content = ["else 1", "sleep (x ? 1 : 2)", ...thenTable].join("\n")
    expect(keptOffences([kept[0]!, elseLayout(6), kept[1]!, grouped("(n+2)..-1", 3)], content)).toEqual(kept)
  })

  it("gives back the very list when no offence is of a cop it reads", () => {
    const offences = [offence("Security/Eval", 1, "The use of `eval` is a serious security risk.")]
    expect(keptOffences(offences, "eval(x)\n")).toBe(offences)
  })
})
