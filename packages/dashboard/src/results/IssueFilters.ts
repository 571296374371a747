import { type IssuesOverview, severityLevels } from "./Results.js"

/**
 * The issues page's filters: for each facet the values ticked, kept in the URL. Values of one
 * facet combine with OR, facets with AND, as the search body's lists do.
 */
export const facets = ["levels", "categories", "patternIds", "languages", "authorEmails"] as const
export type Facet = (typeof facets)[number]
export type IssueFilters = Readonly<Record<Facet, ReadonlyArray<string>>>

export const noFilters: IssueFilters = { levels: [], categories: [], patternIds: [], languages: [], authorEmails: [] }

/** The URL's name of each facet: short, and one value per repetition (`level=Error&level=High`). */
const parameters: Readonly<Record<Facet, string>> = {
  levels: "level",
  categories: "category",
  patternIds: "pattern",
  languages: "language",
  authorEmails: "author"
}

const isLevel = (value: string): boolean => severityLevels.some((level) => level === value)

export const filtersOf = (params: URLSearchParams): IssueFilters => {
  const values = (facet: Facet) => [...new Set(params.getAll(parameters[facet]).filter((value) => value !== ""))]
  return {
    // An unknown level would make the API refuse the whole search (400): a stale link keeps the rest.
    levels: values("levels").filter(isLevel),
    categories: values("categories"),
    patternIds: values("patternIds"),
    languages: values("languages"),
    authorEmails: values("authorEmails")
  }
}

export const appendFilters = (params: URLSearchParams, filters: IssueFilters): void => {
  for (const facet of facets) for (const value of filters[facet]) params.append(parameters[facet], value)
}

export const isFiltered = (filters: IssueFilters): boolean => facets.some((facet) => filters[facet].length > 0)

/** The filters with `value` of `facet` ticked when it was not, unticked when it was. */
export const toggled = <F extends Readonly<Record<K, ReadonlyArray<string>>>, K extends keyof F>(filters: F, facet: K, value: string): F => {
  const current = filters[facet]
  return { ...filters, [facet]: current.includes(value) ? current.filter((v) => v !== value) : [...current, value] }
}

export type SearchBody = Partial<Record<Facet, ReadonlyArray<string>>>

/** The body of searchRepositoryIssues and issuesOverview: only the facets with a value ticked. */
export const searchBody = (filters: IssueFilters): SearchBody => {
  const body: Partial<Record<Facet, ReadonlyArray<string>>> = {}
  for (const facet of facets) if (filters[facet].length > 0) body[facet] = filters[facet]
  return body
}

export interface OverviewRequest {
  readonly body: SearchBody
  /** The facets whose counts this answer gives. */
  readonly facets: ReadonlyArray<Facet>
}

/**
 * The overviews the counts come from. A facet's counts are taken with every filter but its own,
 * so that each count is what the list's total becomes when that value alone of its facet is
 * ticked: with the facet's own filter too, ticking "Error" would leave no count beside "Warning"
 * to tick next. Facets without a value ticked share the overview of the whole filter.
 */
export const overviewRequests = (filters: IssueFilters): ReadonlyArray<OverviewRequest> => {
  const ticked = facets.filter((facet) => filters[facet].length > 0)
  const rest = facets.filter((facet) => filters[facet].length === 0)
  return [
    ...(rest.length === 0 ? [] : [{ body: searchBody(filters), facets: rest }]),
    ...ticked.map((facet) => ({ body: searchBody({ ...filters, [facet]: [] }), facets: [facet] }))
  ]
}

export interface FacetValue {
  readonly value: string
  readonly label: string
  readonly total: number
  readonly ticked: boolean
}

const countsOf = (overview: IssuesOverview, facet: Facet): ReadonlyArray<{ readonly value: string; readonly label: string; readonly total: number }> => {
  const named = (counts: ReadonlyArray<{ readonly name: string; readonly total: number }>) =>
    counts.map((c) => ({ value: c.name, label: c.name, total: c.total }))
  switch (facet) {
    case "levels":
      return named(overview.counts.levels)
    case "categories":
      return named(overview.counts.categories)
    case "languages":
      return named(overview.counts.languages)
    case "authorEmails":
      return named(overview.counts.authors)
    case "patternIds":
      return overview.counts.patterns.map((p) => ({ value: p.id, label: patternLabel(p, overview.counts.patterns), total: p.total }))
  }
}

type PatternCount = IssuesOverview["counts"]["patterns"][number]

/**
 * A pattern by its title, or its id when it has none; two tools' patterns may share a title
 * (ESLint's no-unused-vars and typescript-eslint's), and then the id tells them apart.
 */
export const patternLabel = (pattern: PatternCount, all: ReadonlyArray<PatternCount>): string => {
  if (pattern.title === "") return pattern.id
  return all.some((other) => other.id !== pattern.id && other.title === pattern.title) ? `${pattern.title} (${pattern.id})` : pattern.title
}

/**
 * The values to offer for a facet, in the API's order (most first), with their counts; a ticked
 * value the overview no longer counts stays, at 0, so that it can be unticked.
 */
export const facetValues = (overview: IssuesOverview, facet: Facet, filters: IssueFilters): ReadonlyArray<FacetValue> => {
  const counted = countsOf(overview, facet)
  const ticked = filters[facet]
  const missing = ticked.filter((value) => !counted.some((c) => c.value === value))
  return [
    ...counted.map((c) => ({ ...c, ticked: ticked.includes(c.value) })),
    ...missing.map((value) => ({ value, label: value, total: 0, ticked: true }))
  ]
}
