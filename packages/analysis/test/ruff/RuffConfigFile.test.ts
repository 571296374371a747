import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { configurationFilesOf, isRuffConfiguration, requiresPythonOf, ruffTableOfFile, targetVersionOf } from "../../src/ruff/RuffConfigFile.js"
import { filesOf } from "./RuffFixture.js"

const withRuff = "[project]\nname = \"x\"\nrequires-python = \">=3.9\"\n\n[tool.ruff]\nline-length = 100\n"
const withoutRuff = "[project]\nname = \"x\"\n\n[tool.black]\nline-length = 100\n"

describe("RuffConfigFile", () => {
  it("counts a pyproject.toml only with its [tool.ruff]", () => {
    expect(isRuffConfiguration({ path: "pyproject.toml", content: withRuff })).toBe(true)
    expect(isRuffConfiguration({ path: "pyproject.toml", content: withoutRuff })).toBe(false)
    expect(isRuffConfiguration({ path: "ruff.toml", content: "" })).toBe(true)
    expect(isRuffConfiguration({ path: "setup.cfg", content: "[tool.ruff]\n" })).toBe(false)
  })

  it("takes a folder's .ruff.toml over its ruff.toml over its pyproject.toml", () => {
    const all = { "pyproject.toml": withRuff, "ruff.toml": "", ".ruff.toml": "" }
    expect(configurationFilesOf(filesOf(all)).get("")?.path).toBe(".ruff.toml")
    expect(configurationFilesOf(filesOf({ "pyproject.toml": withRuff, "ruff.toml": "" })).get("")?.path).toBe("ruff.toml")
    expect(configurationFilesOf(filesOf({ "pyproject.toml": withRuff })).get("")?.path).toBe("pyproject.toml")
  })

  it("finds each folder's configuration, passing over a pyproject.toml of other tools", () => {
    const found = configurationFilesOf(filesOf({ "pyproject.toml": withoutRuff, "pkg/ruff.toml": "", "docs/pyproject.toml": withRuff }))
    expect([...found.entries()].map(([folder, file]) => [folder, file.path]).sort()).toEqual([
      ["docs", "docs/pyproject.toml"],
      ["pkg", "pkg/ruff.toml"]
    ])
  })

  it("reads the [tool.ruff] table and the required Python of a pyproject.toml", () => {
    expect(ruffTableOfFile({ path: "pyproject.toml", content: withRuff })).toEqual(Either.right({ "line-length": 100 }))
    expect(requiresPythonOf({ path: "pyproject.toml", content: withRuff })).toBe(">=3.9")
    expect(requiresPythonOf({ path: "pyproject.toml", content: withoutRuff })).toBeUndefined()
  })

  it("says where a TOML file is broken", () => {
    expect(ruffTableOfFile({ path: "ruff.toml", content: "line-length = 100\nselect = [\"F\"\n" })).toEqual(
      Either.left(expect.stringMatching(/invalid TOML at line \d+, column \d+/))
    )
  })

  it("takes the lowest Python version a requires-python admits", () => {
    expect(targetVersionOf(">=3.9")).toBe("py39")
    expect(targetVersionOf(">=3.10, <4")).toBe("py310")
    expect(targetVersionOf("~=3.8")).toBe("py38")
    expect(targetVersionOf(">=2.7")).toBeUndefined()
  })
})
