import { AnalysisResultStore, AnalysisResults, type Pagination, type Pattern } from "@tidemark/core"
import { Effect } from "effect"
import { freshRepository } from "./Fixtures.js"

/** Results as the analysis worker stores them, small enough to check by hand. */

let resultDataIds = 1

export const issue = (fields: {
  readonly path: string
  readonly line: number
  readonly pattern?: string
  readonly category?: string
  readonly level?: Pattern.SeverityLevel
  readonly language?: string
  readonly author?: string
  readonly id?: string
  readonly fix?: ReadonlyArray<{ readonly from: number; readonly to: number; readonly text: string }>
}) =>
  AnalysisResults.IssueResult.make({
    issueId: fields.id ?? `${fields.path}:${fields.line}:${fields.pattern ?? "no-undef"}`,
    resultDataId: resultDataIds++,
    toolUuid: "2a30ab97-477f-4769-8b88-af596ce7a94c",
    toolName: "ESLint9",
    patternId: fields.pattern ?? "no-undef",
    patternTitle: `Rule ${fields.pattern ?? "no-undef"}`,
    category: fields.category ?? "ErrorProne",
    level: fields.level ?? "Error",
    filePath: fields.path,
    language: fields.language ?? "JavaScript",
    line: fields.line,
    lineText: `  line ${fields.line} of ${fields.path}`,
    message: "'x' is not defined.",
    ...(fields.author === undefined ? {} : { authorEmail: fields.author }),
    ...(fields.fix === undefined ? {} : { fix: fields.fix })
  })

export const file = (path: string, fields: Partial<{ issues: number; grade: number; complexity: number; clones: number }> = {}) =>
  AnalysisResults.FileResult.make({
    path,
    language: path.endsWith(".ts") ? "TypeScript" : "JavaScript",
    totalLines: 120,
    codeLines: 100,
    commentLines: 10,
    numberOfMethods: 4,
    ...(fields.complexity === undefined ? {} : { complexity: fields.complexity }),
    numberOfClones: fields.clones ?? 0,
    duplicatedLines: (fields.clones ?? 0) * 10,
    totalIssues: fields.issues ?? 0,
    grade: fields.grade ?? 100,
    gradeLetter: "A"
  })

export const clone = (id: number, ...occurrences: ReadonlyArray<readonly [string, number, number]>) =>
  AnalysisResults.CloneResult.make({
    id,
    occurrences: occurrences.map(([path, fromLine, toLine]) => AnalysisResults.CloneOccurrence.make({ path, fromLine, toLine }))
  })

/** Three files, five issues (two in one line), one clone between two files and one inside the third. */
export const sampleResults = () => {
  const issues = [
    issue({ path: "src/b.js", line: 3, category: "CodeStyle", level: "Info", pattern: "semi", author: "bo@example.com", fix: [{ from: 41, to: 41, text: ";" }] }),
    issue({ path: "src/a.js", line: 10, author: "ada@example.com" }),
    issue({ path: "src/a.js", line: 2, pattern: "eqeqeq", level: "Warning", author: "ada@example.com" }),
    issue({ path: "lib/c.ts", line: 7, language: "TypeScript", category: "Security", level: "High" }),
    issue({ path: "src/a.js", line: 10, pattern: "no-unused-vars", category: "UnusedCode", level: "Warning", author: "bo@example.com" })
  ]
  return AnalysisResults.AnalysisResults.make({
    files: [
      file("src/a.js", { issues: 3, grade: 40, complexity: 12, clones: 1 }),
      file("src/b.js", { issues: 1, grade: 80, complexity: 3, clones: 1 }),
      file("lib/c.ts", { issues: 1, grade: 80, clones: 1 })
    ],
    issues,
    clones: [clone(2, ["src/a.js", 1, 20], ["src/b.js", 5, 24]), clone(1, ["lib/c.ts", 1, 8], ["lib/c.ts", 30, 37])]
  })
}

export const all: Pagination.PageRequest = { after: undefined, limit: 100 }

/**
 * The sample results saved as one analysis of a fresh repository, with `stores` (the ports a suite
 * reads them through, merged into one object) as `store`.
 */
export const savedWith = <S extends object, R>(stores: Effect.Effect<S, never, R>) =>
  Effect.gen(function*() {
    const store = { ...(yield* stores), save: (yield* AnalysisResultStore.AnalysisResultStore).save }
    const { repository } = yield* freshRepository
    const key: AnalysisResultStore.ResultsKey = { repositoryId: repository.id, branch: "main", commitSha: "a1" }
    const results = sampleResults()
    yield* store.save(key, results)
    return { store, key, results, repositoryId: repository.id }
  })
