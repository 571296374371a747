import { IssueLoad } from "@tidemark/core"
import { describe, expect, it } from "vitest"
import { baselineUnitsPerThousandLines, issueLoadHelp, issueWeights } from "../../src/repositories/IssueLoad.js"

describe("the help on Issues %", () => {
  it("gives core's weights and baseline", () => {
    expect(Object.fromEntries(issueWeights.map(({ level, weight }) => [level, weight]))).toEqual(IssueLoad.issueWeights)
    expect(baselineUnitsPerThousandLines).toBe(IssueLoad.baselineUnitsPerThousandLines)
  })

  it("names each weight with its severity, and the baseline and the cap", () => {
    for (const { level, weight } of issueWeights) expect(issueLoadHelp).toMatch(new RegExp(`${level}( \\(\\w+\\))? ${weight}\\b`))
    expect(issueLoadHelp).toContain(`${IssueLoad.baselineUnitsPerThousandLines} units per 1,000 analysed lines`)
    expect(issueLoadHelp).toContain("capped at 100 %")
  })
})
