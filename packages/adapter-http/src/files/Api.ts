import { HttpApiEndpoint, OpenApi } from "@effect/platform"
import { FileSource, FileViews, IssueViews, Pagination } from "@tidemark/core"
import { Schema } from "effect"
import { PageParams, PathId, plainRepositoryPath, repositoryPath, RepositoryParams } from "../ApiParams.js"

/**
 * A repository's files as of a branch's latest analysis (the original API's file operations, in the
 * results group), and getFileSource, our extension for the dashboard's file page.
 */

const filesPath = `${plainRepositoryPath}/files` as const
const FileParams = Schema.Struct({ ...RepositoryParams.fields, fileId: PathId })

export const listFiles = HttpApiEndpoint.get("listFiles", filesPath)
  .setPath(RepositoryParams)
  .setUrlParams(Schema.Struct({
    ...PageParams,
    branch: Schema.optional(Schema.String),
    search: Schema.optional(Schema.String),
    sort: Schema.optional(FileViews.FileSortParam),
    direction: Schema.optional(FileViews.SortDirectionParam)
  }))
  .addSuccess(Schema.Struct({ data: Schema.Array(FileViews.FileWithAnalysisInfo), pagination: Pagination.Pagination }))

export const getFileWithAnalysis = HttpApiEndpoint.get("getFileWithAnalysis", `${filesPath}/:fileId`)
  .setPath(FileParams)
  // The one file operation the original API answers without a `data` envelope.
  .addSuccess(FileViews.FileInformationWithAnalysis)

export const getFileIssues = HttpApiEndpoint.get("getFileIssues", `${filesPath}/:fileId/issues`)
  .setPath(FileParams)
  .setUrlParams(Schema.Struct(PageParams))
  .addSuccess(Schema.Struct({ data: Schema.Array(IssueViews.CommitIssue), pagination: Pagination.Pagination }))

export const getFileClones = HttpApiEndpoint.get("getFileClones", `${filesPath}/:fileId/duplication`)
  .setPath(FileParams)
  .setUrlParams(Schema.Struct(PageParams))
  .addSuccess(Schema.Struct({ data: Schema.Array(FileViews.FileClone), pagination: Pagination.Pagination }))

export const getFileCoverage = HttpApiEndpoint.get("getFileCoverage", `${filesPath}/:fileId/coverage`)
  .setPath(FileParams)
  .addSuccess(Schema.Struct({ data: Schema.Array(FileViews.LineHits) }))

export const getFileSource = HttpApiEndpoint.get("getFileSource", `${repositoryPath}/files/:fileId/source`)
  .setPath(FileParams)
  .setUrlParams(Schema.Struct({ branch: Schema.optional(Schema.String) }))
  .addSuccess(Schema.Struct({ data: FileSource.FileSource }))
  .annotate(
    OpenApi.Description,
    "Our extension: the file's lines as of the analysed commit of the branch (default: the default branch), " +
      "each with the email of the author who last changed it."
  )
