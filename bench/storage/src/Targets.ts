import type { OperationKey } from "./Operations.js"

/** A latency target of issue 3, checked on the p99 of each operation it names. */
export interface Target {
  readonly title: string
  readonly operations: ReadonlyArray<OperationKey>
  readonly limitMs: number
}

/** The acceptance targets for PostgreSQL on the 2-core machine (issue 3). */
export const targets: ReadonlyArray<Target> = [
  {
    title: "repository list page p99 < 10 ms",
    operations: ["listFirstPage", "listMiddlePage", "listSearch", "searchNames"],
    limitMs: 10
  },
  {
    title: "pattern list with filters p99 < 15 ms",
    operations: ["patternsFiltered", "patternsEnabledRecommended"],
    limitMs: 15
  },
  {
    title: "bulk update of 2 000 patterns < 100 ms (p99 of the calls)",
    operations: ["patternsBulkUpdate"],
    limitMs: 100
  }
]
