import { describe, expect, it } from "@effect/vitest"
import { languageOfPath, languagesOf } from "@tidemark/core"

describe("Languages", () => {
  it("names a file's language by its extension, case-insensitive", () => {
    expect(languageOfPath("src/App.TSX")).toBe("TypeScript")
    expect(languageOfPath("lib/index.mjs")).toBe("JavaScript")
    expect(languageOfPath("pkg/module.test.py")).toBe("Python")
    expect(languageOfPath("Main.kt")).toBe("Kotlin")
    expect(languageOfPath("include/vector.hpp")).toBe("CPP")
  })

  it("recognises Dockerfiles by name", () => {
    expect(languageOfPath("Dockerfile")).toBe("Dockerfile")
    expect(languageOfPath("deploy/dockerfile")).toBe("Dockerfile")
    expect(languageOfPath("deploy/api.dockerfile")).toBe("Dockerfile")
  })

  it("gives no language to dot files, files without extension and unknown extensions", () => {
    expect(languageOfPath(".eslintrc")).toBeUndefined()
    expect(languageOfPath("Makefile")).toBeUndefined()
    expect(languageOfPath("release.v2/NOTES")).toBeUndefined()
    expect(languageOfPath("image.png")).toBeUndefined()
  })

  it("lists the languages present, most files first, ties by name", () => {
    expect(
      languagesOf(["a.py", "b.py", "c.ts", "d.js", "e.ts", "f.py", "g.go", "README", ".gitignore", "h.rb"])
    ).toEqual(["Python", "TypeScript", "Go", "JavaScript", "Ruby"])
    expect(languagesOf([])).toEqual([])
    expect(languagesOf(["Makefile", "LICENSE"])).toEqual([])
  })
})
