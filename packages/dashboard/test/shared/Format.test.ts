import { describe, expect, it } from "vitest"
import {
  dash,
  formatCount,
  formatCountAndPercent,
  formatDay,
  formatDuration,
  formatFraction,
  formatFrequency,
  formatInstant,
  formatPercent,
  formatPerDay,
  formatText,
  shortSha
} from "../../src/shared/Format.js"

const minute = 60
const hour = 3600
const day = 86400

describe("formatDuration", () => {
  it("shows the two largest units", () => {
    expect(formatDuration(2 * day + 3 * hour)).toBe("2d 3h")
    expect(formatDuration(5 * hour + 12 * minute)).toBe("5h 12m")
    expect(formatDuration(4 * minute + 10)).toBe("4m 10s")
    expect(formatDuration(42)).toBe("42s")
    expect(formatDuration(0)).toBe("0s")
  })

  it("leaves out a zero smaller unit", () => {
    expect(formatDuration(2 * day)).toBe("2d")
    expect(formatDuration(hour)).toBe("1h")
    expect(formatDuration(minute)).toBe("1m")
  })

  it("rounds the smaller unit, carrying into the larger one", () => {
    expect(formatDuration(2 * day + 3 * hour + 31 * minute)).toBe("2d 4h")
    expect(formatDuration(2 * day + 23 * hour + 45 * minute)).toBe("3d")
    expect(formatDuration(day - 10)).toBe("1d")
    expect(formatDuration(hour - 1)).toBe("1h")
    expect(formatDuration(59.6)).toBe("1m")
    expect(formatDuration(12.4)).toBe("12s")
  })

  it("shows a dash for what is unknown or not a duration", () => {
    expect(formatDuration(null)).toBe(dash)
    expect(formatDuration(undefined)).toBe(dash)
    expect(formatDuration(Number.NaN)).toBe(dash)
    expect(formatDuration(-5)).toBe(dash)
  })
})

describe("percentages", () => {
  it("formats a fraction with at most one decimal", () => {
    expect(formatFraction(0.125)).toBe("12.5 %")
    expect(formatFraction(0.2)).toBe("20 %")
    expect(formatFraction(1 / 3)).toBe("33.3 %")
    expect(formatFraction(0)).toBe("0 %")
    expect(formatFraction(null)).toBe(dash)
  })

  it("formats a value already in percent", () => {
    expect(formatPercent(42)).toBe("42 %")
    expect(formatPercent(87.56)).toBe("87.6 %")
    expect(formatPercent(undefined)).toBe(dash)
  })
})

describe("deployment frequency", () => {
  it("reads per day, with the weekly count below one a day", () => {
    expect(formatFrequency(3)).toBe("3 / day")
    expect(formatFrequency(1.256)).toBe("1.26 / day")
    expect(formatFrequency(2 / 7)).toBe("0.29 / day (2 / week)")
    expect(formatFrequency(0)).toBe("0 / day")
    expect(formatFrequency(null)).toBe(dash)
  })

  it("reads per day alone on axes and in tables", () => {
    expect(formatPerDay(2 / 7)).toBe("0.29 / day")
    expect(formatPerDay(undefined)).toBe(dash)
  })
})

describe("other values", () => {
  it("formats counts with thousands separators", () => {
    expect(formatCount(1234567)).toBe("1,234,567")
    expect(formatCount(0)).toBe("0")
    expect(formatCount(undefined)).toBe(dash)
  })

  it("shows a dash for absent or empty text", () => {
    expect(formatText("A")).toBe("A")
    expect(formatText("")).toBe(dash)
    expect(formatText(undefined)).toBe(dash)
  })

  it("formats instants in UTC and days of buckets", () => {
    expect(formatInstant("2026-03-02T15:05:09+01:00")).toBe("2026-03-02 14:05 UTC")
    expect(formatInstant("not a date")).toBe("not a date")
    expect(formatInstant(undefined)).toBe(dash)
    expect(formatDay("2026-03-02T00:00:00Z")).toBe("2026-03-02")
  })

  it("shortens a commit sha", () => {
    expect(shortSha("0123456789abcdef0123")).toBe("01234567")
  })
})

describe("formatCountAndPercent", () => {
  it("puts the percentage beside the count, and one dash while neither is known", () => {
    expect(formatCountAndPercent(1234, 8)).toBe(`${formatCount(1234)} (${formatPercent(8)})`)
    expect(formatCountAndPercent(undefined, undefined)).toBe(dash)
    expect(formatCountAndPercent(null, null)).toBe(dash)
    expect(formatCountAndPercent(3, undefined)).toBe(`3 (${dash})`)
  })
})
