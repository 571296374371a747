import { describe, expect, it } from "@effect/vitest"
import { Errors, Pagination } from "@tidemark/core"
import { Effect, Either, Encoding, FastCheck, Schema } from "effect"

const invalidCursor = Either.left(new Errors.InvalidInput({ field: "cursor", reason: "invalid cursor" }))

const request = (cursor: string | undefined, limit?: number): Pagination.PageRequest =>
  Either.getOrThrow(Pagination.pageRequest(cursor, limit))

/** Follows the cursors from the first page to the last, as a client does. */
const allPages = <A>(sorted: ReadonlyArray<A>, key: (a: A) => ReadonlyArray<string | number>, limit: number) => {
  const pages: Array<ReadonlyArray<A>> = []
  let cursor: string | undefined = undefined
  do {
    const page: Pagination.Page<A> = Pagination.paginate(sorted, key, request(cursor, limit))
    pages.push(page.items)
    expect(page.pagination.total).toBe(sorted.length)
    expect(page.pagination.limit).toBe(limit)
    cursor = page.pagination.cursor
    if (pages.length > sorted.length + 1) throw new Error("pagination does not terminate")
  } while (cursor !== undefined)
  return pages
}

describe("Pagination", () => {
  describe("limit", () => {
    it("defaults to 100", () => {
      expect(Pagination.defaultLimit).toBe(100)
      expect(request(undefined)).toEqual({ after: undefined, limit: 100 })
      expect(request("")).toEqual({ after: undefined, limit: 100 })
      expect(request(undefined, 7)).toEqual({ after: undefined, limit: 7 })
    })

    it("decodes integers from 1 to 100 from the query string and refuses the rest", () => {
      const decode = Schema.decodeUnknownEither(Pagination.PageLimit)
      expect(decode("1")).toEqual(Either.right(1))
      expect(decode("100")).toEqual(Either.right(100))
      expect(decode("42")).toEqual(Either.right(42))
      for (const bad of ["0", "101", "-1", "1.5", "abc", "", "1e3"]) {
        expect(Either.isLeft(decode(bad)), bad).toBe(true)
      }
    })
  })

  describe("paginate", () => {
    const letters = ["a", "b", "c", "d", "e"]
    const byItself = (s: string) => [s]

    it("answers the first page with a cursor when more items remain", () => {
      const page = Pagination.paginate(letters, byItself, request(undefined, 2))
      expect(page.items).toEqual(["a", "b"])
      expect(page.pagination.total).toBe(5)
      expect(page.pagination.limit).toBe(2)
      expect(page.pagination.cursor).toBe(Pagination.encodeCursor(["b"]))
    })

    it("continues after the cursor and leaves the cursor out on the last page", () => {
      const second = Pagination.paginate(letters, byItself, request(Pagination.encodeCursor(["b"]), 2))
      expect(second.items).toEqual(["c", "d"])
      const last = Pagination.paginate(letters, byItself, request(second.pagination.cursor, 2))
      expect(last.items).toEqual(["e"])
      expect(last.pagination.cursor).toBeUndefined()
      expect(last.pagination.total).toBe(5)
    })

    it("leaves the cursor out when the page ends exactly at the last item", () => {
      const page = Pagination.paginate(letters, byItself, request(Pagination.encodeCursor(["c"]), 2))
      expect(page.items).toEqual(["d", "e"])
      expect(page.pagination.cursor).toBeUndefined()
      const whole = Pagination.paginate(letters, byItself, request(undefined, 5))
      expect(whole.items).toEqual(letters)
      expect(whole.pagination.cursor).toBeUndefined()
    })

    it("answers an empty page after the last key and for an empty list", () => {
      const past = Pagination.paginate(letters, byItself, request(Pagination.encodeCursor(["z"]), 2))
      expect(past.items).toEqual([])
      expect(past.pagination.cursor).toBeUndefined()
      expect(past.pagination.total).toBe(5)
      const empty = Pagination.paginate([], byItself, request(undefined))
      expect(empty.items).toEqual([])
      expect(empty.pagination.cursor).toBeUndefined()
      expect(empty.pagination.total).toBe(0)
      expect(empty.pagination.limit).toBe(100)
    })

    it("resumes after a key that is no longer in the list (an item deleted between pages)", () => {
      const page = Pagination.paginate(["a", "b", "d", "e"], byItself, request(Pagination.encodeCursor(["c"]), 2))
      expect(page.items).toEqual(["d", "e"])
    })

    it("pages through any sorted list without overlap or loss, for any limit", () => {
      interface Item {
        readonly rank: number
        readonly id: string
      }
      const key = (i: Item) => [i.rank, i.id]
      const items = FastCheck.uniqueArray(
        FastCheck.record({ rank: FastCheck.integer({ min: -5, max: 5 }), id: FastCheck.string({ maxLength: 6 }) }),
        { selector: (i) => i.id, maxLength: 60 }
      )
      FastCheck.assert(
        FastCheck.property(items, FastCheck.integer({ min: 1, max: 100 }), (unsorted, limit) => {
          const sorted = [...unsorted].sort((a, b) => Pagination.compareKeys(key(a), key(b)))
          const pages = allPages(sorted, key, limit)
          expect(pages.flat()).toEqual(sorted)
          expect(pages.length).toBe(Math.max(1, Math.ceil(sorted.length / limit)))
          for (const page of pages.slice(0, -1)) expect(page.length).toBe(limit)
        }),
        { seed: 20240501, numRuns: 300 }
      )
    })
  })

  describe("cursor", () => {
    it("is URL-safe: encodeURIComponent leaves it unchanged", () => {
      FastCheck.assert(
        FastCheck.property(
          FastCheck.array(FastCheck.oneof(FastCheck.fullUnicodeString(), FastCheck.integer()), { maxLength: 4 }),
          (key) => {
            const cursor = Pagination.encodeCursor(key)
            expect(cursor).toMatch(/^[A-Za-z0-9_-]*$/)
            expect(encodeURIComponent(cursor)).toBe(cursor)
            expect(Pagination.decodeCursor(cursor)).toEqual(Either.right(key))
          }
        ),
        { seed: 7, numRuns: 200 }
      )
    })

    it("decodes when the client URL-encoded it, once or twice", () => {
      const cursor = Pagination.encodeCursor(["ESLint9_no-shadow?&=/", 3])
      expect(Pagination.decodeCursor(encodeURIComponent(cursor))).toEqual(Either.right(["ESLint9_no-shadow?&=/", 3]))
      expect(Pagination.decodeCursor(encodeURIComponent(encodeURIComponent(cursor)))).toEqual(
        Either.right(["ESLint9_no-shadow?&=/", 3])
      )
      // Percent-encoding characters that need no encoding is legal for a client too.
      const percentEncoded = [...cursor].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join("")
      expect(Pagination.decodeCursor(percentEncoded)).toEqual(Either.right(["ESLint9_no-shadow?&=/", 3]))
    })

    it("refuses random strings", () => {
      FastCheck.assert(
        FastCheck.property(FastCheck.string({ minLength: 1, maxLength: 40 }), (garbage) => {
          // A random string that happens to be a valid cursor is not garbage.
          const valid = /^[A-Za-z0-9_-]+$/.test(garbage) &&
            Either.match(Encoding.decodeBase64UrlString(garbage), { onLeft: () => false, onRight: isKey })
          if (!valid) expect(Pagination.decodeCursor(garbage)).toEqual(invalidCursor)
        }),
        { seed: 11, numRuns: 500 }
      )
      for (const garbage of ["!", "abc def", "a", "=====", "%", "%zz", "%E0%A4%A", "a+b/c==", "null"]) {
        expect(Pagination.decodeCursor(garbage), garbage).toEqual(invalidCursor)
      }
    })

    it("refuses valid base64 of text that is not JSON", () => {
      for (const text of ["not json", "[1,", "{", "undefined", "\u0000\u0001"]) {
        expect(Pagination.decodeCursor(Encoding.encodeBase64Url(text)), text).toEqual(invalidCursor)
      }
    })

    it("refuses JSON of the wrong shape", () => {
      for (const value of [{ a: 1 }, "abc", 12, null, true, [true], [null], [["a"]], [{ id: "x" }]]) {
        expect(Pagination.decodeCursor(Encoding.encodeBase64Url(JSON.stringify(value))), JSON.stringify(value)).toEqual(invalidCursor)
      }
    })

    it("makes pageRequest fail with InvalidInput on a malformed cursor", () => {
      expect(Pagination.pageRequest("!!", 10)).toEqual(invalidCursor)
      expect(Pagination.pageRequest(Encoding.encodeBase64Url("{}"), undefined)).toEqual(invalidCursor)
    })
  })

  describe("store pages", () => {
    type Key = ReadonlyArray<string | number>
    const descending = (a: Key, b: Key) => Pagination.compareKeys(b, a)
    const numbers = FastCheck.uniqueArray(FastCheck.integer({ min: -50, max: 50 }), { maxLength: 40 })

    /** Every page of a store's list, following `next` from the first page. */
    const storePages = <A>(read: (page: Pagination.PageRequest) => Pagination.ResultPage<A>, limit: number) => {
      const pages = [read({ after: undefined, limit })]
      for (let last = pages[0]; last?.next !== undefined; last = pages.at(-1)) pages.push(read({ after: last.next, limit }))
      return pages
    }

    it("pageOfSorted pages a list held whole in either order, each item once, counting the whole list", () => {
      FastCheck.assert(
        FastCheck.property(numbers, FastCheck.integer({ min: 1, max: 50 }), FastCheck.boolean(), (unsorted, limit, up) => {
          const order = up ? Pagination.compareKeys : descending
          const sorted = [...unsorted].sort((a, b) => order([a], [b]))
          const pages = storePages((page) => Pagination.pageOfSorted(sorted, (n) => [n], page, order), limit)
          expect(pages.flatMap((page) => page.items)).toEqual(sorted)
          for (const page of pages) expect(page.total).toBe(sorted.length)
          for (const page of pages.slice(0, -1)) expect(page.items).toHaveLength(limit)
        }),
        { seed: 20261127, numRuns: 200 }
      )
    })

    it("pageOfRows, given one row more than the page after the key (as a statement reads), answers what pageOfSorted does", () => {
      FastCheck.assert(
        FastCheck.property(numbers, FastCheck.integer({ min: 1, max: 50 }), (unsorted, limit) => {
          const sorted = [...unsorted].sort((a, b) => a - b)
          const read = (page: Pagination.PageRequest) => {
            const after = page.after
            const rows = sorted.filter((n) => after === undefined || Pagination.compareKeys([n], after) > 0).slice(0, page.limit + 1)
            return Pagination.pageOfRows(rows, sorted.length, page, (n) => [n])
          }
          expect(storePages(read, limit)).toEqual(storePages((page) => Pagination.pageOfSorted(sorted, (n) => [n], page), limit))
        }),
        { seed: 20261127, numRuns: 200 }
      )
    })

    it("pageOfResults shows a store's page with the cursor of its next key, none on the last page", () => {
      const more = Pagination.pageOfResults({ items: [1, 2], total: 5, next: [2, "b"] }, 2, (n) => n * 10)
      expect(more.items).toEqual([10, 20])
      expect(more.pagination).toEqual(new Pagination.Pagination({ limit: 2, total: 5, cursor: Pagination.encodeCursor([2, "b"]) }))
      expect(Either.getOrThrow(Pagination.decodeCursor(more.pagination.cursor ?? ""))).toEqual([2, "b"])
      const last = Pagination.pageOfResults({ items: [5], total: 5, next: undefined }, 2, (n) => n)
      expect(last.pagination).toEqual(new Pagination.Pagination({ limit: 2, total: 5 }))
      expect(Pagination.emptyPage(7)).toEqual({ items: [], pagination: new Pagination.Pagination({ limit: 7, total: 0 }) })
    })
  })

  describe("compareKeys", () => {
    it("compares numbers numerically, strings by code unit, then by length", () => {
      expect(Pagination.compareKeys([2], [10])).toBeLessThan(0)
      expect(Pagination.compareKeys([-3, "a"], [-3, "b"])).toBeLessThan(0)
      expect(Pagination.compareKeys(["B"], ["a"])).toBeLessThan(0)
      expect(Pagination.compareKeys(["a", "b"], ["a", "b"])).toBe(0)
      expect(Pagination.compareKeys(["a"], ["a", "b"])).toBeLessThan(0)
    })
  })
})

describe("everyRow", () => {
  it.effect("reads a keyset-paged store to its end, page by page, each row once", () =>
    Effect.gen(function*() {
      const sorted = Array.from({ length: 23 }, (_, i) => i * 2)
      const asked: Array<number> = []
      const rows = yield* Pagination.everyRow(5, (page) =>
        Effect.sync(() => {
          asked.push(page.limit)
          return Pagination.pageOfSorted(sorted, (n) => [n], page)
        }))
      expect(rows).toEqual(sorted)
      expect(asked).toEqual([5, 5, 5, 5, 5])
      expect(yield* Pagination.everyRow(5, (page) => Effect.succeed(Pagination.pageOfSorted([], (n: number) => [n], page)))).toEqual([])
    }))
})

/** The test's own reading of a cursor: base64url of a JSON array of strings and numbers. */
const readKey = Schema.decodeUnknownEither(Schema.parseJson(Schema.Array(Schema.Union(Schema.String, Schema.Number))))
const isKey = (json: string) => Either.isRight(readKey(json))
