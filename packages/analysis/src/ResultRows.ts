import { AnalysisResults, Grade, IssueLoad } from "@tidemark/core"
import type { FileDuplication } from "./Duplication.js"
import type { FileAnalysis } from "./FileAnalysis.js"
import type { Issue } from "./LintResult.js"
import type { SourceFile } from "./SourceTree.js"

/**
 * The rows an analysis's measures are counted from (core's AnalysisResults, issues still without
 * their identity): each measured file with its own grade, each issue with its line's text, each
 * clone with both of its occurrences.
 */

export interface PatternInfo {
  readonly category: string
  readonly title?: string | undefined
}

export interface RowsInput {
  readonly files: ReadonlyArray<FileAnalysis>
  readonly duplication: ReadonlyArray<FileDuplication>
  readonly issues: ReadonlyArray<Issue>
  readonly sources: ReadonlyArray<SourceFile>
  /** The tools that ran: an issue is its tool's by its pattern id's prefix. */
  readonly tools: ReadonlyArray<{ readonly uuid: string; readonly name: string; readonly patternPrefix: string }>
  readonly patterns: ReadonlyMap<string, PatternInfo>
  readonly goals: Grade.GradeGoals
}

export interface ResultRows {
  readonly files: ReadonlyArray<AnalysisResults.FileResult>
  readonly findings: ReadonlyArray<AnalysisResults.IssueFinding>
  readonly clones: ReadonlyArray<AnalysisResults.CloneResult>
}

/**
 * A file's issue load is weighed against at least this many code lines: the baseline's own unit
 * (10 cost units per 1 000 lines). Against its own 40 lines, one Minor issue of a small file would
 * be 250 % of the baseline and two Minor warnings would fail it; against 1 000, two Minor issues
 * (2 units) are 20 %, the default goal, and a file fails its issues only from about 10 units (two
 * Medium, or one Critical).
 */
export const fileGradeMinimumLines = 1_000

/**
 * A file's grade by the repository's formula (core's `gradeOf`) on the file alone: its issue load
 * on its own code lines (at least `fileGradeMinimumLines`), and whether it is complex or duplicated
 * (all or nothing for one file). Coverage is not part of it: a file's coverage arrives with a
 * report, after the analysis.
 */
const fileGrade = (file: FileAnalysis, issues: ReadonlyArray<Issue>, goals: Grade.GradeGoals) =>
  Grade.gradeOf({
    issuesPercentage: IssueLoad.issuesPercentage(issues, Math.max(file.codeLines, fileGradeMinimumLines)),
    complexFilesPercentage: file.complex ? 100 : 0,
    duplicationPercentage: file.duplicated ? 100 : 0
  }, goals)

/**
 * jscpd reports a clone as a pair of sides, and each file lists its sides with where the other one
 * is: a pair is read once, from its first side (by path, then line), its other side found in the
 * other file's list for its end line.
 */
const clonesOf = (duplication: ReadonlyArray<FileDuplication>): ReadonlyArray<AnalysisResults.CloneResult> => {
  const blocksByPath = new Map(duplication.map((file) => [file.path, file.blocks]))
  const first = (path: string, line: number, otherPath: string, otherLine: number) =>
    path < otherPath || (path === otherPath && line < otherLine)
  const pairs = duplication.flatMap((file) =>
    file.blocks.flatMap((block) => {
      if (!first(file.path, block.startLine, block.otherPath, block.otherStartLine)) return []
      const other = blocksByPath.get(block.otherPath)?.find((side) =>
        side.otherPath === file.path && side.startLine === block.otherStartLine && side.otherStartLine === block.startLine
      )
      const otherEnd = other?.endLine ?? block.otherStartLine + (block.endLine - block.startLine)
      return [[
        AnalysisResults.CloneOccurrence.make({ path: file.path, fromLine: block.startLine, toLine: block.endLine }),
        AnalysisResults.CloneOccurrence.make({ path: block.otherPath, fromLine: block.otherStartLine, toLine: otherEnd })
      ] as const]
    })
  )
  return pairs
    .sort(([a], [b]) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.fromLine - b.fromLine))
    .map((occurrences, index) => AnalysisResults.CloneResult.make({ id: index + 1, occurrences }))
}

export const resultRowsOf = (input: RowsInput): ResultRows => {
  const issuesByPath = new Map<string, Array<Issue>>()
  for (const issue of input.issues) {
    const list = issuesByPath.get(issue.file) ?? []
    list.push(issue)
    issuesByPath.set(issue.file, list)
  }
  const files = input.files.map((file) => {
    const issues = issuesByPath.get(file.path) ?? []
    const grade = fileGrade(file, issues, input.goals)
    return AnalysisResults.FileResult.make({
      path: file.path,
      language: file.language,
      totalLines: file.codeLines + file.commentLines + file.blankLines,
      codeLines: file.codeLines,
      commentLines: file.commentLines,
      numberOfMethods: file.functions.length,
      ...(file.complexity === undefined ? {} : { complexity: file.complexity }),
      numberOfClones: file.cloneBlocks,
      duplicatedLines: file.duplicatedLines,
      totalIssues: issues.length,
      grade: grade.grade,
      gradeLetter: grade.gradeLetter
    })
  })
  const languageOf = new Map(input.files.map((file) => [file.path, file.language]))
  const linesOf = new Map(input.sources.map((source) => [source.path, source.content.split("\n")]))
  const toolOf = (patternId: string) => input.tools.find((tool) => patternId.startsWith(tool.patternPrefix))
  const findings = input.issues.map((issue): AnalysisResults.IssueFinding => {
    const pattern = input.patterns.get(issue.patternId)
    const tool = toolOf(issue.patternId)
    return {
      toolUuid: tool?.uuid ?? "",
      toolName: tool?.name ?? "",
      patternId: issue.patternId,
      ...(pattern?.title === undefined ? {} : { patternTitle: pattern.title }),
      category: pattern?.category ?? "ErrorProne",
      level: issue.severity,
      filePath: issue.file,
      language: languageOf.get(issue.file) ?? "",
      line: issue.line,
      lineText: (linesOf.get(issue.file)?.[issue.line - 1] ?? "").replace(/\r$/, ""),
      message: issue.message,
      ...(issue.fix === undefined ? {} : { fix: issue.fix })
    }
  })
  return { files, findings, clones: clonesOf(input.duplication) }
}
