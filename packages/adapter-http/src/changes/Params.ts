import { CommitDeltaIssue, CommitFileClone, FileDeltaAnalysis, FileDeltaSort, IssueStatusParam, Pagination, QueryBoolean } from "@tidemark/core"
import { Schema } from "effect"
import { PageParams } from "../ApiParams.js"

/** What the operations on a pull request and on a commit share: the query and answer of a change's issues, files and clones. */

export const DeltaIssueParams = {
  ...PageParams,
  status: Schema.optional(IssueStatusParam),
  onlyPotential: Schema.optional(QueryBoolean)
}

export const FilesParams = {
  ...PageParams,
  sortColumn: Schema.optional(FileDeltaSort),
  columnOrder: Schema.optional(Schema.Literal("asc", "desc"))
}

export const FileDeltaPage = Schema.Struct({ data: Schema.Array(FileDeltaAnalysis), pagination: Pagination })
export const ClonesResponse = Schema.Struct({ data: Schema.Array(CommitFileClone), pagination: Pagination })
export const DeltaIssuesResponse = Schema.Struct({ analyzed: Schema.Boolean, data: Schema.Array(CommitDeltaIssue), pagination: Pagination })
