import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { createRequire } from "node:module"
import { lintOptionNames, ruffCheckOf, ruffVersion, syntaxErrorCode } from "../../src/ruff/RuffWasm.js"
import { noneComparison, silencedImport, syntaxError, undefinedName, unusedImport } from "./RuffFixture.js"

const check = (options: Record<string, unknown>, source: string) =>
  Either.getOrThrow(ruffCheckOf(options))(source).map((diagnostic) => [diagnostic.code, diagnostic.start_location.row])

describe("RuffWasm", () => {
  it("is the Ruff version of the installed package", () => {
    const installed: unknown = createRequire(import.meta.url)("@astral-sh/ruff-wasm-nodejs/package.json")
    expect(installed).toMatchObject({ version: ruffVersion() })
  })

  it("checks a text with the selected rules only", () => {
    const source = `${unusedImport}${noneComparison}${undefinedName}`
    expect(check({ lint: { select: ["F"] } }, source)).toEqual(expect.arrayContaining([["F401", 1], ["F821", 5]]))
    expect(check({ lint: { select: ["F"] } }, source).map(([code]) => code)).not.toContain("E711")
    expect(check({ lint: { select: ["E711"] } }, source)).toEqual([["E711", 3]])
  })

  it("gives a syntax error its own code", () => {
    expect(check({ lint: { select: ["F"] } }, syntaxError).map(([code]) => code)).toContain(syntaxErrorCode)
  })

  it("honours noqa comments", () => {
    expect(check({ lint: { select: ["F401"] } }, `${silencedImport}${unusedImport}`)).toEqual([["F401", 2]])
  })

  it("rejects options Ruff does not know, with its reason", () => {
    expect(ruffCheckOf({ lint: { select: ["NOPE1"] } })).toEqual(Either.left(expect.stringContaining("NOPE1")))
    expect(ruffCheckOf({ "line-length": "long" })).toEqual(Either.left(expect.stringContaining("invalid type")))
    expect(ruffCheckOf({ unknown: 1 })).toEqual(Either.left(expect.stringContaining("unknown")))
  })

  it("names preview rules by their codes when asked to", () => {
    const spaced = "x = 1  +  2\n"
    expect(check({ preview: true, "output-prefer-rule-codes": true, lint: { select: ["E221"] } }, spaced)).toEqual([["E221", 1]])
  })

  it("knows which lint options the top level also takes", () => {
    const names = lintOptionNames()
    expect(names.has("select")).toBe(true)
    expect(names.has("per-file-ignores")).toBe(true)
    expect(names.has("exclude")).toBe(false)
    expect(names.has("line-length")).toBe(false)
  })
})
