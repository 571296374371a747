import { readdirSync, readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { countLines, languageOf, languageOfPath, linesOfCode } from "../src/index.js"

const fixtures = new URL("./fixtures/", import.meta.url)
const read = (name: string) => readFileSync(new URL(name, fixtures), "utf8")

/** What cloc 1.96 reports for each fixture (`cloc --by-file test/fixtures`). */
const cloc: Record<string, { readonly blank: number; readonly comment: number; readonly code: number }> = {
  "sample.js": { blank: 2, comment: 3, code: 5 },
  "sample.ts": { blank: 1, comment: 4, code: 5 },
  "sample.py": { blank: 3, comment: 4, code: 4 },
  "Sample.java": { blank: 2, comment: 5, code: 5 },
  "sample.go": { blank: 2, comment: 3, code: 5 },
  "sample.yaml": { blank: 1, comment: 2, code: 4 },
  "sample.json": { blank: 1, comment: 0, code: 4 },
  "sample.md": { blank: 2, comment: 2, code: 3 },
  "sample.css": { blank: 1, comment: 3, code: 4 },
  "sample.scss": { blank: 2, comment: 3, code: 5 },
  "sample.less": { blank: 2, comment: 2, code: 6 },
  "sample.html": { blank: 1, comment: 4, code: 6 },
  "sample.sh": { blank: 1, comment: 1, code: 3 },
  "sample.c": { blank: 2, comment: 2, code: 6 },
  "sample.cpp": { blank: 1, comment: 4, code: 5 },
  "sample.h": { blank: 2, comment: 1, code: 4 },
  "sample.rb": { blank: 2, comment: 6, code: 7 },
  "sample.php": { blank: 1, comment: 4, code: 6 }
}

describe("countLines", () => {
  for (const [name, expected] of Object.entries(cloc)) {
    it(`counts ${name} as cloc does`, () => {
      const language = languageOfPath(name)
      if (language === undefined) throw new Error(`no language for ${name}`)
      expect(countLines(language, read(name))).toEqual(expected)
    })
  }

  it("counts no lines in an empty file, and a last line without a newline", () => {
    expect(countLines("JavaScript", "")).toEqual({ blank: 0, comment: 0, code: 0 })
    expect(countLines("JSON", "{\n}")).toEqual({ blank: 0, comment: 0, code: 2 })
  })
})

describe("linesOfCode", () => {
  it("sums per language and in total", () => {
    const files = readdirSync(fixtures).flatMap((name) => {
      const language = languageOfPath(name)
      return language === undefined ? [] : [{ path: name, language, content: read(name) }]
    })
    const result = linesOfCode([...files, { path: "copy.js", language: "JavaScript", content: read("sample.js") }])
    expect(result.byLanguage.get("JavaScript")).toEqual({ blank: 4, comment: 6, code: 10 })
    expect(result.total.code).toBe(48 + 5 + 6 + 5 + 15 + 7 + 6)
    expect(result.files).toHaveLength(files.length + 1)
  })
})

describe("languageOfPath", () => {
  it("follows cloc's extensions", () => {
    expect(languageOfPath("lib/types/index.d.ts")).toBe("TypeScript")
    expect(languageOfPath("a/b.mjs")).toBe("JavaScript")
    expect(languageOfPath("ci.yml")).toBe("YAML")
    expect(languageOfPath("styles/_base.scss")).toBe("SCSS")
    expect(languageOfPath("theme.less")).toBe("LESS")
    expect(languageOfPath("src/main.c")).toBe("C")
    expect(languageOfPath("src/main.cc")).toBe("C++")
    expect(languageOfPath("src/main.cpp")).toBe("C++")
    expect(languageOfPath("include/box.h")).toBe("C/C++ Header")
    expect(languageOfPath("include/box.hpp")).toBe("C/C++ Header")
    expect(languageOfPath("lib/app.rb")).toBe("Ruby")
    expect(languageOfPath("tasks/build.rake")).toBe("Ruby")
    expect(languageOfPath("app.gemspec")).toBe("Ruby")
    expect(languageOfPath("config.ru")).toBe("Ruby")
    expect(languageOfPath("src/Kernel.php")).toBe("PHP")
    expect(languageOfPath("views/page.phtml")).toBe("PHP")
    expect(languageOfPath("Makefile")).toBeUndefined()
    expect(languageOfPath(".eslintrc")).toBeUndefined()
  })

  it("reads the interpreter of a script without extension, as cloc does", () => {
    expect(languageOf("bin/gyp", "#!/bin/sh\nexec python3 gyp_main.py\n")).toBe("Bourne Shell")
    expect(languageOf("tool", "#!/usr/bin/env python3\n")).toBe("Python")
    expect(languageOf("cli", "#!/usr/bin/env node\n")).toBe("JavaScript")
    expect(languageOf("bin/rails", "#!/usr/bin/env ruby\n")).toBe("Ruby")
    expect(languageOf("bin/composer", "#!/usr/bin/env php\n<?php\n")).toBe("PHP")
    expect(languageOf("README", "# Title\n")).toBeUndefined()
    expect(languageOf("run.txt", "#!/bin/sh\n")).toBeUndefined()
  })

  it("knows Ruby's Rakefile and Gemfile by name", () => {
    expect(languageOf("Rakefile", "task :default\n")).toBe("Ruby")
    expect(languageOf("sub/Gemfile", "source 'https://rubygems.org'\n")).toBe("Ruby")
    expect(languageOf("Gemfile.lock", "GEM\n")).toBeUndefined()
  })
})
