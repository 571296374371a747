import { describe, expect, it } from "@effect/vitest"
import { canonicalOptions, ruffLintKey } from "../../src/ruff/RuffKey.js"

describe("RuffKey", () => {
  it("writes options the same whatever the order of their keys", () => {
    const one = canonicalOptions({ "line-length": 100, lint: { select: ["F"], ignore: ["F401"] } })
    const other = canonicalOptions({ lint: { ignore: ["F401"], select: ["F"] }, "line-length": 100 })
    expect(one).toBe(other)
    expect(canonicalOptions({ lint: { select: ["F", "E"] } })).not.toBe(canonicalOptions({ lint: { select: ["E", "F"] } }))
  })

  it("changes with the version, the options, the path and the content", () => {
    const options = canonicalOptions({ lint: { select: ["F"] } })
    const key = ruffLintKey("0.17.3", options, "a.py", "import os\n")
    expect(ruffLintKey("0.17.3", options, "a.py", "import os\n")).toBe(key)
    expect(ruffLintKey("0.17.4", options, "a.py", "import os\n")).not.toBe(key)
    expect(ruffLintKey("0.17.3", canonicalOptions({ lint: { select: ["E"] } }), "a.py", "import os\n")).not.toBe(key)
    expect(ruffLintKey("0.17.3", options, "b.py", "import os\n")).not.toBe(key)
    expect(ruffLintKey("0.17.3", options, "a.py", "import sys\n")).not.toBe(key)
  })
})
