import { catalogue } from "@tidemark/catalogue"
import type { Pattern } from "@tidemark/core"

/** A rule of a tool as its issues carry it. */
export interface DatasetPattern {
  readonly toolUuid: string
  readonly toolName: string
  readonly patternId: string
  readonly title: string
  readonly category: Pattern.Category
  readonly level: Pattern.SeverityLevel
}

const categories: ReadonlyArray<Pattern.Category> = [
  "ErrorProne",
  "BestPractice",
  "CodeStyle",
  "Security",
  "UnusedCode",
  "Complexity",
  "Performance",
  "Comprehensibility"
]
const levels: ReadonlyArray<Pattern.SeverityLevel> = ["Warning", "Warning", "Error", "High", "Info"]

/**
 * A tool of another language or a client-side scanner (its issues come as SARIF): rules named
 * after the tool, spread over the categories and levels the way the catalogue's are.
 */
const madeUpTool = (toolUuid: string, toolName: string, rules: number, only?: Pattern.Category): ReadonlyArray<DatasetPattern> =>
  Array.from({ length: rules }, (_, i) => ({
    toolUuid,
    toolName,
    patternId: `${toolName}_rule-${String(i).padStart(2, "0")}`,
    title: `${toolName} rule ${i}`,
    category: only ?? categories[i % categories.length] ?? "ErrorProne",
    level: levels[i % levels.length] ?? "Warning"
  }))

const eslint9 = (() => {
  const tool = catalogue.find((t) => t.name === "ESLint9")
  if (tool === undefined) throw new Error("the catalogue has no ESLint9 tool")
  return tool.patterns.map(({ definition }): DatasetPattern => ({
    toolUuid: tool.uuid,
    toolName: tool.name,
    patternId: definition.id,
    title: definition.title ?? definition.id,
    category: definition.category,
    level: definition.severityLevel
  }))
})()

const semgrep = madeUpTool("6f1e6a52-4c47-4d0e-9a55-0b7a1f3c2d10", "Semgrep", 12, "Security")
const pylint = madeUpTool("0c3f0d7e-2b1a-4f6e-8d3c-5a9b7e1f4c21", "Pylint", 40)
const pmd = madeUpTool("9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c32", "PMD", 40)

/** A language of the dataset: its share of the files, its file ending and the rules run on it. */
export interface DatasetLanguage {
  readonly name: string
  readonly extension: string
  readonly share: number
  readonly patterns: ReadonlyArray<DatasetPattern>
}

export const languages: readonly [DatasetLanguage, ...ReadonlyArray<DatasetLanguage>] = [
  { name: "TypeScript", extension: "ts", share: 0.5, patterns: [...eslint9, ...semgrep] },
  { name: "JavaScript", extension: "js", share: 0.25, patterns: [...eslint9, ...semgrep] },
  { name: "Python", extension: "py", share: 0.15, patterns: [...pylint, ...semgrep] },
  { name: "Java", extension: "java", share: 0.1, patterns: [...pmd, ...semgrep] }
]
