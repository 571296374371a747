import { Schema } from "effect"
import { Category, type Category as CategoryType, severityRank, SeverityLevel } from "./Pattern.js"
import type { CataloguePattern, ToolDefinition } from "./ToolDefinitions.js"
import type { EffectivePattern } from "./EffectiveConfiguration.js"

/** A comma-separated query value, each item trimmed and decoded by `item`. */
const commaSeparated = <A, I extends string>(item: Schema.Schema<A, I>) =>
  Schema.compose(
    Schema.transform(Schema.String, Schema.Array(Schema.String), {
      strict: true,
      // `languages=` or `a,,b` name no empty value: empty items are dropped.
      decode: (s) => s.split(",").map((v) => v.trim()).filter((v) => v !== ""),
      encode: (values) => values.join(",")
    }),
    Schema.Array(item),
    { strict: false }
  )

/** A boolean query value (`true` or `false`): documented as the boolean it stands for, as the spec types it. */
export const QueryBoolean = Schema.BooleanFromString.annotations({ jsonSchema: { type: "boolean" } })

/** Filters shared by listRepositoryToolPatterns and updateRepositoryToolPatterns (query strings). */
export const PatternFilterFields = {
  languages: Schema.optional(commaSeparated(Schema.String)),
  categories: Schema.optional(commaSeparated(Category)),
  severityLevels: Schema.optional(commaSeparated(SeverityLevel)),
  tags: Schema.optional(commaSeparated(Schema.String)),
  search: Schema.optional(Schema.String),
  recommended: Schema.optional(QueryBoolean),
  matchesStack: Schema.optional(QueryBoolean)
}
export const PatternFilters = Schema.Struct(PatternFilterFields)
export type PatternFilters = typeof PatternFilters.Type

export const PatternSort = Schema.Literal("category", "recommended", "severity")
export type PatternSort = typeof PatternSort.Type
export const SortDirection = Schema.Literal("asc", "desc")
export type SortDirection = typeof SortDirection.Type

export interface PatternListQuery extends PatternFilters {
  readonly enabled?: boolean | undefined
  readonly sort?: PatternSort | undefined
  readonly direction?: SortDirection | undefined
}

/** What the filters read of a catalogue pattern, lower-cased once per pattern rather than per request. */
interface Facets {
  readonly languages: ReadonlyArray<string>
  readonly tags: ReadonlyArray<string>
  readonly text: string
}

const facets = new WeakMap<CataloguePattern, Facets>()

const facetsOf = (pattern: CataloguePattern): Facets => {
  const cached = facets.get(pattern)
  if (cached !== undefined) return cached
  const d = pattern.definition
  const made: Facets = {
    languages: lower(d.languages ?? []),
    tags: lower(d.tags ?? []),
    text: [d.id, d.title ?? "", d.description ?? ""].join("\n").toLowerCase()
  }
  facets.set(pattern, made)
  return made
}

const lower = (values: ReadonlyArray<string>) => values.map((v) => v.toLowerCase())

/** A filter of values, lower-cased once per query; absent or empty filters accept everything. */
const anyOf = (values: ReadonlyArray<string> | undefined) => {
  if (values === undefined || values.length === 0) return undefined
  const set = new Set(lower(values))
  return (candidates: ReadonlyArray<string>) => candidates.some((v) => set.has(v))
}

/**
 * Keeps the patterns every given filter accepts (filters combine with AND; values inside one
 * filter with OR), in the order given. `stack` is what `matchesStack` compares with: the
 * repository's languages and stack tags; a pattern without languages matches any stack.
 */
export const filterPatterns = <P extends EffectivePattern>(
  patterns: ReadonlyArray<P>,
  query: PatternListQuery,
  stack: ReadonlyArray<string>
): ReadonlyArray<P> => {
  const search = query.search?.trim().toLowerCase()
  const languages = anyOf(query.languages)
  const tags = anyOf(query.tags)
  const inStack = anyOf(stack)
  const categories = query.categories !== undefined && query.categories.length > 0 ? query.categories : undefined
  const severities = query.severityLevels !== undefined && query.severityLevels.length > 0 ? query.severityLevels : undefined
  return patterns.filter(({ enabled, pattern }) => {
    const d = pattern.definition
    const f = facetsOf(pattern)
    if (languages !== undefined && !languages(f.languages)) return false
    if (categories !== undefined && !categories.includes(d.category)) return false
    if (severities !== undefined && !severities.includes(d.severityLevel)) return false
    if (tags !== undefined && !tags(f.tags)) return false
    if (query.recommended !== undefined && pattern.recommended !== query.recommended) return false
    if (query.enabled !== undefined && enabled !== query.enabled) return false
    if (query.matchesStack !== undefined) {
      const matches = f.languages.length === 0 || (inStack !== undefined && inStack(f.languages))
      if (matches !== query.matchesStack) return false
    }
    if (search !== undefined && search !== "" && !f.text.includes(search)) return false
    return true
  })
}

const categoryRank = (c: CategoryType) => Category.literals.indexOf(c)

/**
 * The keyset sort key of a pattern: a number ordering it by the requested sort (negated for
 * `desc`), then its id, so pages stay stable whatever the sort.
 */
export const patternSortKey = (query: PatternListQuery) => (p: { readonly pattern: CataloguePattern }): [number, string] => {
  const d = p.pattern.definition
  const sign = query.direction === "desc" ? -1 : 1
  switch (query.sort) {
    case "category":
      return [sign * categoryRank(d.category), d.id]
    case "recommended":
      return [sign * (p.pattern.recommended ? 1 : 0), d.id]
    case "severity":
      return [sign * severityRank[d.severityLevel], d.id]
    case undefined:
      return [0, d.id]
  }
}

/** Each item's key is computed once, not once per comparison. */
const sortedBy = <A>(items: ReadonlyArray<A>, key: (a: A) => [number, string]): ReadonlyArray<A> =>
  items
    .map((item) => ({ item, key: key(item) }))
    .sort(({ key: [x, i] }, { key: [y, j] }) => x - y || (i < j ? -1 : i > j ? 1 : 0))
    .map(({ item }) => item)

export const sortPatterns = <P extends EffectivePattern>(patterns: ReadonlyArray<P>, query: PatternListQuery) =>
  sortedBy(patterns, patternSortKey(query))

const orders = new WeakMap<ToolDefinition, Map<string, ReadonlyArray<number>>>()

/** Positions of the tool's catalogue patterns in the order of `query`'s sort. */
const sortedPositions = (tool: ToolDefinition, query: PatternListQuery): ReadonlyArray<number> => {
  let byOrder = orders.get(tool)
  if (byOrder === undefined) {
    byOrder = new Map()
    orders.set(tool, byOrder)
  }
  const order = `${query.sort ?? ""}:${query.direction ?? ""}`
  const cached = byOrder.get(order)
  if (cached !== undefined) return cached
  const key = patternSortKey(query)
  const positions = sortedBy(tool.patterns.map((pattern, position) => ({ pattern, position })), key)
    .map(({ position }) => position)
  byOrder.set(order, positions)
  return positions
}

/**
 * `patterns`, the tool's effective patterns in its catalogue's order (as `effectivePatterns` gives
 * them), sorted as `sortPatterns` sorts them. The order depends on the catalogue alone, so it is
 * computed once per tool and sort rather than on every request.
 */
export const sortToolPatterns = <P extends EffectivePattern>(
  tool: ToolDefinition,
  patterns: ReadonlyArray<P>,
  query: PatternListQuery
): ReadonlyArray<P> => {
  const sorted: Array<P> = []
  // Patterns not in the catalogue's order (not the tool's own) are sorted the long way.
  for (const position of sortedPositions(tool, query)) {
    const pattern = patterns[position]
    if (pattern === undefined || pattern.pattern !== tool.patterns[position]) return sortPatterns(patterns, query)
    sorted.push(pattern)
  }
  return sorted.length === patterns.length ? sorted : sortPatterns(patterns, query)
}
