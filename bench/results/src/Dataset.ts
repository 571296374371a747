import { AnalysisResults, CommitAnalysis, Grade, IssueLoad, type Pattern, TreeAnalyses } from "@tidemark/core"
import { Effect } from "effect"
import * as Random from "./Random.js"
import { type DatasetLanguage, languages } from "./Tools.js"

/** How big the analysis is: issue 13 asks for 100 000 issues in about 2 000 files. */
export interface DatasetSize {
  readonly issues: number
  readonly files: number
}

const packages = ["api", "auth", "billing", "catalog", "checkout", "core", "dashboard", "events", "gateway", "inventory",
  "jobs", "mail", "media", "notifications", "orders", "payments", "reports", "search", "shipping", "users"]
const areas = ["controllers", "domain", "handlers", "models", "repositories", "routes", "services", "utils", "validation", "views"]
const stems = ["index", "client", "mapper", "parser", "store", "helpers", "config", "types", "schema", "worker"]

/** Issues carry who last changed their line where the analysis knows it: most, not all. */
const authors = Array.from({ length: 40 }, (_, i) => `developer-${String(i).padStart(2, "0")}@example.com`)
const authoredShare = 0.75

/** The author of the most issues: what a filter by author asks for. */
export const frequentAuthor = authors[0] ?? ""

interface FileSpec {
  readonly path: string
  readonly language: DatasetLanguage
  readonly totalLines: number
  readonly methods: number
}

const cumulativeShares = languages.reduce<Array<number>>((sums, l) => [...sums, (sums.at(-1) ?? 0) + l.share], [])

const fileSpecs = (random: Random.Random, count: number): ReadonlyArray<FileSpec> =>
  Array.from({ length: count }, (_, i) => {
    const language = languages[random.weighted(cumulativeShares)] ?? languages[0]
    const where = `packages/${packages[i % packages.length]}/src/${areas[Math.floor(i / packages.length) % areas.length]}`
    const stem = `${stems[random.int(0, stems.length - 1)]}-${i}`
    return { path: `${where}/${stem}.${language.extension}`, language, totalLines: random.int(40, 1_500), methods: random.int(1, 60) }
  })

/** A finding on a line of the file, by a pattern of its language: the most popular ones most often. */
const findingsOf = (random: Random.Random, files: ReadonlyArray<FileSpec>, count: number): ReadonlyArray<AnalysisResults.IssueFinding> => {
  const fileOrder = Random.shuffled(files, random)
  const fileWeights = Random.zipf(fileOrder.length, 0.8)
  const popular = new Map(languages.map((l) => [l.name, { patterns: Random.shuffled(l.patterns, random), weights: Random.zipf(l.patterns.length, 1.1) }]))
  const authorWeights = Random.zipf(authors.length, 1)
  const byFile = new Map<string, Array<AnalysisResults.IssueFinding>>()
  for (let n = 0; n < count; n++) {
    const file = fileOrder[random.weighted(fileWeights)]
    const ofLanguage = popular.get(file?.language.name ?? "")
    const pattern = ofLanguage?.patterns[random.weighted(ofLanguage.weights)]
    if (file === undefined || pattern === undefined) continue
    const line = random.int(1, file.totalLines)
    const author = random.next() < authoredShare ? authors[random.weighted(authorWeights)] : undefined
    const finding: AnalysisResults.IssueFinding = {
      toolUuid: pattern.toolUuid,
      toolName: pattern.toolName,
      patternId: pattern.patternId,
      patternTitle: pattern.title,
      category: pattern.category,
      level: pattern.level,
      filePath: file.path,
      language: file.language.name,
      line,
      lineText: `    const value${line % 97} = compute(input.${pattern.category.toLowerCase()}, options[${line % 13}])`,
      message: `${pattern.title} (line ${line})`,
      ...(author === undefined ? {} : { authorEmail: author })
    }
    const list = byFile.get(file.path) ?? []
    list.push(finding)
    byFile.set(file.path, list)
  }
  // The analyzer reports file by file, each file's findings by line.
  return files.flatMap((file) => (byFile.get(file.path) ?? []).sort((a, b) => a.line - b.line))
}

/** Blocks found twice (a few three times) across random files. */
const clonesOf = (random: Random.Random, files: ReadonlyArray<FileSpec>, count: number): ReadonlyArray<AnalysisResults.CloneResult> =>
  Array.from({ length: count }, (_, i) =>
    AnalysisResults.CloneResult.make({
      id: i + 1,
      occurrences: Array.from({ length: random.next() < 0.8 ? 2 : 3 }, () => {
        const file = files[random.int(0, files.length - 1)]
        const total = file?.totalLines ?? 40
        const fromLine = random.int(1, Math.max(1, total - 30))
        return AnalysisResults.CloneOccurrence.make({ path: file?.path ?? "", fromLine, toLine: Math.min(total, fromLine + random.int(9, 29)) })
      })
    }))

const fileResultOf = (spec: FileSpec, issues: number, occurrences: ReadonlyArray<AnalysisResults.CloneOccurrence>, complexity: number) => {
  const codeLines = Math.round(spec.totalLines * 0.72)
  // The grade falls with the issues per thousand code lines: 50 at 20 of them.
  const grade = Math.round(100 / (1 + (issues * 1_000) / Math.max(1, codeLines) / 20))
  return AnalysisResults.FileResult.make({
    path: spec.path,
    language: spec.language.name,
    totalLines: spec.totalLines,
    codeLines,
    commentLines: Math.round(spec.totalLines * 0.12),
    numberOfMethods: spec.methods,
    complexity,
    numberOfClones: occurrences.length,
    duplicatedLines: Math.min(codeLines, occurrences.reduce((n, o) => n + o.toLine - o.fromLine + 1, 0)),
    totalIssues: issues,
    grade,
    gradeLetter: Grade.gradeLetterOf(grade)
  })
}

const countBy = <A>(items: ReadonlyArray<A>, key: (item: A) => string) => {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1)
  return counts
}

/** The measures the analysis shows beside its rows, counted from them. */
const measuresOf = (files: ReadonlyArray<AnalysisResults.FileResult>, levels: Map<string, number>) => {
  const loc = new Map<string, number>()
  for (const file of files) loc.set(file.language, (loc.get(file.language) ?? 0) + file.codeLines)
  const complex = files.filter((file) => (file.complexity ?? 0) > 20).length
  const level = (name: Pattern.SeverityLevel) => levels.get(name) ?? 0
  return new CommitAnalysis.AnalysisMeasures({
    loc: [...loc.values()].reduce((a, b) => a + b, 0),
    issueCounts: new IssueLoad.IssueCounts({ Error: level("Error"), High: level("High"), Warning: level("Warning"), Info: level("Info") }),
    complexFilesCount: complex,
    complexFilesPercentage: Math.round((100 * complex) / Math.max(1, files.length)),
    duplicationPercentage: Math.round((100 * files.filter((file) => file.numberOfClones > 0).length) / Math.max(1, files.length)),
    languages: [...loc].sort((a, b) => b[1] - a[1]).map(([name]) => name),
    stackTags: ["language:typescript", "language:javascript", "language:python", "language:java", "tool:eslint"]
  })
}

/**
 * One analysis of a large monorepo, the same in every run: `size.files` files in 20 packages of 4
 * languages, `size.issues` issues of 4 tools (a few patterns, files and authors hold most of them),
 * a clone for every five files. Issues get their identity as the worker gives it.
 */
export const generate = (size: DatasetSize) =>
  Effect.gen(function*() {
    const random = Random.make(13)
    const specs = fileSpecs(random, size.files)
    const findings = findingsOf(random, specs, size.issues)
    const clones = clonesOf(random, specs, Math.round(size.files / 5))
    const issuesPerFile = countBy(findings, (f) => f.filePath)
    const occurrences = new Map<string, Array<AnalysisResults.CloneOccurrence>>()
    for (const occurrence of clones.flatMap((c) => c.occurrences)) {
      occurrences.set(occurrence.path, [...(occurrences.get(occurrence.path) ?? []), occurrence])
    }
    const files = specs.map((spec) =>
      fileResultOf(spec, issuesPerFile.get(spec.path) ?? 0, occurrences.get(spec.path) ?? [], spec.methods + random.int(0, 80))
    )
    const results = AnalysisResults.AnalysisResults.make({ files, issues: yield* TreeAnalyses.issueIdentity(findings), clones })
    return { results, measures: measuresOf(files, countBy(findings, (f) => f.level)) }
  })
