/**
 * How the dashboard calls the server: the paths of an organization, query strings, one request
 * function that sends the `api-token` header and turns error bodies into `ApiError`s, a list read
 * whole page after page, and an answer the server may not give (404).
 */
import { DecodeError, type Reader } from "./Decode.js"
import type { Page } from "./Envelope.js"
import type { Organization } from "./Organization.js"

export type Query = Readonly<Record<string, string | number | undefined>>

/** A query string of the defined, non-empty values, in the order given ("" when none). */
export const queryString = (query: Query): string => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.append(key, String(value))
  }
  const text = params.toString()
  return text === "" ? "" : `?${text}`
}

export const segment = encodeURIComponent

/** The organization under `/api/v3/analysis` (repositories, tools, issues). */
export const analysisBase = (org: Organization): string =>
  `/api/v3/analysis/organizations/${segment(org.provider)}/${segment(org.name)}`

/** The organization under `/api/v3` (files, delivery metrics): the original API keeps them outside `/analysis`. */
export const organizationBase = (org: Organization): string =>
  `/api/v3/organizations/${segment(org.provider)}/${segment(org.name)}`

/** A failed call: the HTTP status (0 when the server was not reached) and the message to show. */
export class ApiError extends Error {
  readonly _tag = "ApiError"
  constructor(readonly status: number, message: string) {
    super(message)
  }
}

/** The message of an error body: both APIs' error bodies carry `message` (README: errors). */
export const errorMessage = (status: number, body: unknown): string => {
  if (typeof body === "object" && body !== null && "message" in body && typeof body.message === "string" && body.message !== "") {
    return body.message
  }
  return status === 401 ? "The token was refused (401)." : `The server answered ${status}.`
}

export type Fetch = (input: string, init: RequestInit) => Promise<Response>

export interface ApiClientOptions {
  readonly token: string
  readonly organization: Organization
  /** Where the server is; the dashboard is served by it, so "" (same origin) by default. */
  readonly baseUrl?: string
  readonly fetch?: Fetch
  /** Called when the server refuses the token (401), before the call fails: the token is no good for any other call either. */
  readonly onUnauthorized?: () => void
}

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text()
  if (text === "") return undefined
  try {
    return JSON.parse(text) as unknown
  } catch (cause) {
    if (!response.ok) return undefined
    throw new ApiError(response.status, `The server's answer is not JSON: ${String(cause)}`)
  }
}

export interface Call<T> {
  readonly path: string
  readonly read: Reader<T>
  /** A JSON body: the call is then a POST, unless `method` says PATCH. */
  readonly json?: unknown
  readonly method?: "POST" | "PATCH" | undefined
  readonly signal?: AbortSignal | undefined
}

export type Request = <T>(call: Call<T>) => Promise<T>

export const makeRequest = (options: ApiClientOptions): Request => {
  const doFetch: Fetch = options.fetch ?? ((input, init) => fetch(input, init))
  const baseUrl = options.baseUrl ?? ""
  const headers = { "api-token": options.token, accept: "application/json" }

  return async <T>({ path, read, json, method, signal }: Call<T>): Promise<T> => {
    let response: Response
    try {
      response = await doFetch(baseUrl + path, {
        ...(json === undefined
          ? { headers }
          : { method: method ?? "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(json) }),
        ...(signal === undefined ? {} : { signal })
      })
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === "AbortError") throw cause
      throw new ApiError(0, `The server could not be reached: ${String(cause)}`)
    }
    const body = await readJson(response)
    if (response.status === 401) options.onUnauthorized?.()
    if (!response.ok) throw new ApiError(response.status, errorMessage(response.status, body))
    try {
      return read(body, "")
    } catch (cause) {
      if (cause instanceof DecodeError) throw new ApiError(response.status, `Unexpected answer from the server: ${cause.message}`)
      throw cause
    }
  }
}

export interface PageQuery {
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
}

/** An answer without a body (204): nothing to read. */
export const noContent = (): void => undefined

/** Every item of a list, page after page. */
export const allPages = async <T>(pageAt: (cursor: string | undefined) => Promise<Page<T>>): Promise<ReadonlyArray<T>> => {
  const items: Array<T> = []
  const seen = new Set<string>()
  let cursor: string | undefined
  do {
    const page = await pageAt(cursor)
    items.push(...page.data)
    cursor = page.pagination.cursor
    // A cursor answered twice would page forever.
    if (cursor !== undefined && seen.has(cursor)) throw new ApiError(0, "The server answered the same page twice.")
    if (cursor !== undefined) seen.add(cursor)
  } while (cursor !== undefined)
  return items
}

/** An answer the server may not give: 404 (not served, or nothing kept for the file) reads as undefined. */
export const unlessNotFound = <T>(call: Promise<T>): Promise<T | undefined> =>
  call.catch((cause: unknown) => {
    if (cause instanceof ApiError && cause.status === 404) return undefined
    throw cause
  })
