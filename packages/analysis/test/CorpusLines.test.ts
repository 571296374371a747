import { describe, expect, it } from "vitest"
import { isLanguage, languageOf, linesOfCode } from "../src/index.js"
import { anchorTimeout, clocByFile } from "./Anchors.js"
import { ensureCorpus, readCorpus } from "./Corpus.js"

describe("lines of code on the corpus", () => {
  it("are within 1 % of cloc for every language, each file in cloc's language", () => {
    const root = ensureCorpus()
    const files = readCorpus(root).flatMap((file) => {
      const language = languageOf(file.path, file.content)
      return language === undefined ? [] : [{ ...file, language }]
    })
    const ours = linesOfCode(files)
    const cloc = clocByFile(root)
    const clocByLanguage = new Map<string, number>()
    for (const file of Object.values(cloc)) {
      clocByLanguage.set(file.language, (clocByLanguage.get(file.language) ?? 0) + file.code)
    }

    // cloc also knows languages we do not measure (TOML, DOS Batch, C++ in gyp): those are left out.
    const known = [...clocByLanguage.keys()].filter((language) => isLanguage(language))
    const rows = known.map((language) => {
      const anchor = clocByLanguage.get(language) ?? 0
      const code = ours.byLanguage.get(language)?.code ?? 0
      return { language, ours: code, cloc: anchor, deviation: Math.abs(code - anchor) / Math.max(anchor, 1) }
    })
    console.table(rows)
    expect(ours.total.code).toBeGreaterThan(100_000)
    expect(known).toEqual(expect.arrayContaining(["JavaScript", "TypeScript", "Python", "JSON", "Markdown"]))
    expect([...ours.byLanguage.keys()].sort()).toEqual([...known].sort())
    for (const row of rows) expect(row.deviation, row.language).toBeLessThan(0.01)
    const languageByPath = new Map(ours.files.map((file) => [file.path, file.language]))
    for (const [path, file] of Object.entries(cloc)) {
      if (isLanguage(file.language)) expect(languageByPath.get(path), path).toBe(file.language)
    }
  }, anchorTimeout)
})
