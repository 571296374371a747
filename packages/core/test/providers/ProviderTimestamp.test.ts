import { describe, expect, it } from "@effect/vitest"
import { Either, Schema } from "effect"
import { isBefore } from "../../src/domain/Rfc3339.js"
import { ProviderTimestamp, toRfc3339 } from "../../src/domain/providers/ProviderTimestamp.js"

const decode = Schema.decodeUnknownEither(ProviderTimestamp)

describe("ProviderTimestamp", () => {
  it("leaves RFC 3339 date-times (GitHub, GitLab commits, PagerDuty) unchanged", () => {
    const unchanged = [
      "2019-05-15T15:19:25Z",
      "2011-12-12T14:27:31+02:00",
      "2020-10-02T18:45:22.169Z",
      "2019-05-15T11:19:25-04:00"
    ]
    for (const s of unchanged) {
      expect(decode(s)).toEqual(Either.right(s))
    }
  })

  it("adds the colon to Jira's offsets", () => {
    expect(decode("2024-05-01T12:00:00.000+0000")).toEqual(Either.right("2024-05-01T12:00:00.000+00:00"))
    expect(decode("2024-05-01T17:30:00.000+0530")).toEqual(Either.right("2024-05-01T17:30:00.000+05:30"))
    expect(decode("2024-05-01T07:00:00.000-0500")).toEqual(Either.right("2024-05-01T07:00:00.000-05:00"))
  })

  it("rewrites GitLab's hook times", () => {
    expect(decode("2021-04-28 21:50:00 +0200")).toEqual(Either.right("2021-04-28T21:50:00+02:00"))
    expect(decode("2016-08-12 15:23:28 UTC")).toEqual(Either.right("2016-08-12T15:23:28Z"))
  })

  it("keeps the instant", () => {
    expect(isBefore(toRfc3339("2021-04-28 21:50:00 +0200"), "2021-04-28T19:50:00.001Z")).toBe(true)
    expect(isBefore("2021-04-28T19:49:59.999Z", toRfc3339("2021-04-28 21:50:00 +0200"))).toBe(true)
  })

  it("refuses what is not a date-time, or not a possible one", () => {
    const refused = [
      "",
      "yesterday",
      "2024-05-01",
      "01/05/2024 13:45",
      "2024-02-30T12:00:00.000+0000",
      "2024-05-01T12:00:00"
    ]
    for (const s of refused) {
      expect(Either.isLeft(decode(s))).toBe(true)
    }
    expect(Either.isLeft(decode(1714564800000))).toBe(true)
  })
})
