/**
 * The files page's query, kept in the URL: listFiles' search, sort and direction, and the cursor
 * of the page shown (a cursor is only good for the sort and search it was made with).
 */
export const fileSorts = ["filename", "grade", "issues", "complexity", "duplication", "coverage"] as const
export type FileSort = (typeof fileSorts)[number]
export type Direction = "asc" | "desc"

export interface FileListQuery {
  readonly search: string
  readonly sort: FileSort
  readonly direction: Direction
  readonly cursor?: string | undefined
}

export const defaultFileListQuery: FileListQuery = { search: "", sort: "filename", direction: "asc" }

const sortOf = (text: string | null): FileSort => fileSorts.find((sort) => sort === text) ?? defaultFileListQuery.sort

export const fileListQueryOf = (params: URLSearchParams): FileListQuery => ({
  search: params.get("search") ?? "",
  sort: sortOf(params.get("sort")),
  direction: params.get("direction") === "desc" ? "desc" : "asc",
  cursor: params.get("cursor") ?? undefined
})

export const appendFileListQuery = (params: URLSearchParams, query: FileListQuery): void => {
  if (query.search !== "") params.set("search", query.search)
  if (query.sort !== defaultFileListQuery.sort) params.set("sort", query.sort)
  if (query.direction !== defaultFileListQuery.direction) params.set("direction", query.direction)
  if (query.cursor !== undefined) params.set("cursor", query.cursor)
}

/**
 * The query after a column's heading is pressed: the same column turns its direction round; another
 * starts where one looks first (names A to Z, the worst files first: lowest grade, most issues,
 * most complex, most duplicated lines, least covered). Either way back to the first page.
 */
export const sortedBy = (query: FileListQuery, sort: FileSort): FileListQuery => {
  const direction: Direction = query.sort === sort
    ? query.direction === "asc" ? "desc" : "asc"
    : sort === "filename" || sort === "grade" || sort === "coverage" ? "asc" : "desc"
  return { search: query.search, sort, direction }
}
