import { describe, expect, it } from "@effect/vitest"
import { renderTable } from "../src/cli/Table.js"

describe("Table", () => {
  it("pads every column to its widest cell and trims line ends", () => {
    expect(renderTable(["ID", "NAME", "TOOLS"], [["1", "Team rules", "2"], ["12", "X", "10"]])).toBe(
      [
        "ID  NAME        TOOLS",
        "1   Team rules  2",
        "12  X           10"
      ].join("\n")
    )
  })

  it("prints the header alone when there are no rows", () => {
    expect(renderTable(["ID", "NAME"], [])).toBe("ID  NAME")
  })
})
