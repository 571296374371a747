import { describe, expect, it } from "vitest"
import { array, DecodeError, number, optional, string, struct } from "../../src/shared/Decode.js"

describe("struct", () => {
  const point = struct<{ readonly name: string; readonly at: ReadonlyArray<number>; readonly note?: string | undefined }>({
    name: string,
    at: array(number),
    note: optional(string)
  })

  it("reads each field with its reader, an absent optional one as undefined, and nothing else", () => {
    expect(point({ name: "a", at: [1, 2], extra: true }, "")).toEqual({ name: "a", at: [1, 2], note: undefined })
  })

  it("names the path of the first field that does not fit", () => {
    expect(() => point({ name: "a", at: [1, "2"] }, "data[3]")).toThrow(new DecodeError("data[3].at[1]", "a number"))
    expect(() => point("a", "data")).toThrow(new DecodeError("data", "an object"))
  })
})
