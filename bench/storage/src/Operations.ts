import { type Pattern, PatternConfiguration, RepositoryAnalysis, type ToolDefinitions } from "@tidemark/core"
import { Effect } from "effect"
import * as Dataset from "./Dataset.js"

export type OperationKey =
  | "listFirstPage"
  | "listMiddlePage"
  | "listSearch"
  | "searchNames"
  | "get"
  | "patternsFiltered"
  | "patternsEnabledRecommended"
  | "patternsBulkUpdate"

/** One call of a domain service, run again and again. */
export interface Operation {
  readonly key: OperationKey
  readonly title: string
  readonly run: Effect.Effect<unknown, unknown, RepositoryAnalysis.RepositoryAnalysis | PatternConfiguration.PatternConfiguration>
}

const middlePageLimit = 25

/** The cursor of the third page of `middlePageLimit` repositories, as a client would get it. */
const middleCursor = Effect.gen(function*() {
  const analysis = yield* RepositoryAnalysis.RepositoryAnalysis
  const first = yield* analysis.list(Dataset.admin, Dataset.measured, { limit: middlePageLimit })
  const second = yield* analysis.list(Dataset.admin, Dataset.measured, {
    limit: middlePageLimit,
    cursor: first.pagination.cursor
  })
  return yield* Effect.fromNullable(second.pagination.cursor)
})

const names = Array.from({ length: 20 }, (_, i) => Dataset.repositoryName(i * 5))
const categories: ReadonlyArray<Pattern.Category> = ["ErrorProne", "BestPractice", "Security"]
const severityLevels: ReadonlyArray<Pattern.SeverityLevel> = ["Error", "High", "Warning"]

/** The operations measured, in the order the table shows them. */
export const make = (tool: ToolDefinitions.ToolDefinition) =>
  Effect.gen(function*() {
    const analysis = yield* RepositoryAnalysis.RepositoryAnalysis
    const patterns = yield* PatternConfiguration.PatternConfiguration
    const cursor = yield* middleCursor
    let enabled = false
    const operations: ReadonlyArray<Operation> = [
      {
        key: "listFirstPage",
        title: "list repositories, first page (limit 100)",
        run: analysis.list(Dataset.admin, Dataset.measured, { limit: 100 })
      },
      {
        key: "listMiddlePage",
        title: `list repositories, page 3 via cursor (limit ${middlePageLimit})`,
        run: analysis.list(Dataset.admin, Dataset.measured, { limit: middlePageLimit, cursor })
      },
      {
        key: "listSearch",
        title: "list repositories, search=\"-04\" (10 match)",
        run: analysis.list(Dataset.admin, Dataset.measured, { search: "-04", limit: 100 })
      },
      {
        key: "searchNames",
        title: "search repositories, 20 names",
        run: analysis.list(Dataset.admin, Dataset.measured, { names, limit: 100 })
      },
      {
        key: "get",
        title: "get repository with analysis",
        run: analysis.get(Dataset.admin, Dataset.patternsRepository, undefined)
      },
      {
        key: "patternsFiltered",
        title: "list patterns, 3 categories + 3 severities, sort=severity desc (limit 100)",
        run: patterns.list(Dataset.admin, Dataset.patternsRepository, tool.uuid, {
          categories,
          severityLevels,
          sort: "severity",
          direction: "desc",
          limit: 100
        })
      },
      {
        key: "patternsEnabledRecommended",
        title: "list patterns, enabled=true&recommended=true (limit 100)",
        run: patterns.list(Dataset.admin, Dataset.patternsRepository, tool.uuid, {
          enabled: true,
          recommended: true,
          limit: 100
        })
      },
      {
        key: "patternsBulkUpdate",
        title: `bulk update of all ${tool.patterns.length} patterns (enabled flips each call)`,
        run: Effect.suspend(() => {
          enabled = !enabled
          return patterns.update(Dataset.admin, Dataset.updatedRepository, tool.uuid, {}, enabled)
        })
      }
    ]
    return operations
  })
