import { describe, expect, it } from "vitest"
import { catalogue } from "../src/index.js"
import { toolHeads } from "../src/ToolHeads.js"

describe("toolHeads", () => {
  it("are the catalogue's tools, each without its patterns", () => {
    expect(toolHeads.map(({ patterns: _patterns, ...head }) => head)).toEqual(catalogue.map(({ patterns: _patterns, ...head }) => head))
    expect(toolHeads.every((tool) => tool.patterns.length === 0)).toBe(true)
  })
})
