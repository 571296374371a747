import { priorities, scanTypes, statuses } from "./Security.js"

/**
 * The Security page's filters, kept in the URL: for each the values chosen. Values of one filter
 * combine with OR, filters with AND, as searchSecurityItems' body lists do.
 */
export const securityFacets = ["priorities", "statuses", "scanTypes", "repositories"] as const
export type SecurityFacet = (typeof securityFacets)[number]
export type SecurityFilters = Readonly<Record<SecurityFacet, ReadonlyArray<string>>>

export const noSecurityFilters: SecurityFilters = { priorities: [], statuses: [], scanTypes: [], repositories: [] }

/** The URL's name of each filter, one value per repetition (`priority=High&priority=Critical`). */
const parameters: Readonly<Record<SecurityFacet, string>> = {
  priorities: "priority",
  statuses: "status",
  scanTypes: "scanType",
  repositories: "repository"
}

/** The values each filter offers; repositories are any name typed. */
export const securityChoices: Readonly<Record<Exclude<SecurityFacet, "repositories">, ReadonlyArray<string>>> = {
  priorities,
  statuses,
  scanTypes
}

const known = (facet: SecurityFacet, value: string): boolean => facet === "repositories" || securityChoices[facet].includes(value)

export const securityFiltersOf = (params: URLSearchParams): SecurityFilters => {
  // An unknown priority or status would make the API refuse the whole search (400): a stale link keeps the rest.
  const values = (facet: SecurityFacet) =>
    [...new Set(params.getAll(parameters[facet]).filter((value) => value !== "" && known(facet, value)))]
  return { priorities: values("priorities"), statuses: values("statuses"), scanTypes: values("scanTypes"), repositories: values("repositories") }
}

export const appendSecurityFilters = (params: URLSearchParams, filters: SecurityFilters): void => {
  for (const facet of securityFacets) for (const value of filters[facet]) params.append(parameters[facet], value)
}

/** The body of searchSecurityItems: only the filters with a value chosen. */
export const securitySearchBody = (filters: SecurityFilters): Partial<SecurityFilters> => {
  const body: Partial<Record<SecurityFacet, ReadonlyArray<string>>> = {}
  for (const facet of securityFacets) if (filters[facet].length > 0) body[facet] = filters[facet]
  return body
}
