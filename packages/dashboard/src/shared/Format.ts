/** How numbers read on screen. Anything not known yet (absent or null) reads as an en dash. */
export const dash = "–"

const minute = 60
const hour = 60 * minute
const day = 24 * hour

/**
 * A duration in seconds as its two largest units, the smaller one rounded: `2d 3h`, `5h 12m`,
 * `4m 10s`, `42s`. A zero second unit is left out (`2d`).
 */
export const formatDuration = (seconds: number | null | undefined): string => {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return dash
  const two = (big: number, bigUnit: string, small: number, smallUnit: string): string => {
    const smalls = Math.round(seconds / small)
    const perBig = big / small
    const bigs = Math.floor(smalls / perBig)
    const rest = smalls - bigs * perBig
    return rest === 0 ? `${bigs}${bigUnit}` : `${bigs}${bigUnit} ${rest}${smallUnit}`
  }
  // Rounding may carry into the next unit (23h 59m 50s is 1d), so the unit is chosen after it.
  if (Math.round(seconds / hour) * hour >= day) return two(day, "d", hour, "h")
  if (Math.round(seconds / minute) * minute >= hour) return two(hour, "h", minute, "m")
  if (Math.round(seconds) >= minute) return two(minute, "m", 1, "s")
  return `${Math.round(seconds)}s`
}

const trimmed = (value: number, digits: number): string => {
  const text = value.toFixed(digits)
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text
}

/** A fraction from 0 to 1 (the change failure rate) as a percentage with at most one decimal. */
export const formatFraction = (fraction: number | null | undefined): string =>
  fraction === null || fraction === undefined || !Number.isFinite(fraction) ? dash : `${trimmed(fraction * 100, 1)} %`

/** A value the API already gives in percent (issues, duplication, coverage). */
export const formatPercent = (percent: number | null | undefined): string =>
  percent === null || percent === undefined || !Number.isFinite(percent) ? dash : `${trimmed(percent, 1)} %`

/** Deployments per day, as the API gives them (chart axes and tables). */
export const formatPerDay = (perDay: number | null | undefined): string =>
  perDay === null || perDay === undefined || !Number.isFinite(perDay) ? dash : `${trimmed(perDay, 2)} / day`

/** Deployments per day, with the weekly count beside it below one a day (0.29 / day is 2 a week). */
export const formatFrequency = (perDay: number | null | undefined): string => {
  const daily = formatPerDay(perDay)
  if (perDay === null || perDay === undefined || !Number.isFinite(perDay) || perDay === 0 || perDay >= 1) return daily
  return `${daily} (${trimmed(perDay * 7, 1)} / week)`
}

export const formatCount = (count: number | null | undefined): string =>
  count === null || count === undefined || !Number.isFinite(count) ? dash : count.toLocaleString("en-US")

/** A count with its percentage, `12 (8 %)`, or one dash while the analysis has given neither. */
export const formatCountAndPercent = (count: number | null | undefined, percent: number | null | undefined): string =>
  (count === null || count === undefined) && (percent === null || percent === undefined)
    ? dash
    : `${formatCount(count)} (${formatPercent(percent)})`

export const formatText = (text: string | null | undefined): string =>
  text === null || text === undefined || text === "" ? dash : text

/** An RFC 3339 instant as `2026-03-02 14:05 UTC` (UTC: the metrics' buckets are UTC too). */
export const formatInstant = (instant: string | null | undefined): string => {
  if (instant === null || instant === undefined) return dash
  const date = new Date(instant)
  if (Number.isNaN(date.getTime())) return instant
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`
}

/** The start of a bucket as a date: `2026-03-02`. */
export const formatDay = (instant: string): string => {
  const date = new Date(instant)
  return Number.isNaN(date.getTime()) ? instant : date.toISOString().slice(0, 10)
}

export const shortSha = (sha: string): string => sha.slice(0, 8)
