import { PageLimit } from "@tidemark/core"
import { Schema } from "effect"

/** Path and query parameters the analysis API's groups share. */

export const OrganizationParams = Schema.Struct({
  provider: Schema.String,
  remoteOrganizationName: Schema.String
})
export const RepositoryParams = Schema.Struct({ ...OrganizationParams.fields, repositoryName: Schema.String })

export const PageParams = {
  cursor: Schema.optional(Schema.String),
  limit: Schema.optional(PageLimit)
}

/** The query both repository lists take (each adds its own filters). */
export const RepositoryListParams = {
  ...PageParams,
  search: Schema.optional(Schema.String),
  segments: Schema.optional(Schema.String)
}
