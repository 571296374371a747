import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { extendedLayer, layerOf, pathPatternOf } from "../../src/ruff/RuffLayer.js"
import { lintOptionNames } from "../../src/ruff/RuffWasm.js"

const layer = (folder: string, table: Record<string, unknown>) => Either.getOrThrow(layerOf(folder, table, lintOptionNames()))

describe("RuffLayer", () => {
  it("moves top-level lint options into lint, where lint's own win", () => {
    const read = layer("", { select: ["E"], ignore: ["E501"], "line-length": 100, lint: { select: ["F"] } })
    expect(read.options).toEqual({ "line-length": 100, lint: { select: ["F"], ignore: ["E501"] } })
  })

  it("keeps path options out of the Workspace's options", () => {
    const read = layer("", {
      exclude: ["build"],
      "extend-exclude": ["gen"],
      src: ["src"],
      lint: { "per-file-ignores": { "tests/*": ["S101"] }, exclude: ["legacy"], select: ["F"] }
    })
    expect(read.options).toEqual({ lint: { select: ["F"] } })
    expect(read.exclude?.map((pattern) => pattern.pattern)).toEqual(["build"])
    expect(read.extendExclude.map((pattern) => pattern.pattern)).toEqual(["gen", "legacy"])
    expect(read.perFileIgnores).toEqual([expect.objectContaining({ negated: false, selectors: ["S101"] })])
  })

  it("makes patterns absolute from the configuration's folder, and matches names too", () => {
    const inPkg = Either.getOrThrow(pathPatternOf("pkg", "tests/*"))
    expect(inPkg.matches("/pkg/tests/unit/a.py")).toBe(true)
    expect(inPkg.matches("/tests/a.py")).toBe(false)
    const byName = Either.getOrThrow(pathPatternOf("", "__init__.py"))
    expect(byName.matches("/pkg/sub/__init__.py")).toBe(true)
    const folder = Either.getOrThrow(pathPatternOf("", "docs/"))
    expect(folder.matches("/docs")).toBe(true)
    expect(folder.matches("/src/docs")).toBe(false)
  })

  it("reports options of the wrong shape", () => {
    expect(layerOf("", { exclude: "build" }, lintOptionNames())).toEqual(Either.left(expect.stringContaining("exclude")))
    expect(layerOf("", { lint: { "per-file-ignores": { "a.py": "F401" } } }, lintOptionNames())).toEqual(
      Either.left(expect.stringContaining("per-file-ignores"))
    )
  })

  it("puts an extending file's options over its base's, adding up the extend- lists", () => {
    const base = layer("", { "line-length": 100, lint: { select: ["F"], "extend-select": ["B"], isort: { "known-first-party": ["a"] } } })
    const over = layer("pkg", { lint: { "extend-select": ["UP"], isort: { "force-single-line": true } }, "extend-exclude": ["gen"] })
    const merged = extendedLayer(base, over)
    expect(merged.options).toEqual({
      "line-length": 100,
      lint: { select: ["F"], "extend-select": ["B", "UP"], isort: { "known-first-party": ["a"], "force-single-line": true } }
    })
    expect(merged.extendExclude.map((pattern) => pattern.pattern)).toEqual(["gen"])
  })
})
