import { describe, expect, it } from "vitest"
import { GoPackage } from "../../src/golang/GoPackages.js"
import { whyMissing } from "../../src/golang/GoRun.js"

const goPackage = (importPath: string, problem?: string) =>
  new GoPackage({ dir: `/m/${importPath.split("/").at(-1)}`, importPath, files: [], testImports: [], ...(problem === undefined ? {} : { problem }) })

describe("whyMissing", () => {
  it("names a package of the module that cannot be loaded with its own problem, not as a module the checkout lacks", () => {
    // goldmark under Go 1.19: every package needs `slices` through `util`; `ast` imports `text`.
    const packages = [
      goPackage("github.com/yuin/goldmark/text", "package slices is not in GOROOT (/usr/lib/go-1.19/src/slices)\nmore"),
      goPackage("github.com/yuin/goldmark/ast")
    ]
    expect(whyMissing("github.com/yuin/goldmark/text", packages)).toBe(
      ": it imports github.com/yuin/goldmark/text, a package of this module that cannot be loaded (package slices is not in GOROOT (/usr/lib/go-1.19/src/slices))"
    )
    expect(whyMissing("github.com/spf13/pflag", packages)).toBe(" offline: it imports github.com/spf13/pflag, a module the checkout does not hold (Tidemark never downloads one)")
  })
})
