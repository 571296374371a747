import { Effect, Option } from "effect"
import { catalogueToolOf } from "../domain/CatalogueViews.js"
import { NotFound } from "../domain/Errors.js"
import { paginate, pageRequest } from "../domain/Pagination.js"
import { ToolCatalogue } from "../ports/ToolCatalogue.js"
import { withSpans } from "../runtime/Spans.js"

const make = Effect.gen(function*() {
  const catalogue = yield* ToolCatalogue

  /** listTools: every tool of the installation, by uuid. */
  const tools = (cursor: string | undefined, limit: number | undefined) =>
    Effect.gen(function*() {
      const request = yield* pageRequest(cursor, limit)
      const all = [...(yield* catalogue.tools)].sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0))
      return paginate(all.map(catalogueToolOf), (tool) => [tool.uuid], request)
    })

  /**
   * listPatterns: a tool's patterns as the catalogue ships them, by id; `enabled` keeps those
   * on (or off) by default, which is what "enabled" means of a pattern outside any repository.
   */
  const patterns = (toolUuid: string, query: { readonly cursor?: string | undefined; readonly limit?: number | undefined; readonly enabled?: boolean | undefined }) =>
    Effect.gen(function*() {
      const request = yield* pageRequest(query.cursor, query.limit)
      const tool = yield* catalogue.find(toolUuid)
      if (Option.isNone(tool)) return yield* new NotFound({ what: "tool", id: toolUuid })
      const definitions = tool.value.patterns.map((pattern) => pattern.definition)
        .filter((definition) => query.enabled === undefined || definition.enabled === query.enabled)
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      return paginate(definitions, (definition) => [definition.id], request)
    })

  /** getPattern: a pattern's definition as the catalogue ships it. */
  const pattern = (toolUuid: string, patternId: string) =>
    Effect.gen(function*() {
      const tool = yield* catalogue.find(toolUuid)
      if (Option.isNone(tool)) return yield* new NotFound({ what: "tool", id: toolUuid })
      const found = tool.value.patterns.find((p) => p.definition.id === patternId)
      if (found === undefined) return yield* new NotFound({ what: "pattern", id: patternId })
      return found.definition
    })

  return withSpans("Catalogue", { tools, patterns, pattern })
})

/** listTools, listPatterns and getPattern: the installation's catalogue, open to anyone (the API asks no token). */
export class Catalogue extends Effect.Service<Catalogue>()("@tidemark/core/Catalogue", { effect: make }) {}
