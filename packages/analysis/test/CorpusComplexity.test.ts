import { Effect } from "effect"
import { ESLint } from "eslint"
import { beforeAll, describe, expect, it } from "vitest"
import type { Grammars } from "../src/index.js"
import { complexityOf, languageOfPath, loadGrammars } from "../src/index.js"
import { anchorTimeout, cachedAnchor } from "./Anchors.js"
import { ensureCorpus, readCorpus } from "./Corpus.js"
import { eslintComplexities, newLinter } from "./EslintComplexity.js"

const sorted = (values: ReadonlyArray<number>) => [...values].sort((a, b) => a - b)

describe("cyclomatic complexity on the corpus", () => {
  let grammars: Grammars
  beforeAll(async () => {
    grammars = await Effect.runPromise(loadGrammars)
  })

  it("equals ESLint's complexity rule on every JavaScript and TypeScript function", () => {
    const files = readCorpus(ensureCorpus()).filter((file) => {
      const language = languageOfPath(file.path)
      return language === "JavaScript" || language === "TypeScript"
    })
    const eslint = cachedAnchor(`eslint-${ESLint.version}-complexity`, () => {
      const linter = newLinter()
      return Object.fromEntries(files.map((file) => [file.path, eslintComplexities(linter, file.path, file.content)]))
    })
    let functions = 0
    const differing: Array<string> = []
    for (const file of files) {
      const language = languageOfPath(file.path) === "TypeScript" ? "TypeScript" : "JavaScript"
      const ours = complexityOf(grammars, language, file.path, file.content)
      const theirs = eslint[file.path] ?? []
      functions += theirs.length
      const a = sorted(ours.functions.map((fn) => fn.complexity))
      const b = sorted(theirs)
      if (JSON.stringify(a) !== JSON.stringify(b)) differing.push(`${file.path}: ours ${a.join(",")} eslint ${b.join(",")}`)
    }
    console.log(`${files.length} files, ${functions} functions compared with ESLint`)
    expect(functions).toBeGreaterThan(5_000)
    expect(differing.slice(0, 10)).toEqual([])
  }, anchorTimeout)

  it("finds the functions of real Python code", () => {
    const files = readCorpus(ensureCorpus()).filter((file) => languageOfPath(file.path) === "Python")
    const results = files.map((file) => complexityOf(grammars, "Python", file.path, file.content))
    const functions = results.flatMap((result) => result.functions)
    console.log(`${files.length} Python files, ${functions.length} functions, total complexity ${results.reduce((sum, r) => sum + r.complexity, 0)}`)
    expect(files.length).toBeGreaterThan(40)
    expect(functions.length).toBeGreaterThan(1_000)
    expect(functions.every((fn) => fn.complexity >= 1 && fn.line >= 1)).toBe(true)
  }, anchorTimeout)
})
