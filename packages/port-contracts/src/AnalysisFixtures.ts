import { CommitAnalysis, CommitCoverage, ImportedIssues, IssueLoad, Records, Repository } from "@tidemark/core"
import { at } from "./Fixtures.js"

/** Analyses and coverage reports as the analysis worker and the uploads store them. */

export const commitOf = (sha: string) =>
  new Records.CommitRecord({
    id: 1,
    sha,
    authorName: "Ada Lovelace",
    authorEmail: "ada@example.com",
    commitTimestamp: "2024-01-01T10:00:00+02:00",
    message: `commit ${sha}`,
    parents: ["p1", "p2"]
  })

export const measures = (loc: number) =>
  new CommitAnalysis.AnalysisMeasures({
    loc,
    issueCounts: new IssueLoad.IssueCounts({ Error: 1, High: 0, Warning: 2, Info: 0 }),
    complexFilesCount: 1,
    complexFilesPercentage: 4,
    duplicationPercentage: 0,
    languages: ["TypeScript"],
    stackTags: ["language:typescript"]
  })

export const analysis = (repositoryId: number, branch: string, sha: string, ended: number, loc?: number) =>
  new CommitAnalysis.CommitAnalysis({
    repositoryId,
    branch,
    commit: commitOf(sha),
    startedAnalysis: at(ended - 1),
    endedAnalysis: at(ended),
    ...(loc === undefined ? {} : { measures: measures(loc) }),
    problems: loc === undefined
      ? [new Repository.Problem({ code: "failed_to_clone", severity: "all_analysis", message: "cannot fetch", actions: [] })]
      : []
  })

export const coverageOf = (repositoryId: number, commitSha: string, covered: number) =>
  new CommitCoverage.CommitCoverage({
    repositoryId,
    commitSha,
    format: "lcov",
    uploadedAt: at(covered),
    files: [
      new CommitCoverage.FileCoverage({ path: "src/a.ts", coverableLines: 10, coveredLines: covered }),
      new CommitCoverage.FileCoverage({ path: "src/ü b.ts", coverableLines: 0, coveredLines: 0 })
    ]
  })

export const importedOf = (repositoryId: number, commitSha: string, tool: string, errors: number) =>
  new ImportedIssues.ImportedIssues({
    repositoryId,
    commitSha,
    tool,
    uploadedAt: at(errors),
    counts: new IssueLoad.IssueCounts({ Error: errors, High: 0, Warning: 1, Info: 0 })
  })
