import { Schema } from "effect"
import type { StoredClone, StoredFile } from "./StoredResults.js"
import { type FileLineCoverage, percentageOf, shownPercentage } from "./CommitCoverage.js"
import { GradeLetter } from "./RepositoryWithAnalysis.js"
import type { BranchRecord, CommitRecord } from "./Records.js"

/**
 * The original API's file resources (listFiles, getFileWithAnalysis, getFileClones), made from
 * stored rows. `linesOfCode` is every line of the file, `sourceLinesOfCode` its code lines (what
 * `loc` counts elsewhere); a file's `duplication` is its duplicated lines in a list and its clone
 * blocks in one file's quality, as the API describes each. Coverage is the file's in the report
 * uploaded for the analysed commit, when the report names it and it has coverable lines.
 */

const Int64 = Schema.Int.annotations({ jsonSchema: { type: "integer", format: "int64" } })

export class FileWithAnalysisInfo extends Schema.Class<FileWithAnalysisInfo>("FileWithAnalysisInfo")({
  branchId: Int64,
  fileId: Int64,
  path: Schema.String,
  grade: Schema.Int,
  gradeLetter: GradeLetter,
  totalIssues: Schema.Int,
  numberOfMethods: Schema.Int,
  linesOfCode: Schema.optional(Schema.Int),
  sourceLinesOfCode: Schema.optional(Schema.Int),
  complexity: Schema.optional(Schema.Int),
  coverage: Schema.optional(Schema.Int),
  coverageWithDecimals: Schema.optional(Schema.Number),
  duplication: Schema.optional(Schema.Int),
  numberOfClones: Schema.optional(Schema.Int)
}) {}

/** The file's coverage percentage, when it has coverable lines. */
const percentageOfFile = (stored: StoredFile) =>
  stored.coverage === undefined ? undefined : percentageOf(stored.coverage.coveredLines, stored.coverage.coverableLines)

export const fileWithAnalysisOf = (stored: StoredFile, branch: BranchRecord): FileWithAnalysisInfo =>
  FileWithAnalysisInfo.make({
    branchId: branch.id,
    fileId: stored.fileId,
    path: stored.file.path,
    grade: stored.file.grade,
    gradeLetter: stored.file.gradeLetter,
    totalIssues: stored.file.totalIssues,
    numberOfMethods: stored.file.numberOfMethods,
    linesOfCode: stored.file.totalLines,
    sourceLinesOfCode: stored.file.codeLines,
    ...(stored.file.complexity === undefined ? {} : { complexity: stored.file.complexity }),
    ...coverageFields(percentageOfFile(stored)),
    duplication: stored.file.duplicatedLines,
    numberOfClones: stored.file.numberOfClones
  })

const coverageFields = (percentage: number | undefined) => {
  if (percentage === undefined) return {}
  const { decimals, whole } = shownPercentage(percentage)
  return { coverage: whole, coverageWithDecimals: decimals }
}

export class FileMetadata extends Schema.Class<FileMetadata>("FileMetadata")({
  branchId: Schema.optional(Int64),
  commitId: Int64,
  commitSha: Schema.String,
  /** Tidemark keeps no id per version of a file: the file's id. */
  fileDataId: Int64,
  fileId: Int64,
  gitProviderUrl: Schema.String,
  ignored: Schema.Boolean,
  language: Schema.String,
  path: Schema.String
}) {}

export class FileMetrics extends Schema.Class<FileMetrics>("FileMetrics")({
  linesOfCode: Schema.optional(Schema.Int),
  commentedLinesOfCode: Schema.optional(Schema.Int),
  numberOfMethods: Schema.optional(Schema.Int)
}) {}

export class FileQualityInfo extends Schema.Class<FileQualityInfo>("FileQualityInfo")({
  grade: Schema.Int,
  gradeLetter: GradeLetter,
  totalIssues: Schema.Int,
  complexity: Schema.optional(Schema.Int),
  duplicatedLinesOfCode: Schema.optional(Schema.Int),
  duplication: Schema.optional(Schema.Int)
}) {}

export class FileCoverageAnalysis extends Schema.Class<FileCoverageAnalysis>("FileCoverageAnalysis")({
  coverage: Schema.Number,
  coverableLines: Int64,
  coveredLines: Int64
}) {}

export class FileInformationWithAnalysis extends Schema.Class<FileInformationWithAnalysis>("FileInformationWithAnalysis")({
  file: FileMetadata,
  metrics: Schema.optional(FileMetrics),
  coverage: Schema.optional(FileCoverageAnalysis),
  quality: Schema.optional(FileQualityInfo)
}) {}

const fileCoverageOf = (stored: StoredFile) => {
  const percentage = percentageOfFile(stored)
  return stored.coverage === undefined || percentage === undefined ? {} : {
    coverage: FileCoverageAnalysis.make({
      coverage: shownPercentage(percentage).decimals,
      coverableLines: stored.coverage.coverableLines,
      coveredLines: stored.coverage.coveredLines
    })
  }
}

/** `gitProviderUrl`: where the git host shows the file at the commit (empty when the host is unknown). */
export const fileInformationOf = (
  stored: StoredFile,
  branch: BranchRecord,
  commit: CommitRecord,
  gitProviderUrl: string,
  /** Whether the file is ignored (triage): its issues count nowhere. */
  ignored = false
): FileInformationWithAnalysis =>
  FileInformationWithAnalysis.make({
    file: FileMetadata.make({
      branchId: branch.id,
      commitId: commit.id,
      commitSha: commit.sha,
      fileDataId: stored.fileId,
      fileId: stored.fileId,
      gitProviderUrl,
      ignored,
      language: stored.file.language,
      path: stored.file.path
    }),
    metrics: FileMetrics.make({
      linesOfCode: stored.file.totalLines,
      commentedLinesOfCode: stored.file.commentLines,
      numberOfMethods: stored.file.numberOfMethods
    }),
    ...fileCoverageOf(stored),
    quality: FileQualityInfo.make({
      grade: stored.file.grade,
      gradeLetter: stored.file.gradeLetter,
      totalIssues: stored.file.totalIssues,
      ...(stored.file.complexity === undefined ? {} : { complexity: stored.file.complexity }),
      duplicatedLinesOfCode: stored.file.duplicatedLines,
      duplication: stored.file.numberOfClones
    })
  })

export class CloneDuplicationBlock extends Schema.Class<CloneDuplicationBlock>("CloneDuplicationBlock")({
  fileDataId: Int64,
  fileId: Int64,
  path: Schema.String,
  fromLine: Schema.Int,
  toLine: Schema.Int
}) {}

export class FileClone extends Schema.Class<FileClone>("FileClone")({
  id: Int64,
  occurrences: Schema.Array(CloneDuplicationBlock)
}) {}

export const fileCloneOf = (clone: StoredClone): FileClone =>
  FileClone.make({
    id: clone.id,
    occurrences: clone.occurrences.map(({ fileId, occurrence }) =>
      CloneDuplicationBlock.make({ fileDataId: fileId, fileId, path: occurrence.path, fromLine: occurrence.fromLine, toLine: occurrence.toLine })
    )
  })

/** getFileCoverage's line: the hits of one coverable line. */
export class LineHits extends Schema.Class<LineHits>("FileCoverage")({
  line: Schema.Int,
  hits: Schema.Int
}) {}

export const lineHitsOf = (coverage: FileLineCoverage): ReadonlyArray<LineHits> =>
  coverage.hits.map(([line, hits]) => LineHits.make({ line, hits }))

/** listFiles' sort and direction as the query carries them. */
export const FileSortParam = Schema.Literal("filename", "issues", "grade", "complexity", "duplication", "coverage")
export const SortDirectionParam = Schema.Literal("asc", "desc")
