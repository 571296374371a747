import { Schema } from "effect"
import { Category, type Category as CategoryType, severityRank, SeverityLevel } from "./Pattern.js"
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

/** Filters shared by listRepositoryToolPatterns and updateRepositoryToolPatterns (query strings). */
export const PatternFilterFields = {
  languages: Schema.optional(commaSeparated(Schema.String)),
  categories: Schema.optional(commaSeparated(Category)),
  severityLevels: Schema.optional(commaSeparated(SeverityLevel)),
  tags: Schema.optional(commaSeparated(Schema.String)),
  search: Schema.optional(Schema.String),
  recommended: Schema.optional(Schema.BooleanFromString),
  matchesStack: Schema.optional(Schema.BooleanFromString)
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

const lower = (values: ReadonlyArray<string>) => values.map((v) => v.toLowerCase())
const intersects = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => {
  const set = new Set(lower(b))
  return lower(a).some((v) => set.has(v))
}

/**
 * Keeps the patterns every given filter accepts (filters combine with AND; values inside one
 * filter with OR). `stack` is what `matchesStack` compares with: the repository's languages and
 * stack tags; a pattern without languages matches any stack.
 */
export const filterPatterns = (
  patterns: ReadonlyArray<EffectivePattern>,
  query: PatternListQuery,
  stack: ReadonlyArray<string>
): ReadonlyArray<EffectivePattern> => {
  const search = query.search?.trim().toLowerCase()
  return patterns.filter(({ enabled, pattern }) => {
    const d = pattern.definition
    const languages = d.languages ?? []
    if (query.languages !== undefined && query.languages.length > 0 && !intersects(languages, query.languages)) return false
    if (query.categories !== undefined && query.categories.length > 0 && !query.categories.includes(d.category)) return false
    if (query.severityLevels !== undefined && query.severityLevels.length > 0 && !query.severityLevels.includes(d.severityLevel)) return false
    if (query.tags !== undefined && query.tags.length > 0 && !intersects(d.tags ?? [], query.tags)) return false
    if (query.recommended !== undefined && pattern.recommended !== query.recommended) return false
    if (query.enabled !== undefined && enabled !== query.enabled) return false
    if (query.matchesStack !== undefined) {
      const matches = languages.length === 0 || intersects(languages, stack)
      if (matches !== query.matchesStack) return false
    }
    if (search !== undefined && search !== "") {
      const text = [d.id, d.title ?? "", d.description ?? ""].join("\n").toLowerCase()
      if (!text.includes(search)) return false
    }
    return true
  })
}

const categoryRank = (c: CategoryType) => Category.literals.indexOf(c)

/**
 * The keyset sort key of a pattern: a number ordering it by the requested sort (negated for
 * `desc`), then its id, so pages stay stable whatever the sort.
 */
export const patternSortKey = (query: PatternListQuery) => (p: EffectivePattern): [number, string] => {
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

export const sortPatterns = (patterns: ReadonlyArray<EffectivePattern>, query: PatternListQuery) => {
  const key = patternSortKey(query)
  return [...patterns].sort((a, b) => {
    const [x, i] = key(a)
    const [y, j] = key(b)
    return x - y || (i < j ? -1 : i > j ? 1 : 0)
  })
}
