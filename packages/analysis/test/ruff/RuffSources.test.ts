import { describe, expect, it } from "@effect/vitest"
import { firstPartyNames, packageFolders, sourceFolders, topPackageOf } from "../../src/ruff/RuffSources.js"
import { filesOf } from "./RuffFixture.js"

const files = filesOf({
  "src/shop/__init__.py": "",
  "src/shop/cart/__init__.py": "",
  "src/shop/cart/total.py": "",
  "src/json/__init__.py": "",
  "src/tomllib.py": "",
  "tools/release.py": "",
  "scripts/run.py": "",
  "docs/conf.py": "",
  ".github/workflow.py": ""
})

describe("RuffSources", () => {
  it("reads src relative to the configuration's folder, never out of the tree", () => {
    expect(sourceFolders("", [".", "src"])).toEqual(["", "src"])
    expect(sourceFolders("pkg", ["src", "../lib", "../../out"])).toEqual(["pkg/src", "lib"])
  })

  it("names the top modules and packages of the source folders, less the standard library's", () => {
    expect(firstPartyNames(files, ["src", "tools"], "py310")).toEqual(["release", "shop", "tomllib"])
    // tomllib joined the standard library in Python 3.11.
    expect(firstPartyNames(files, ["src"], "py311")).toEqual(["shop"])
    expect(firstPartyNames(files, [""], "py310")).toEqual(["docs", "scripts", "src", "tools"])
  })

  it("gives a file the top package it is in", () => {
    const packages = packageFolders(files)
    expect(topPackageOf(packages, "src/shop/cart/total.py", "py310")).toBe("shop")
    expect(topPackageOf(packages, "tools/release.py", "py310")).toBeUndefined()
    expect(topPackageOf(packages, "src/json/__init__.py", "py310")).toBeUndefined()
  })
})
