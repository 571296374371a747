import { ChangeViews, Pagination, PatternQuery } from "@tidemark/core"
import { Schema } from "effect"
import { PageParams } from "../ApiParams.js"

/** What the operations on a pull request and on a commit share: the query and answer of a change's issues, files and clones. */

export const DeltaIssueParams = {
  ...PageParams,
  status: Schema.optional(ChangeViews.IssueStatusParam),
  onlyPotential: Schema.optional(PatternQuery.QueryBoolean)
}

export const FilesParams = {
  ...PageParams,
  sortColumn: Schema.optional(ChangeViews.FileDeltaSort),
  columnOrder: Schema.optional(Schema.Literal("asc", "desc"))
}

export const FileDeltaPage = Schema.Struct({ data: Schema.Array(ChangeViews.FileDeltaAnalysis), pagination: Pagination.Pagination })
export const ClonesResponse = Schema.Struct({ data: Schema.Array(ChangeViews.CommitFileClone), pagination: Pagination.Pagination })
export const DeltaIssuesResponse = Schema.Struct({ analyzed: Schema.Boolean, data: Schema.Array(ChangeViews.CommitDeltaIssue), pagination: Pagination.Pagination })
