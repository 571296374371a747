import { describe, expect, it } from "@effect/vitest"
import { AnalysisResults, SecurityItems } from "@tidemark/core"
import {
  fixedCommentOf,
  isFixedComment,
  isSummary,
  issueCommentOf,
  issueIdOfComment,
  securityListLimit,
  suggestionOf,
  summaryOf
} from "../src/domain/PullRequestDecoration.js"

const text = "import os\nif (!!a) run()\nkeep()\n"

const issue = (line: number, lineText: string, fix?: ReadonlyArray<{ from: number; to: number; text: string }>) =>
  AnalysisResults.IssueResult.make({
    issueId: `id-${line}`,
    resultDataId: line,
    toolUuid: "eslint",
    toolName: "ESLint9",
    patternId: "ESLint9_no-extra-boolean-cast",
    patternTitle: "Disallow unnecessary boolean casts",
    category: "ErrorProne",
    level: "Warning",
    filePath: "src/app.js",
    language: "JavaScript",
    line,
    lineText,
    message: "Redundant double negation.",
    ...(fix === undefined ? {} : { fix })
  })

describe("suggestionOf", () => {
  it("is the issue's line as its fix leaves it, when the fix stays on that line", () => {
    expect(suggestionOf(text, issue(2, "if (!!a) run()", [{ from: 14, to: 17, text: "a" }]))).toBe("if (a) run()")
  })

  it("is empty when the fix removes the whole line, and none when it reaches another line or there is no fix", () => {
    expect(suggestionOf(text, issue(1, "import os", [{ from: 0, to: 10, text: "" }]))).toBe("")
    expect(suggestionOf(text, issue(2, "if (!!a) run()", [{ from: 14, to: 30, text: "a" }]))).toBeUndefined()
    expect(suggestionOf(text, issue(2, "if (!!a) run()", [{ from: 14, to: 17, text: "a\nb" }]))).toBeUndefined()
    expect(suggestionOf(text, issue(2, "if (!!a) run()"))).toBeUndefined()
  })

  it("none when the line no longer reads as the analysis read it", () => {
    expect(suggestionOf(text, issue(2, "if (!!b) run()", [{ from: 14, to: 17, text: "b" }]))).toBeUndefined()
  })
})

describe("issueCommentOf", () => {
  it("says the severity, the pattern and the message, marked with the issue's identity, with the fix as a suggestion", () => {
    const comment = issueCommentOf(issue(2, "if (!!a) run()"), "if (a) run()")
    expect([comment.path, comment.line, comment.issueId]).toEqual(["src/app.js", 2, "id-2"])
    expect(comment.body).toBe([
      "<!-- tidemark:issue:id-2 -->",
      "**Medium** · Disallow unnecessary boolean casts (`ESLint9_no-extra-boolean-cast`, ESLint9)",
      "",
      "Redundant double negation.",
      "",
      "```suggestion",
      "if (a) run()",
      "```"
    ].join("\n"))
    expect(issueIdOfComment(comment.body)).toBe("id-2")
    expect(issueCommentOf(issue(1, "import os"), "").body.endsWith("```suggestion\n```")).toBe(true)
    expect(issueCommentOf(issue(3, "keep()"), undefined).body).not.toContain("suggestion")
    expect(issueIdOfComment("a comment of someone else")).toBeUndefined()
  })

  it("a fixed issue's comment is struck through once, saying which head fixed it", () => {
    const body = issueCommentOf(issue(2, "if (!!a) run()"), "if (a) run()").body
    const fixed = fixedCommentOf(body, "0123456789abcdef0123")
    expect(fixed).toBe(
      "<!-- tidemark:issue:id-2 -->\n~~**Medium** · Disallow unnecessary boolean casts (`ESLint9_no-extra-boolean-cast`, ESLint9)~~\n\nFixed in 0123456789ab."
    )
    expect([isFixedComment(body), isFixedComment(fixed), issueIdOfComment(fixed)]).toEqual([false, true, "id-2"])
    expect(fixedCommentOf(fixed, "fedcba9876543210")).toBe(fixed)
  })
})

describe("summaryOf", () => {
  it("gives the verdict, the counts, what is not commented, and the link", () => {
    const summary = summaryOf({
      state: "failure",
      description: "Not up to standards: new issues over 0 (3 new issues, 1 fixed)",
      headSha: "0123456789abcdef",
      newIssues: 3,
      fixedIssues: 1,
      commented: 2,
      link: "https://tidemark.example.com/gh/acme/app/pull-requests/7"
    })
    expect(summary).toBe([
      "<!-- tidemark:summary -->",
      "### ❌ Tidemark: Not up to standards: new issues over 0 (3 new issues, 1 fixed)",
      "",
      "3 new issues, 1 fixed, at 0123456789ab.",
      "2 commented on their lines; 1 on lines this pull request does not change (or past 50) are in the analysis.",
      "",
      "[The analysis in Tidemark](https://tidemark.example.com/gh/acme/app/pull-requests/7)"
    ].join("\n"))
    expect(isSummary(summary)).toBe(true)
    const clean = summaryOf({ state: "success", description: "Up to standards", headSha: "abc", newIssues: 1, fixedIssues: 0, commented: 1 })
    expect(clean).toBe("<!-- tidemark:summary -->\n### ✅ Tidemark: Up to standards\n\n1 new issue, 0 fixed, at abc.")
  })

  it("lists the new security findings apart, the most pressing first, past the limit counted", () => {
    const finding = (key: string, priority: SecurityItems.SrmPriority, more: Partial<SecurityItems.SecurityFinding> = {}) =>
      SecurityItems.SecurityFinding.make({ key, scanType: "SAST", title: `finding ${key}`, securityCategory: "XSS", priority, itemSourceId: key, ...more })
    const summary = summaryOf({
      state: "failure",
      description: "Not up to standards: new security findings over 0 (0 new issues, 0 fixed)",
      headSha: "abc",
      newIssues: 0,
      fixedIssues: 0,
      commented: 0,
      securityFindings: [
        finding("a", "Medium", { filePath: "src/a.ts", line: 4, cwe: "CWE-79" }),
        finding("b", "High", { scanType: "Secrets", title: "found GitHub Token:\nghp_****", filePath: "deploy.py", line: 3 }),
        finding("c", "Critical", { scanType: "SCA", title: "lodash 4.17.11: Prototype Pollution" })
      ]
    })
    expect(summary.split("\n").slice(4)).toEqual([
      "",
      "#### 3 new security findings",
      "- **Critical** · SCA: lodash 4.17.11: Prototype Pollution",
      "- **High** · Secrets: found GitHub Token: ghp_**** in `deploy.py:3`",
      "- **Medium** · SAST · CWE-79: finding a in `src/a.ts:4`"
    ])
    const many = Array.from({ length: securityListLimit + 2 }, (_, i) => finding(String(i).padStart(2, "0"), "Low"))
    const long = summaryOf({ state: "failure", description: "x", headSha: "abc", newIssues: 0, fixedIssues: 0, commented: 0, securityFindings: many })
    expect(long.split("\n").filter((line) => line.startsWith("- ")).length).toBe(securityListLimit + 1)
    expect(long.endsWith("- … and 2 more in the analysis.")).toBe(true)
  })
})
