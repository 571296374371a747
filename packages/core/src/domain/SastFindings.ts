import type { IssueResult } from "./AnalysisResults.js"
import type { PatternDefinition, SeverityLevel } from "./Pattern.js"
import { SecurityFinding, type SrmPriority } from "./SecurityItems.js"

/**
 * The SAST findings of an analysis: its issues of security patterns (category `Security`), each
 * kept by the issue's identity, filed under the pattern's security subcategory and its CWE where
 * the catalogue gives them.
 */

/** A security pattern's severity as an item's priority: the catalogue's four levels, one to one. */
export const priorityOfLevel: Readonly<Record<SeverityLevel, SrmPriority>> = {
  Error: "Critical",
  High: "High",
  Warning: "Medium",
  Info: "Low"
}

/** The first `CWE-n` among a pattern's tags (`cwe-79` or `CWE-79`). */
const cweOf = (pattern: PatternDefinition | undefined): string | undefined => {
  const tag = pattern?.tags?.find((t) => /^cwe-\d+$/i.test(t))
  return tag === undefined ? undefined : tag.toUpperCase()
}

export const sastFindings = (
  issues: ReadonlyArray<IssueResult>,
  patternOf: (toolUuid: string, patternId: string) => PatternDefinition | undefined
): ReadonlyArray<SecurityFinding> =>
  issues.filter((issue) => issue.category === "Security").map((issue) => {
    const pattern = patternOf(issue.toolUuid, issue.patternId)
    const cwe = cweOf(pattern)
    return SecurityFinding.make({
      key: `SAST:${issue.issueId}`,
      scanType: "SAST",
      title: issue.message,
      securityCategory: pattern?.subCategory ?? "",
      priority: priorityOfLevel[issue.level],
      itemSourceId: String(issue.resultDataId),
      filePath: issue.filePath,
      line: issue.line,
      ...(cwe === undefined ? {} : { cwe }),
      additionalInfo: `${issue.toolName} ${issue.patternId}${issue.patternTitle === undefined ? "" : `: ${issue.patternTitle}`}`
    })
  })
