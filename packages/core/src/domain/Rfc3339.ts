import { Schema } from "effect"

/**
 * RFC 3339 date-times as the ingestion API receives them: any offset, any number of fraction
 * digits, leap seconds (`:60`). `Date.parse` alone is not enough: it rolls impossible days over
 * into the next month, refuses leap seconds and keeps only milliseconds.
 */

const pattern =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):([0-5]\d):([0-5]\d|60)(?:\.(\d+))?([Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/

const daysInMonth = (year: number, month: number) =>
  month === 2
    ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28)
    : [4, 6, 9, 11].includes(month)
    ? 30
    : 31

/** An instant that orders exactly: epoch ms of the whole second, leap-second flag, fraction digits. */
export interface Instant {
  readonly secondMillis: number
  readonly leap: 0 | 1
  readonly fraction: string
}

export const parseRfc3339 = (s: string): Instant | undefined => {
  const m = pattern.exec(s)
  if (m === null) return undefined
  const [, year = "", month = "", day = "", hour = "", minute = "", second = "", fraction = "", offset = ""] = m
  if (Number(day) > daysInMonth(Number(year), Number(month))) return undefined
  const leap = second === "60"
  const ms = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${leap ? "59" : second}${offset.toUpperCase()}`)
  return Number.isNaN(ms) ? undefined : { secondMillis: ms, leap: leap ? 1 : 0, fraction: fraction.replace(/0+$/, "") }
}

/** Orders two instants; a leap second sorts after :59 and before the next minute. */
export const compareInstants = (x: Instant, y: Instant): number =>
  x.secondMillis - y.secondMillis || x.leap - y.leap || (x.fraction < y.fraction ? -1 : x.fraction > y.fraction ? 1 : 0)

/**
 * The instant in epoch milliseconds, as the delivery metrics count time: the fraction cut (not
 * rounded) to milliseconds, and a leap second at the last millisecond of its minute's :59 second,
 * so that it keeps its order before the next minute. PostgreSQL's `tidemark_epoch_ms` (adapter-pg,
 * migration 0003) computes the same number in SQL. Undefined when `s` is not RFC 3339.
 */
export const epochMillisOf = (s: string): number | undefined => {
  const instant = parseRfc3339(s)
  if (instant === undefined) return undefined
  return instant.secondMillis + (instant.leap === 1 ? 999 : Number(instant.fraction.slice(0, 3).padEnd(3, "0")))
}

export const isBefore = (a: string, b: string): boolean => {
  const x = parseRfc3339(a)
  const y = parseRfc3339(b)
  return x !== undefined && y !== undefined && compareInstants(x, y) < 0
}

export const Rfc3339 = Schema.String.pipe(
  Schema.filter((s) => parseRfc3339(s) !== undefined, {
    message: () => "expected an RFC 3339 date-time, e.g. 2024-05-01T12:00:00Z",
    jsonSchema: { format: "date-time" }
  })
)

/**
 * A date-time the service itself writes (RFC 3339, from a clock or from git): typed as such in the
 * OpenAPI documents, as the spec types it, without checking again what the service made.
 */
export const DateTimeString = Schema.String.annotations({ jsonSchema: { type: "string", format: "date-time" } })
