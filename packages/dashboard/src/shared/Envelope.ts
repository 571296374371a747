/** The envelopes every answer of the analysis API comes in (README: envelopes and pagination). */
import { array, field, number, optional, type Reader, record, string } from "./Decode.js"

export interface Pagination {
  readonly cursor?: string | undefined
  readonly limit: number
  readonly total: number
}

export interface Page<T> {
  readonly data: ReadonlyArray<T>
  readonly pagination: Pagination
}

/** Every 2xx body with content is `{data: ...}`. */
export const data = <T>(read: Reader<T>): Reader<T> => (value, path) => field(record(value, path), "data", read, path)

/** A list: `{data: [...], pagination: {cursor?, limit, total}}`, the cursor present only when another page exists. */
export const page = <T>(read: Reader<T>): Reader<Page<T>> => (value, path) => {
  const o = record(value, path)
  const pagination = field(o, "pagination", record, path)
  const paginationPath = path === "" ? "pagination" : `${path}.pagination`
  return {
    data: field(o, "data", array(read), path),
    pagination: {
      cursor: field(pagination, "cursor", optional(string), paginationPath),
      limit: field(pagination, "limit", number, paginationPath),
      total: field(pagination, "total", number, paginationPath)
    }
  }
}
