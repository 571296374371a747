import type { Target } from "@tidemark/bench-storage/Targets"
import type { OperationKey } from "./Operations.js"

/** The latency targets of issue 13 (point 5) for PostgreSQL, on the p99 of each operation. */
export const targets: ReadonlyArray<Target<OperationKey>> = [
  {
    title: "searchRepositoryIssues p99 < 50 ms",
    operations: ["issuesFirstPage", "issuesFiltered", "issuesFilteredSecondPage", "issuesAuthorLanguage"],
    limitMs: 50
  },
  { title: "issuesOverview p99 < 100 ms", operations: ["overview", "overviewFiltered"], limitMs: 100 },
  {
    title: "listFiles page of 100 p99 < 30 ms",
    operations: ["filesFirstPage", "filesByIssues", "filesByIssuesSecondPage", "filesSearch"],
    limitMs: 30
  }
]
