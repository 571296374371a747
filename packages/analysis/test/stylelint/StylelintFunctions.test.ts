import { describe, expect, it } from "vitest"
import { Issue } from "../../src/LintResult.js"
import { unknownFunctionsOf, withoutUnknownFunctionValues } from "../../src/stylelint/StylelintFunctions.js"

const issue = (message: string, patternId = "Stylelint_declaration-property-value-no-unknown") =>
  new Issue({ patternId, file: "a.css", line: 1, message, severity: "Error" })

describe("StylelintFunctions", () => {
  it("names the functions of a value CSS does not have", () => {
    expect(unknownFunctionsOf("rfs(2rem 3rem)")).toEqual(["rfs"])
    expect(unknownFunctionsOf("calc(var(--x) * 2)")).toEqual([])
    expect(unknownFunctionsOf("theme('colors.blue.500') linear-gradient(red, blue)")).toEqual(["theme"])
    expect(unknownFunctionsOf("flexx")).toEqual([])
  })

  it("leaves out an unknown value that calls a plugin's function, and keeps the other unknown values and rules", () => {
    const plugin = issue(`Unknown value "rfs(2rem)" for property "margin"`)
    const typo = issue(`Unknown value "flexx" for property "display"`)
    const known = issue(`Unknown value "calc(1px +)" for property "width"`)
    const other = issue(`Unknown value "rfs(2rem)" for property "margin"`, "Stylelint_property-no-unknown")
    expect(withoutUnknownFunctionValues([plugin, typo, known, other], "Stylelint_")).toEqual([typo, known, other])
  })
})
