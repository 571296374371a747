import { Context, type Effect, type Option } from "effect"
import type { FileResult } from "../domain/AnalysisResults.js"
import { type FileCoverage, percentageOf } from "../domain/CommitCoverage.js"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { PageRequest, ResultPage } from "../domain/Pagination.js"
import type { ResultsKey } from "./AnalysisResultStore.js"

/**
 * A stored file: its measures, and its id, which stays the same for the same path of the same
 * repository across analyses (a client may keep it); its coverage when a report for the analysed
 * commit names it.
 */
export interface StoredFile {
  readonly file: FileResult
  readonly fileId: number
  readonly coverage?: Pick<FileCoverage, "coverableLines" | "coveredLines"> | undefined
}

export const FileSort = ["filename", "issues", "grade", "complexity", "duplication", "coverage"] as const
export type FileSort = typeof FileSort[number]

/**
 * What a file sorts by under a sort other than by name: stores order by it, then by path. A file
 * without a complexity measure, or without coverage (no report, or no coverable line), counts as
 * -1, below every measured one.
 */
export const fileSortValue = ({ coverage, file }: StoredFile, sort: FileSort): number => {
  switch (sort) {
    case "coverage":
      return (coverage === undefined ? undefined : percentageOf(coverage.coveredLines, coverage.coverableLines)) ?? -1
    case "issues":
      return file.totalIssues
    case "grade":
      return file.grade
    case "complexity":
      return file.complexity ?? -1
    case "duplication":
      return file.duplicatedLines
    case "filename":
      return 0
  }
}

export interface FileQuery {
  /** Case-insensitive substring of the path. */
  readonly search?: string | undefined
  readonly sort: FileSort
  readonly direction: "asc" | "desc"
}

/**
 * The files of an analysis (saved with its other rows, see AnalysisResultStore), read by page in
 * the asked sort, then by path, each with its coverage in the analysed commit; and the ids of a
 * repository's files, which stay the same for the same path across analyses.
 */
export class FileResultStore extends Context.Tag("@tidemark/core/FileResultStore")<
  FileResultStore,
  {
    readonly files: (key: ResultsKey, query: FileQuery, page: PageRequest) => Effect.Effect<ResultPage<StoredFile>, ServiceUnavailable>
    readonly file: (key: ResultsKey, fileId: number) => Effect.Effect<Option.Option<StoredFile>, ServiceUnavailable>
    /** The ids of the repository's files at these paths (see StoredFile), made for paths it never had. */
    readonly fileIds: (repositoryId: number, paths: ReadonlyArray<string>) => Effect.Effect<ReadonlyMap<string, number>, ServiceUnavailable>
  }
>() {}
