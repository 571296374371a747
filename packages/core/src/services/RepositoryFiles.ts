import { Effect, Option } from "effect"
import { NotFound, ServiceUnavailable } from "../domain/Errors.js"
import {
  fileCloneOf,
  fileInformationOf,
  type FileWithAnalysisInfo,
  fileWithAnalysisOf,
  type LineHits,
  lineHitsOf
} from "../domain/FileViews.js"
import { commitIssueOf, commitReferenceOf } from "../domain/IssueViews.js"
import { emptyPage, pageOfResults, pageRequest } from "../domain/Pagination.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import { CloneResultStore } from "../ports/CloneResultStore.js"
import type { FileQuery } from "../domain/StoredResults.js"
import { FileResultStore } from "../ports/FileResultStore.js"
import { IssueResultStore } from "../ports/IssueResultStore.js"
import { LineCoverageStore } from "../ports/LineCoverageStore.js"
import { FileLines } from "../ports/FileLines.js"
import { fileWebUrl } from "./Repositories.js"
import { Ignores } from "./Ignores.js"
import { RepositoryIssues } from "./RepositoryIssues.js"
import { withSpans } from "../runtime/Spans.js"

type Caller = Option.Option<Principal>

export interface FileListQuery {
  readonly branch?: string | undefined
  readonly search?: string | undefined
  readonly sort?: FileQuery["sort"] | undefined
  readonly direction?: FileQuery["direction"] | undefined
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
}

export interface FilePageQuery {
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
}

const make = Effect.gen(function*() {
  const issues = yield* RepositoryIssues
  const fileResults = yield* FileResultStore
  const issueResults = yield* IssueResultStore
  const cloneResults = yield* CloneResultStore
  const lineCoverage = yield* LineCoverageStore
  const fileLines = yield* FileLines
  const ignores = yield* Ignores

  /** listFiles: the files of a branch's latest analysis (default: the default branch), by page. */
  const list = (caller: Caller, at: RepositoryCoordinates, query: FileListQuery) =>
    Effect.gen(function*() {
      const page = yield* pageRequest(query.cursor, query.limit)
      const found = yield* issues.analysed(caller, at, query.branch)
      if (Option.isNone(found)) return emptyPage<FileWithAnalysisInfo>(page.limit)
      const rows = yield* fileResults.files(found.value.key, {
        search: query.search,
        sort: query.sort ?? "filename",
        direction: query.direction ?? "asc"
      }, page)
      // The stored order stands (sorting by issues sorts by the issues as analysed); the counts leave the ignored out.
      const shown = yield* ignores.filesWithout(found.value.key, rows.items)
      return pageOfResults({ ...rows, items: shown }, page.limit, (row) => fileWithAnalysisOf(row, found.value.branch))
    })

  /** The branch's latest analysis (default: the default branch's) and the file in it, or NotFound. */
  const fileIn = (caller: Caller, at: RepositoryCoordinates, fileId: number, branch?: string) =>
    Effect.gen(function*() {
      const notFound = new NotFound({ what: "file", id: String(fileId) })
      const found = yield* issues.analysed(caller, at, branch)
      if (Option.isNone(found)) return yield* notFound
      const file = yield* fileResults.file(found.value.key, fileId)
      if (Option.isNone(file)) return yield* notFound
      return { analysed: found.value, file: file.value }
    })

  const get = (caller: Caller, at: RepositoryCoordinates, fileId: number) =>
    Effect.gen(function*() {
      const { analysed, file } = yield* fileIn(caller, at, fileId)
      const [shown = file] = yield* ignores.filesWithout(analysed.key, [file])
      const ignored = yield* ignores.fileIgnored(analysed.key.repositoryId, file.file.path)
      const url = fileWebUrl(analysed.repository, analysed.commit.sha, file.file.path)
      return fileInformationOf(shown, analysed.branch, analysed.commit, url, ignored)
    })

  const fileIssues = (caller: Caller, at: RepositoryCoordinates, fileId: number, query: FilePageQuery) =>
    Effect.gen(function*() {
      const page = yield* pageRequest(query.cursor, query.limit)
      const { analysed, file } = yield* fileIn(caller, at, fileId)
      const filter = yield* ignores.filterFor(analysed.key.repositoryId, { filePaths: [file.file.path] }, "notIgnored")
      const rows = yield* issueResults.issues(analysed.key, filter, page)
      const reference = commitReferenceOf(analysed.commit)
      return pageOfResults(rows, page.limit, (row) => commitIssueOf(row.issue, row.fileId, reference))
    })

  const clones = (caller: Caller, at: RepositoryCoordinates, fileId: number, query: FilePageQuery) =>
    Effect.gen(function*() {
      const page = yield* pageRequest(query.cursor, query.limit)
      const { analysed } = yield* fileIn(caller, at, fileId)
      return pageOfResults(yield* cloneResults.clones(analysed.key, fileId, page), page.limit, fileCloneOf)
    })

  /** getFileCoverage: the file's hits line by line in the report uploaded for the analysed commit, if any. */
  const coverage = (caller: Caller, at: RepositoryCoordinates, fileId: number) =>
    Effect.gen(function*() {
      const { analysed, file } = yield* fileIn(caller, at, fileId)
      const { commitSha, repositoryId } = analysed.key
      const found = yield* lineCoverage.fileCoverage({ repositoryId, commitSha }, file.file.path)
      return Option.match(found, { onNone: (): ReadonlyArray<LineHits> => [], onSome: lineHitsOf })
    })

  /**
   * getFileSource (our extension): the file as of the analysed commit, each line with its author.
   * The file was analysed at that commit, so git failing to give it is the service's failure.
   */
  const source = (caller: Caller, at: RepositoryCoordinates, fileId: number, branch: string | undefined) =>
    Effect.gen(function*() {
      const { analysed, file } = yield* fileIn(caller, at, fileId, branch)
      const unavailable = (error: { readonly message: string }) => new ServiceUnavailable({ reason: error.message, cause: error })
      const [read] = yield* fileLines.read(analysed.repository.gitUrl, analysed.commit.sha, [file.file.path]).pipe(
        Effect.mapError(unavailable)
      )
      if (read === undefined) return yield* unavailable({ message: `no lines of ${file.file.path}` })
      return yield* Effect.mapError(read, unavailable)
    })

  return withSpans("RepositoryFiles", { list, get, fileIssues, clones, coverage, source })
})

/**
 * listFiles, getFileWithAnalysis, getFileIssues, getFileClones and getFileCoverage: the stored files
 * of a branch's latest analysis; getFileSource, a file's lines at the analysed commit.
 */
export class RepositoryFiles extends Effect.Service<RepositoryFiles>()("@tidemark/core/RepositoryFiles", {
  effect: make,
  dependencies: [RepositoryIssues.Default, Ignores.Default]
}) {}
