import { Effect, type Option } from "effect"
import { effectivePatterns } from "../domain/EffectiveConfiguration.js"
import { ConfigurationConflict } from "../domain/Errors.js"
import type { ConfiguredPattern } from "../domain/Pattern.js"
import { paginate, type Pagination, pageRequest } from "../domain/Pagination.js"
import { filterPatterns, type PatternFilters, type PatternListQuery, patternSortKey, sortToolPatterns } from "../domain/PatternQuery.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import type { RepositoryRecord } from "../domain/Records.js"
import { ToolConfigStore } from "../ports/ToolConfigStore.js"
import { Access } from "./Access.js"
import { withSpans } from "../runtime/Spans.js"
import { RepositoryTools, configurationFileInUse, findPattern } from "./RepositoryTools.js"

type Caller = Option.Option<Principal>

export interface PatternPage {
  readonly data: ReadonlyArray<ConfiguredPattern>
  readonly pagination: Pagination
  /** Enabled patterns among all that match the filters, whatever the page. */
  readonly totalEnabled: number
}

export interface PatternPageQuery extends PatternListQuery {
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
}

const make = Effect.gen(function*() {
  const access = yield* Access
  const store = yield* ToolConfigStore
  const repositoryTools = yield* RepositoryTools

  /** The stack is read only when a filter asks for it: the pattern list is a hot path. */
  const stackFor = (repository: RepositoryRecord, filters: PatternFilters) =>
    filters.matchesStack === undefined ? Effect.succeed([]) : repositoryTools.stack(repository)

  const resolve = (caller: Caller, at: RepositoryCoordinates, toolUuid: string, need: "read" | "write") =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, need)
      // The pattern settings are read alongside the tool's (they need only the ids), not after them.
      const [tool, settings] = yield* Effect.all(
        [repositoryTools.tool(repository, toolUuid), store.patternSettings(repository.id, toolUuid)],
        { concurrency: "unbounded" }
      )
      return { repository, tool, patterns: effectivePatterns(tool, settings) }
    })

  /** Rule 3: the standard's configuration where one governs the tool, the repository's otherwise. */
  const list = (caller: Caller, at: RepositoryCoordinates, toolUuid: string, query: PatternPageQuery) =>
    Effect.gen(function*() {
      const request = yield* pageRequest(query.cursor, query.limit)
      const { patterns, repository, tool } = yield* resolve(caller, at, toolUuid, "read")
      const sorted = sortToolPatterns(tool.definition, patterns, query)
      const matching = filterPatterns(sorted, query, yield* stackFor(repository, query))
      const page = paginate(matching, patternSortKey(query), request)
      return {
        data: page.items.map((p) => p.configured),
        pagination: page.pagination,
        totalEnabled: matching.filter((p) => p.enabled).length
      } satisfies PatternPage
    })

  const get = (caller: Caller, at: RepositoryCoordinates, toolUuid: string, patternId: string) =>
    Effect.gen(function*() {
      const { patterns } = yield* resolve(caller, at, toolUuid, "read")
      return (yield* findPattern(patterns, patternId)).configured
    })

  /**
   * Rule 4: sets `enabled` on every pattern the filters select (all of the tool's when none is
   * given). Refused while the tool uses a configuration file, and where a governing standard
   * decides a selected pattern's state differently (the change would be silently overridden).
   */
  const update = (caller: Caller, at: RepositoryCoordinates, toolUuid: string, filters: PatternFilters, enabled: boolean) =>
    Effect.gen(function*() {
      const { patterns, repository, tool } = yield* resolve(caller, at, toolUuid, "write")
      if (tool.view.settings.usesConfigurationFile) {
        return yield* configurationFileInUse(tool)
      }
      const selected = filterPatterns(patterns, filters, yield* stackFor(repository, filters))
      const overridden = selected.filter((p) => p.governed && p.enabled !== enabled)
      if (overridden.length > 0) {
        const standards = tool.view.settings.enabledBy.map((s) => s.name).join(", ") || "an applied coding standard"
        return yield* new ConfigurationConflict({
          reason: `${overridden.length} of the selected patterns are set by ${standards}; change the standard instead`
        })
      }
      if (selected.length === 0 || tool.governing.length > 0) return
      yield* store.setPatternsEnabled(repository.id, toolUuid, selected.map((p) => p.pattern.definition.id), enabled)
    })

  return withSpans("PatternConfiguration", { list, get, update })
})

/** listRepositoryToolPatterns, getRepositoryToolPattern and updateRepositoryToolPatterns. */
export class PatternConfiguration extends Effect.Service<PatternConfiguration>()("@tidemark/core/PatternConfiguration", {
  effect: make,
  dependencies: [Access.Default, RepositoryTools.Default]
}) {}
