import { Pagination } from "@tidemark/core"
import { Schema } from "effect"

/** Path and query parameters the analysis API's groups share. */

export const OrganizationParams = Schema.Struct({
  provider: Schema.String,
  remoteOrganizationName: Schema.String
})
export const RepositoryParams = Schema.Struct({ ...OrganizationParams.fields, repositoryName: Schema.String })

export const PageParams = {
  cursor: Schema.optional(Schema.String),
  limit: Schema.optional(Pagination.PageLimit)
}

/** The query both repository lists take (each adds its own filters). */
export const RepositoryListParams = {
  ...PageParams,
  search: Schema.optional(Schema.String),
  segments: Schema.optional(Schema.String)
}

/** Where the analysis API's operations on a repository live. */
export const repositoryPath = "/analysis/organizations/:provider/:remoteOrganizationName/repositories/:repositoryName"

/** The original API's file, coverage and settings operations live outside `/analysis`. */
export const plainRepositoryPath = "/organizations/:provider/:remoteOrganizationName/repositories/:repositoryName"

/** An int64 id in a path: an issue's `resultDataId`, a file's id. */
export const PathId = Schema.NumberFromString.pipe(Schema.int()).annotations({ jsonSchema: { type: "integer", format: "int64" } })
