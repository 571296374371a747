import { describe, expect, it } from "@effect/vitest"
import {
  defaultTargetVersion,
  ignoredSelectors,
  isExcluded,
  patternSettings,
  treeSettings
} from "../../src/ruff/RuffSettings.js"
import { filesOf } from "./RuffFixture.js"

const fallback = patternSettings(["F401"])

describe("RuffSettings", () => {
  it("leaves out Ruff's default folders when the patterns decide", () => {
    const settingsOf = () => fallback
    expect(isExcluded(settingsOf, ".venv/lib/site.py")).toBe(true)
    expect(isExcluded(settingsOf, "pkg/dist/a.py")).toBe(true)
    expect(isExcluded(settingsOf, "pkg/distance.py")).toBe(false)
  })

  it("follows a configuration's exclude (replacing the defaults) and extend-exclude", () => {
    const tree = treeSettings("Ruff", filesOf({ "ruff.toml": "exclude = [\"legacy\"]\nextend-exclude = [\"*_pb2.py\"]\n" }), fallback)
    expect(isExcluded(tree.settingsOf, "legacy/a.py")).toBe(true)
    expect(isExcluded(tree.settingsOf, "src/api_pb2.py")).toBe(true)
    expect(isExcluded(tree.settingsOf, ".venv/a.py")).toBe(false)
    expect(isExcluded(tree.settingsOf, "src/api.py")).toBe(false)
  })

  it("gives each file the selectors of the per-file-ignores that match it, negated ones included", () => {
    const toml = "[lint.per-file-ignores]\n\"__init__.py\" = [\"F401\"]\n\"tests/*\" = [\"S101\", \"D\"]\n\"!src/*\" = [\"T201\"]\n"
    const settings = treeSettings("Ruff", filesOf({ "ruff.toml": toml }), fallback).settingsOf("a.py")
    expect(ignoredSelectors(settings, "pkg/__init__.py")).toEqual(["F401", "T201"])
    expect(ignoredSelectors(settings, "tests/unit/test_a.py")).toEqual(["S101", "D", "T201"])
    expect(ignoredSelectors(settings, "src/a.py")).toEqual([])
  })

  it("gives a file the closest configuration above it, its folder's patterns relative to it", () => {
    const tree = treeSettings(
      "Ruff",
      filesOf({
        "ruff.toml": "line-length = 100\n",
        "pkg/pyproject.toml": "[tool.ruff]\nline-length = 120\n[tool.ruff.lint.per-file-ignores]\n\"gen/*\" = [\"E501\"]\n"
      }),
      fallback
    )
    expect(tree.settingsOf("a.py").file).toBe("ruff.toml")
    expect(tree.settingsOf("pkg/sub/b.py").file).toBe("pkg/pyproject.toml")
    expect(tree.settingsOf("pkg/sub/b.py").options["line-length"]).toBe(120)
    expect(ignoredSelectors(tree.settingsOf("pkg/gen/c.py"), "pkg/gen/c.py")).toEqual(["E501"])
    expect(ignoredSelectors(tree.settingsOf("pkg/gen/c.py"), "gen/c.py")).toEqual([])
  })

  it("infers the target version from the requires-python of the configuration's folder", () => {
    const pyproject = "[project]\nrequires-python = \">=3.10\"\n[tool.ruff]\n"
    expect(treeSettings("Ruff", filesOf({ "pyproject.toml": pyproject }), fallback).root?.options["target-version"]).toBe("py310")
    const beside = filesOf({ "pyproject.toml": "[project]\nrequires-python = \">=3.11\"\n", "ruff.toml": "" })
    expect(treeSettings("Ruff", beside, fallback).root?.options["target-version"]).toBe("py311")
    const set = filesOf({ "pyproject.toml": "[project]\nrequires-python = \">=3.11\"\n", "ruff.toml": "target-version = \"py38\"\n" })
    expect(treeSettings("Ruff", set, fallback).root?.options["target-version"]).toBe("py38")
  })

  it("gives Ruff's command-line defaults where the configuration says nothing (its own default rules: no select)", () => {
    const options = treeSettings("Ruff", filesOf({ "ruff.toml": "[lint]\nextend-select = [\"B\"]\n" }), fallback).root?.options
    expect(options).toEqual({
      "target-version": defaultTargetVersion,
      "output-prefer-rule-codes": true,
      lint: { "extend-select": ["B"] }
    })
  })

  it("reports an unreadable file and gives its folder the settings above it", () => {
    const tree = treeSettings(
      "Ruff",
      filesOf({ "ruff.toml": "line-length = 100\n", "pkg/ruff.toml": "line-length = \"long\"\n", "lib/.ruff.toml": "select = [\n" }),
      fallback
    )
    expect(tree.settingsOf("pkg/a.py").file).toBe("ruff.toml")
    expect(tree.problems.map((problem) => [problem.code, problem.file]).sort()).toEqual([
      ["unreadable_configuration", "lib/.ruff.toml"],
      ["unreadable_configuration", "pkg/ruff.toml"]
    ])
    expect(tree.problems.find((problem) => problem.file === "pkg/ruff.toml")?.message).toContain("invalid type")
  })

  it("falls back to the patterns when the root's configuration is unreadable", () => {
    const tree = treeSettings("Ruff", filesOf({ "pyproject.toml": "[tool.ruff]\nlint.select = \"F\"\n" }), fallback)
    expect(tree.root).toBeUndefined()
    expect(tree.settingsOf("a.py")).toBe(fallback)
    expect(tree.problems[0]?.message).toContain("the enabled patterns apply instead")
  })

  it("follows an extend inside the tree, and reports one outside it", () => {
    const tree = treeSettings(
      "Ruff",
      filesOf({
        "base.toml": "line-length = 99\n[lint]\nselect = [\"E501\"]\n",
        "pkg/ruff.toml": "extend = \"../base.toml\"\n",
        "ruff.toml": "extend = \"../../shared/ruff.toml\"\nline-length = 70\n"
      }),
      fallback
    )
    expect(tree.settingsOf("pkg/a.py").options).toMatchObject({ "line-length": 99, lint: { select: ["E501"] } })
    expect(tree.settingsOf("a.py").options["line-length"]).toBe(70)
    expect(tree.problems.map((problem) => [problem.code, problem.file])).toEqual([["unsupported_configuration", "ruff.toml"]])
    expect(tree.problems[0]?.message).toContain("../../shared/ruff.toml")
  })
})
