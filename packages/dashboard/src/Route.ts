import { appendFileListQuery, type FileListQuery, fileListQueryOf } from "./results/FileListQuery.js"
import { appendFilters, filtersOf, type IssueFilters } from "./results/IssueFilters.js"
import { appendSecurityFilters, type SecurityFilters, securityFiltersOf } from "./security/SecurityFilters.js"

/** The dashboard's pages, addressed by the URL's hash so the server serves one `index.html`. */
export type Route =
  | { readonly page: "login" }
  | { readonly page: "overview"; readonly cursor?: string | undefined }
  | { readonly page: "repository"; readonly name: string }
  | { readonly page: "issues"; readonly name: string; readonly filters: IssueFilters; readonly cursor?: string | undefined }
  | { readonly page: "ignored"; readonly name: string; readonly cursor?: string | undefined }
  | { readonly page: "files"; readonly name: string; readonly query: FileListQuery }
  | { readonly page: "file"; readonly name: string; readonly fileId: number; readonly line?: number | undefined }
  | { readonly page: "pullRequests"; readonly name: string; readonly cursor?: string | undefined }
  | { readonly page: "pullRequest"; readonly name: string; readonly number: number }
  | { readonly page: "commits"; readonly name: string; readonly branch?: string | undefined; readonly cursor?: string | undefined }
  | { readonly page: "delivery" }
  | { readonly page: "tools" }
  | { readonly page: "tool"; readonly uuid: string; readonly cursor?: string | undefined }
  | { readonly page: "security"; readonly filters: SecurityFilters; readonly cursor?: string | undefined }
  | { readonly page: "dependencies"; readonly search: string; readonly cursor?: string | undefined }
  | { readonly page: "dependency"; readonly fullName: string; readonly cursor?: string | undefined }
  | { readonly page: "notFound"; readonly hash: string }

const decode = (text: string): string | undefined => {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

const positive = (text: string | null | undefined): number | undefined => {
  if (text === null || text === undefined || !/^[1-9]\d{0,15}$/.test(text)) return undefined
  const value = Number(text)
  return Number.isSafeInteger(value) ? value : undefined
}

/** A repository's pages: its name is one encoded segment, so it may hold slashes and any character. */
const repositoryPath = /^\/repositories\/([^/]+)(?:\/(issues|ignored|files|pull-requests|commits)(?:\/([^/]+))?)?$/

const repositoryRoute = (pathname: string, params: URLSearchParams, hash: string): Route => {
  const [, encoded = "", section, id] = repositoryPath.exec(pathname) ?? []
  const name = decode(encoded)
  if (name === undefined || name === "") return { page: "notFound", hash }
  if (section === undefined) return { page: "repository", name }
  if (section === "issues" && id === undefined) {
    return { page: "issues", name, filters: filtersOf(params), cursor: params.get("cursor") ?? undefined }
  }
  if (section === "files" && id === undefined) return { page: "files", name, query: fileListQueryOf(params) }
  const cursor = params.get("cursor") ?? undefined
  if (section === "ignored" && id === undefined) return { page: "ignored", name, cursor }
  if (section === "pull-requests" && id === undefined) return { page: "pullRequests", name, cursor }
  if (section === "commits" && id === undefined) return { page: "commits", name, branch: params.get("branch") || undefined, cursor }
  const number = positive(id)
  if (section === "files" && number !== undefined) return { page: "file", name, fileId: number, line: positive(params.get("line")) }
  if (section === "pull-requests" && number !== undefined) return { page: "pullRequest", name, number }
  return { page: "notFound", hash }
}

/** A catalogue tool's page: its uuid is one encoded segment. */
const toolPath = /^\/tools\/([^/]+)$/

/** A package's page: its full name (`@scope/name`) is one encoded segment. */
const dependencyPath = /^\/dependencies\/([^/]+)$/

const dependencyRoute = (encoded: string, cursor: string | undefined, hash: string): Route => {
  const fullName = decode(encoded)
  return fullName === undefined || fullName === "" ? { page: "notFound", hash } : { page: "dependency", fullName, cursor }
}

export const parseRoute = (hash: string): Route => {
  const path = hash.replace(/^#/, "")
  const [pathname = "", search = ""] = path.split("?", 2)
  const params = new URLSearchParams(search)
  if (pathname === "" || pathname === "/") return { page: "overview", cursor: params.get("cursor") ?? undefined }
  if (pathname === "/login") return { page: "login" }
  if (pathname === "/delivery") return { page: "delivery" }
  if (pathname === "/tools") return { page: "tools" }
  const cursor = params.get("cursor") ?? undefined
  if (pathname === "/security") return { page: "security", filters: securityFiltersOf(params), cursor }
  if (pathname === "/dependencies") return { page: "dependencies", search: params.get("search") ?? "", cursor }
  const dependency = dependencyPath.exec(pathname)?.[1]
  if (dependency !== undefined) return dependencyRoute(dependency, cursor, hash)
  const tool = toolPath.exec(pathname)?.[1]
  if (tool !== undefined) {
    const uuid = decode(tool)
    return uuid === undefined || uuid === "" ? { page: "notFound", hash } : { page: "tool", uuid, cursor: params.get("cursor") ?? undefined }
  }
  if (pathname.startsWith("/repositories/")) return repositoryRoute(pathname, params, hash)
  return { page: "notFound", hash }
}

const withQuery = (path: string, params: URLSearchParams): string => {
  const text = params.toString()
  return text === "" ? path : `${path}?${text}`
}

export const hrefOf = (route: Route): string => {
  const params = new URLSearchParams()
  switch (route.page) {
    case "login":
      return "#/login"
    case "overview":
      if (route.cursor !== undefined) params.set("cursor", route.cursor)
      return withQuery("#/", params)
    case "repository":
      return `#/repositories/${encodeURIComponent(route.name)}`
    case "issues":
      appendFilters(params, route.filters)
      if (route.cursor !== undefined) params.set("cursor", route.cursor)
      return withQuery(`#/repositories/${encodeURIComponent(route.name)}/issues`, params)
    case "ignored":
      if (route.cursor !== undefined) params.set("cursor", route.cursor)
      return withQuery(`#/repositories/${encodeURIComponent(route.name)}/ignored`, params)
    case "files":
      appendFileListQuery(params, route.query)
      return withQuery(`#/repositories/${encodeURIComponent(route.name)}/files`, params)
    case "file":
      if (route.line !== undefined) params.set("line", String(route.line))
      return withQuery(`#/repositories/${encodeURIComponent(route.name)}/files/${route.fileId}`, params)
    case "pullRequests":
      if (route.cursor !== undefined) params.set("cursor", route.cursor)
      return withQuery(`#/repositories/${encodeURIComponent(route.name)}/pull-requests`, params)
    case "pullRequest":
      return `#/repositories/${encodeURIComponent(route.name)}/pull-requests/${route.number}`
    case "commits":
      if (route.branch !== undefined) params.set("branch", route.branch)
      if (route.cursor !== undefined) params.set("cursor", route.cursor)
      return withQuery(`#/repositories/${encodeURIComponent(route.name)}/commits`, params)
    case "delivery":
      return "#/delivery"
    case "tools":
      return "#/tools"
    case "tool":
      if (route.cursor !== undefined) params.set("cursor", route.cursor)
      return withQuery(`#/tools/${encodeURIComponent(route.uuid)}`, params)
    case "security":
      appendSecurityFilters(params, route.filters)
      if (route.cursor !== undefined) params.set("cursor", route.cursor)
      return withQuery("#/security", params)
    case "dependencies":
      if (route.search !== "") params.set("search", route.search)
      if (route.cursor !== undefined) params.set("cursor", route.cursor)
      return withQuery("#/dependencies", params)
    case "dependency":
      if (route.cursor !== undefined) params.set("cursor", route.cursor)
      return withQuery(`#/dependencies/${encodeURIComponent(route.fullName)}`, params)
    case "notFound":
      return route.hash
  }
}
