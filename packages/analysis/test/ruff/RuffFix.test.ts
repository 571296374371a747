import { ruffSafeFixCodes } from "@tidemark/catalogue/ToolHeads"
import { describe, expect, it } from "@effect/vitest"
import { ruffFixOf } from "../../src/ruff/RuffFix.js"

const at = (row: number, column: number) => ({ row, column })
const edit = (from: readonly [number, number], to: readonly [number, number], content: string | null) =>
  ({ location: at(...from), end_location: at(...to), content })

describe("ruffFixOf", () => {
  it("turns rows and UTF-16 columns into offsets of the text, whatever its line breaks", () => {
    const text = "import os\r\nx = 'é😀'\ry = 1\nz = 2"
    const fixOf = ruffFixOf(text)
    // Delete line 1 with its CRLF; replace `y` on the line after a lone CR; after the emoji (two units).
    expect(fixOf({ edits: [edit([1, 1], [2, 1], null)] })).toEqual([{ from: 0, to: 11, text: "" }])
    expect(fixOf({ edits: [edit([3, 1], [3, 2], "w")] })).toEqual([{ from: text.indexOf("y"), to: text.indexOf("y") + 1, text: "w" }])
    expect(fixOf({ edits: [edit([2, 9], [2, 10], "")] })).toEqual([{ from: text.indexOf("'\r"), to: text.indexOf("'\r") + 1, text: "" }])
    // The end of the text, on a last line without a break.
    expect(fixOf({ edits: [edit([4, 6], [4, 6], "\n")] })).toEqual([{ from: text.length, to: text.length, text: "\n" }])
  })

  it("keeps every edit of a fix, and gives none without one or when a location is outside the text", () => {
    const fixOf = ruffFixOf("a\nb\n")
    expect(fixOf({ edits: [edit([1, 1], [1, 2], "A"), edit([2, 1], [2, 2], "B")] })).toEqual([
      { from: 0, to: 1, text: "A" },
      { from: 2, to: 3, text: "B" }
    ])
    // After the final line break is a line of its own (empty), where Ruff may insert.
    expect(fixOf({ edits: [edit([3, 1], [3, 1], "c\n")] })).toEqual([{ from: 4, to: 4, text: "c\n" }])
    expect(fixOf(null)).toBeUndefined()
    expect(fixOf(undefined)).toBeUndefined()
    expect(fixOf({ edits: [] })).toBeUndefined()
    expect(fixOf({ edits: [edit([5, 1], [5, 2], "x")] })).toBeUndefined()
    expect(fixOf({ edits: [edit([1, 1], [1, 9], "x")] })).toBeUndefined()
  })
})

describe("ruffSafeFixCodes", () => {
  it("holds the rules whose fixes Ruff makes safe only, none whose documentation names an unsafe fix", () => {
    // f-string without placeholders, unsorted imports, invalid escape sequences: always safe.
    for (const code of ["F541", "I001", "W605"]) expect(ruffSafeFixCodes.has(code), code).toBe(true)
    // `== None` (may call __eq__), unused variables (may drop a side effect), unused imports (unsafe in __init__.py).
    for (const code of ["E711", "F841", "F401"]) expect(ruffSafeFixCodes.has(code), code).toBe(false)
  })
})
