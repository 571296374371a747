import { Effect, Either, Encoding, Schema } from "effect"
import { InvalidInput } from "./Errors.js"

export class Pagination extends Schema.Class<Pagination>("Pagination")({
  /** Present only when another page exists. */
  cursor: Schema.optional(Schema.String),
  limit: Schema.Int,
  total: Schema.Int
}) {}

export const defaultLimit = 100
export const maxLimit = 100

/** `limit` as the query string carries it: an integer from 1 to 100. */
export const PageLimit = Schema.NumberFromString.pipe(
  Schema.int({ message: () => "limit must be an integer" }),
  Schema.between(1, maxLimit, { message: () => `limit must be between 1 and ${maxLimit}` })
).annotations({
  description: `maximum items in a page, 1 to ${maxLimit} (default ${defaultLimit})`,
  jsonSchema: { type: "integer", format: "int32", minimum: 1, maximum: maxLimit }
})

/** A request for one page: `after` is the keyset position decoded from the cursor. */
export interface PageRequest {
  readonly after: ReadonlyArray<string | number> | undefined
  readonly limit: number
}

/**
 * Cursors are base64url JSON of the last item's sort key: opaque to clients, URL-safe, so a cursor
 * a client URL-encoded before reuse (as clients of the `bb` provider do) is the same string.
 */
export const encodeCursor = (key: ReadonlyArray<string | number>): string =>
  Encoding.encodeBase64Url(JSON.stringify(key))

const CursorKey = Schema.parseJson(Schema.Array(Schema.Union(Schema.String, Schema.Number)))
const decodeKey = Schema.decodeUnknownEither(CursorKey)

export const decodeCursor = (cursor: string): Either.Either<ReadonlyArray<string | number>, InvalidInput> => {
  const invalid = new InvalidInput({ field: "cursor", reason: "invalid cursor" })
  let raw = cursor
  // A client may send the cursor URL-encoded once more than needed.
  if (raw.includes("%")) {
    try {
      raw = decodeURIComponent(raw)
    } catch {
      return Either.left(invalid)
    }
  }
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) return Either.left(invalid)
  return Either.flatMap(
    Either.mapLeft(Encoding.decodeBase64UrlString(raw), () => invalid),
    (json) => Either.mapLeft(decodeKey(json), () => invalid)
  )
}

export const pageRequest = (
  cursor: string | undefined,
  limit: number | undefined
): Either.Either<PageRequest, InvalidInput> =>
  cursor === undefined || cursor === ""
    ? Either.right({ after: undefined, limit: limit ?? defaultLimit })
    : Either.map(decodeCursor(cursor), (after) => ({ after, limit: limit ?? defaultLimit }))

/** Compares two sort keys element by element (strings by code unit, numbers numerically). */
export const compareKeys = (a: ReadonlyArray<string | number>, b: ReadonlyArray<string | number>): number => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]
    const y = b[i]
    if (x === y) continue
    if (typeof x === "number" && typeof y === "number") return x - y
    return String(x) < String(y) ? -1 : 1
  }
  return a.length - b.length
}

export interface Page<A> {
  readonly items: ReadonlyArray<A>
  readonly pagination: Pagination
}

/**
 * Keyset pagination over items already sorted by `key`: the page holds the items after
 * `request.after`, and a cursor only when more remain.
 */
export const paginate = <A>(
  sorted: ReadonlyArray<A>,
  key: (a: A) => ReadonlyArray<string | number>,
  request: PageRequest
): Page<A> => {
  const after = request.after
  const start = after === undefined ? 0 : sorted.findIndex((a) => compareKeys(key(a), after) > 0)
  const from = start === -1 ? sorted.length : start
  const items = sorted.slice(from, from + request.limit)
  const last = items[items.length - 1]
  const more = from + request.limit < sorted.length
  return {
    items,
    pagination: new Pagination({
      ...(more && last !== undefined ? { cursor: encodeCursor(key(last)) } : {}),
      limit: request.limit,
      total: sorted.length
    })
  }
}

/** One page read from a store, and what a client needs to ask for the next: the sort key of its last item. */
export interface ResultPage<A> {
  readonly items: ReadonlyArray<A>
  readonly total: number
  /** The sort key after which the next page starts; none on the last page. */
  readonly next: ReadonlyArray<string | number> | undefined
}

type Key = ReadonlyArray<string | number>

/**
 * The page of `items` (in the order `compare` gives their keys) after `page.after`, with the key of
 * its last item when more remain: keyset paging of a list held whole (the memory stores).
 */
export const pageOfSorted = <A>(
  items: ReadonlyArray<A>,
  keyOf: (item: A) => Key,
  page: PageRequest,
  compare: (a: Key, b: Key) => number = compareKeys
): ResultPage<A> => {
  const after = page.after
  const rest = after === undefined ? items : items.filter((item) => compare(keyOf(item), after) > 0)
  const shown = rest.slice(0, page.limit)
  const last = shown.at(-1)
  return {
    items: shown,
    total: items.length,
    next: rest.length > page.limit && last !== undefined ? keyOf(last) : undefined
  }
}

/**
 * The page of `rows` read after the page's position with one row more than the page (`limit + 1`):
 * that extra row only tells whether another page follows.
 */
export const pageOfRows = <A>(rows: ReadonlyArray<A>, total: number, page: PageRequest, keyOf: (row: A) => Key): ResultPage<A> => {
  const items = rows.slice(0, page.limit)
  const last = items.at(-1)
  return { items, total, next: rows.length > page.limit && last !== undefined ? keyOf(last) : undefined }
}

/** A page of the API from a page of stored rows: the cursor is the key of its last item. */
export const pageOfResults = <A, B>(rows: ResultPage<A>, limit: number, f: (row: A) => B): Page<B> => ({
  items: rows.items.map(f),
  pagination: new Pagination({
    limit,
    total: rows.total,
    ...(rows.next === undefined ? {} : { cursor: encodeCursor(rows.next) })
  })
})

export const emptyPage = <A>(limit: number): Page<A> => ({ items: [], pagination: new Pagination({ limit, total: 0 }) })

/** Every row of a keyset-paged read, a page of `limit` at a time. */
export const everyRow = <A, E, R>(
  limit: number,
  read: (page: PageRequest) => Effect.Effect<ResultPage<A>, E, R>
): Effect.Effect<ReadonlyArray<A>, E, R> =>
  Effect.gen(function*() {
    const rows: Array<A> = []
    let after: ReadonlyArray<string | number> | undefined
    do {
      const page = yield* read({ after, limit })
      rows.push(...page.items)
      after = page.next
    } while (after !== undefined)
    return rows
  })

/**
 * A page by position, for lists whose order is computed when read (a deadline that moves with the
 * clock, a count across repositories): the cursor holds the offset of the next row.
 */
export const offsetPage = (cursor: string | undefined, limit: number | undefined) =>
  Either.flatMap(pageRequest(cursor, limit), (page) => {
    const offset = page.after === undefined ? 0 : page.after[0]
    return typeof offset === "number" && Number.isInteger(offset) && offset >= 0
      ? Either.right({ offset, limit: page.limit })
      : Either.left(new InvalidInput({ field: "cursor", reason: "invalid cursor" }))
  })

/** The pagination of a page by position: a cursor while rows remain after it. */
export const offsetPagination = (offset: number, limit: number, shown: number, total: number) =>
  new Pagination({ ...(offset + shown < total ? { cursor: encodeCursor([offset + shown]) } : {}), limit, total })
