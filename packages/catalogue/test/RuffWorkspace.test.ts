import { describe, expect, it } from "vitest"
import { check, enabledCodes, installedRuffVersion, refusal, wasmRuleStatus } from "../scripts/RuffWorkspace.js"

describe("wasmRuleStatus", () => {
  it("tells stable, preview, removed and unknown codes apart by how Ruff treats their selection", () => {
    // F401 is a stable pyflakes rule, E999 a removed one, PLR6301 a preview rule in this Ruff.
    expect(["F401", "PLR6301", "E999", "XYZ123"].map(wasmRuleStatus)).toEqual(["Stable", "Preview", "Removed", "Unknown"])
  })
})

describe("enabledCodes", () => {
  it("reads which of the codes are on, whether or not they are unknown or the probe's own rules", () => {
    const enabled = enabledCodes({ lint: { select: ["F401", "RUF100"] } }, ["F401", "E711", "XYZ123", "RUF100", "RUF102"])
    expect([...enabled].sort()).toEqual(["F401", "RUF100"])
  })

  it("counts a code as on when its rule fires on the probe line itself", () => {
    // E501 reports the long probe comment and the noqa silences it: enabled, yet not `unused`.
    const codes = Array.from({ length: 30 }, () => "E501")
    expect(enabledCodes({ lint: { select: ["E501"] } }, codes).has("E501")).toBe(true)
    expect(check({ lint: { select: ["E501"] } }, `x = 1  # noqa: ${codes.join(", ")}\n`)).toEqual([])
  })
})

describe("refusal and installedRuffVersion", () => {
  it("answer Ruff's own message and version", () => {
    expect(refusal({ lint: { select: ["F401"] } })).toBeUndefined()
    expect(refusal({ lint: { select: ["E999"] } })).toContain("E999")
    expect(installedRuffVersion()).toMatch(/^\d+\.\d+\.\d+$/)
  })
})
