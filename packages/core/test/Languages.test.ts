import { describe, expect, it } from "@effect/vitest"
import { Languages } from "@tidemark/core"

describe("Languages", () => {
  it("names a file's language by its extension, case-insensitive", () => {
    expect(Languages.languageOfPath("src/App.TSX")).toBe("TypeScript")
    expect(Languages.languageOfPath("lib/index.mjs")).toBe("JavaScript")
    expect(Languages.languageOfPath("pkg/module.test.py")).toBe("Python")
    expect(Languages.languageOfPath("Main.kt")).toBe("Kotlin")
    expect(Languages.languageOfPath("include/vector.hpp")).toBe("CPP")
  })

  it("recognises Dockerfiles by name", () => {
    expect(Languages.languageOfPath("Dockerfile")).toBe("Dockerfile")
    expect(Languages.languageOfPath("deploy/dockerfile")).toBe("Dockerfile")
    expect(Languages.languageOfPath("deploy/api.dockerfile")).toBe("Dockerfile")
  })

  it("gives no language to dot files, files without extension and unknown extensions", () => {
    expect(Languages.languageOfPath(".eslintrc")).toBeUndefined()
    expect(Languages.languageOfPath("Makefile")).toBeUndefined()
    expect(Languages.languageOfPath("release.v2/NOTES")).toBeUndefined()
    expect(Languages.languageOfPath("image.png")).toBeUndefined()
  })

  it("lists the languages present, most files first, ties by name", () => {
    expect(
      Languages.languagesOf(["a.py", "b.py", "c.ts", "d.js", "e.ts", "f.py", "g.go", "README", ".gitignore", "h.rb"])
    ).toEqual(["Python", "TypeScript", "Go", "JavaScript", "Ruby"])
    expect(Languages.languagesOf([])).toEqual([])
    expect(Languages.languagesOf(["Makefile", "LICENSE"])).toEqual([])
  })
})
