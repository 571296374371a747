import { describe, expect, it } from "@effect/vitest"
import { AnalysedLanguages, CommitAnalysis, IssueLoad, Triage } from "@tidemark/core"
import { undefinedNameAt } from "./fixtures/Issues.js"

const by = new Triage.IgnoredBy({ credentialId: "tok", name: "tok" })
const ignores: Triage.Ignores = {
  issues: [new Triage.IssueIgnore({ issueId: "i2", ignoredBy: by, ignoredAt: "2024-01-01T00:00:00Z", commitSha: "c1" })],
  files: [new Triage.FileIgnore({ path: "vendor/lib.ts", ignoredBy: by, ignoredAt: "2024-01-02T00:00:00Z" })]
}
const issues = [undefinedNameAt(1), undefinedNameAt(2), undefinedNameAt(3, "vendor/lib.ts"), undefinedNameAt(4, "vendor/lib.ts.bak")]
const counts = (Error: number, Warning = 0) => new IssueLoad.IssueCounts({ Error, High: 0, Warning, Info: 0 })

describe("Triage", () => {
  it("an issue is ignored by its identity or by its file's exact path; a selection keeps either side", () => {
    expect(issues.map(Triage.isIgnored(ignores))).toEqual([false, true, true, false])
    expect(issues.filter(Triage.selects(Triage.selectionOf(ignores, "ignored"))).map((i) => i.line)).toEqual([2, 3])
    expect(issues.filter(Triage.selects(Triage.selectionOf(ignores, "notIgnored"))).map((i) => i.line)).toEqual([1, 4])
    expect(issues.filter(Triage.selects(Triage.selectionOf(Triage.noIgnores, "notIgnored")))).toHaveLength(4)
    expect(Triage.hasIgnores(Triage.noIgnores)).toBe(false)
  })

  it("an id stands for an issueId (16 hex digits) or a resultDataId (decimal digits), or both", () => {
    const issue = { ...undefinedNameAt(1), issueId: "00000000000a0123", resultDataId: 0xa0 }
    const candidates = (id: string) => Triage.resultDataIdsOf(id).map((c) => [c.resultDataId, c.matches(issue)])
    expect(candidates("00000000000a0123")).toEqual([[0xa0, true]])
    expect(candidates("160")).toEqual([[160, true]])
    expect(candidates("161")).toEqual([[161, false]])
    expect(candidates("0000000000001601")).toEqual([[0x1, false], [1601, false]])
    expect(candidates("0000000000000a0123")).toEqual([])
    expect(candidates("not an id")).toEqual([])
  })

  it("measures without the ignored issues: in all and per language, never below zero", () => {
    const measures = new CommitAnalysis.AnalysisMeasures({
      loc: 100,
      issueCounts: counts(3, 2),
      complexFilesCount: 0,
      complexFilesPercentage: 0,
      duplicationPercentage: 0,
      languages: ["TypeScript", "Python"],
      stackTags: [],
      languageAnalysis: [
        new AnalysedLanguages.LanguageAnalysis({ language: "TypeScript", loc: 60, tools: ["ESLint"], issueCounts: counts(2, 2) }),
        new AnalysedLanguages.LanguageAnalysis({ language: "Python", loc: 40, tools: ["Ruff"], issueCounts: counts(1) })
      ]
    })
    const ignored = Triage.ignoredCountsOf(new Map([["TypeScript", counts(1, 1)], ["Go", counts(5)]]))
    const without = Triage.measuresWithout(measures, ignored)
    expect(without.issueCounts).toEqual(counts(0, 1))
    expect(without.languageAnalysis?.map((l) => [l.language, l.issueCounts])).toEqual([["TypeScript", counts(1, 1)], ["Python", counts(1)]])
    expect(without.loc).toBe(100)
  })
})
