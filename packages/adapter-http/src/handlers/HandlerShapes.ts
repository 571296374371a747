import type { Pagination } from "@tidemark/core"

/** What the handlers share: path parameters as the core's coordinates, and pages as the API answers them. */

export const organizationAt = (path: { provider: string; remoteOrganizationName: string }) => ({
  provider: path.provider,
  organization: path.remoteOrganizationName
})

export const repositoryAt = (path: { provider: string; remoteOrganizationName: string; repositoryName: string }) => ({
  ...organizationAt(path),
  repository: path.repositoryName
})

export const commaSeparated = (value: string | undefined) =>
  value === undefined ? undefined : value.split(",").map((s) => s.trim()).filter((s) => s !== "")

/** A page of the service as the API answers it. */
export const asPage = <A>(page: { readonly items: ReadonlyArray<A>; readonly pagination: Pagination }) => ({
  data: page.items,
  pagination: page.pagination
})
