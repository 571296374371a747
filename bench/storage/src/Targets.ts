import type { OperationKey } from "./Operations.js"

/** A latency target, checked on the p99 of each operation it names (by default, of this bench). */
export interface Target<Key extends string = OperationKey> {
  readonly title: string
  readonly operations: ReadonlyArray<Key>
  readonly limitMs: number
}

/** The acceptance targets of issue 3 for PostgreSQL on the 2-core machine. */
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
