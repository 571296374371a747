import { Effect, Option } from "effect"
import type { ToolDefinition } from "../domain/ToolDefinitions.js"
import { type EffectivePattern, type EffectiveTool, effectivePatterns, effectiveTool } from "../domain/EffectiveConfiguration.js"
import { ConfigurationConflict, NotFound } from "../domain/Errors.js"
import type { RepositoryRecord } from "../domain/Records.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { StandardStore } from "../ports/StandardStore.js"
import { ToolCatalogue } from "../ports/ToolCatalogue.js"
import { ToolConfigStore } from "../ports/ToolConfigStore.js"
import { withSpans } from "../runtime/Spans.js"

export const findPattern = (patterns: ReadonlyArray<EffectivePattern>, id: string) =>
  Option.match(Option.fromNullable(patterns.find((p) => p.pattern.definition.id === id)), {
    onNone: () => Effect.fail(new NotFound({ what: "pattern", id })),
    onSome: Effect.succeed
  })

/** Tags of a repository's stack: `language:<name>` for each language it uses. */
export const stackTags = (repository: RepositoryRecord): ReadonlyArray<string> =>
  repository.languages.map((l) => `language:${l.toLowerCase()}`)

/** Pattern changes are refused while the tool follows the repository's own configuration file. */
export const configurationFileInUse = (tool: EffectiveTool) =>
  new ConfigurationConflict({
    reason: `${tool.definition.name} uses the repository's configuration file; its patterns cannot be changed here`
  })

const make = Effect.gen(function*() {
  const catalogue = yield* ToolCatalogue
  const store = yield* ToolConfigStore
  const standards = yield* StandardStore
  const repositories = yield* RepositoryStore
  const analyses = yield* AnalysisStore

  /** The default branch's latest analysis, if any. */
  const latestOfDefault = (repository: RepositoryRecord) =>
    Effect.gen(function*() {
      const main = (yield* repositories.listBranches(repository.id)).find((b) => b.isDefault)
      return main === undefined ? undefined : (yield* analyses.latest([{ repositoryId: repository.id, branch: main.name }])).get(repository.id)
    })

  const settingOf = (repository: RepositoryRecord) =>
    Effect.gen(function*() {
      const [settings, applied, latest] = yield* Effect.all(
        [store.toolSettings(repository.id), standards.appliedTo(repository.id), latestOfDefault(repository)],
        { concurrency: "unbounded" }
      )
      // What the analysis followed by default is what the view says the tool uses (a package.json's standard, a pyproject.toml's [tool.ruff]).
      const followed = new Set((latest?.measures?.followedConfigurations ?? []).map((f) => f.toolUuid))
      return (tool: ToolDefinition) =>
        effectiveTool(tool, repository, Option.fromNullable(settings.find((s) => s.toolUuid === tool.uuid)), applied, followed)
    })

  const tools = (repository: RepositoryRecord) =>
    Effect.gen(function*() {
      const effective = yield* settingOf(repository)
      return (yield* catalogue.tools).map(effective)
    })

  const tool = (repository: RepositoryRecord, uuid: string) =>
    Effect.gen(function*() {
      const found = yield* catalogue.find(uuid)
      if (Option.isNone(found)) return yield* new NotFound({ what: "tool", id: uuid })
      return (yield* settingOf(repository))(found.value)
    })

  const patterns = (repository: RepositoryRecord, tool: EffectiveTool) =>
    Effect.map(store.patternSettings(repository.id, tool.definition.uuid), (settings) => effectivePatterns(tool, settings))

  /**
   * What `matchesStack` compares patterns with: the languages and stack tags of the default branch's
   * latest analysis, else the languages read from the file names when the repository was added.
   */
  const stack = (repository: RepositoryRecord) =>
    Effect.gen(function*() {
      const measures = (yield* latestOfDefault(repository))?.measures
      return measures === undefined
        ? [...repository.languages, ...stackTags(repository)]
        : [...measures.languages, ...measures.stackTags]
    })

  return withSpans("RepositoryTools", { tools, tool, patterns, stack })
})

/**
 * A repository's tools and patterns as configuration rules make them (standards applied, its own
 * settings, the catalogue's defaults): what the tool and pattern operations and the analysis read.
 */
export class RepositoryTools extends Effect.Service<RepositoryTools>()("@tidemark/core/RepositoryTools", { effect: make }) {}
