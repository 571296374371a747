import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { ConfiguredPattern, Pagination, PatternFilterFields, PatternSort, QueryBoolean, SortDirection, UpdatePatternsBody } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { PageParams, repositoryPath } from "../ApiParams.js"
import { Authentication } from "../Authentication.js"
import { Conflict } from "../HttpErrors.js"
import { ToolParams } from "../tools/Api.js"

/** The patterns of a repository's tool: listed, switched on or off in bulk, read one by one. */

const PatternParams = Schema.Struct({ ...ToolParams.fields, patternId: Schema.String })

export const PatternListParams = Schema.Struct({
  ...PatternFilterFields,
  enabled: Schema.optional(QueryBoolean),
  sort: Schema.optional(PatternSort),
  direction: Schema.optional(SortDirection),
  ...PageParams
})

export class PatternsGroup extends HttpApiGroup.make("patterns")
  .add(
    HttpApiEndpoint.get("listRepositoryToolPatterns", `${repositoryPath}/tools/:toolUuid/patterns`)
      .setPath(ToolParams)
      .setUrlParams(PatternListParams)
      .addSuccess(Schema.Struct({
        data: Schema.Array(ConfiguredPattern),
        pagination: Pagination,
        meta: Schema.Struct({ totalEnabled: Schema.Int })
      }))
  )
  .add(
    HttpApiEndpoint.patch("updateRepositoryToolPatterns", `${repositoryPath}/tools/:toolUuid/patterns`)
      .setPath(ToolParams)
      .setUrlParams(Schema.Struct(PatternFilterFields))
      .setPayload(UpdatePatternsBody)
      .addSuccess(Schema.Void, { status: 204 })
      .addError(Conflict)
  )
  .add(
    HttpApiEndpoint.get("getRepositoryToolPattern", `${repositoryPath}/tools/:toolUuid/patterns/:patternId`)
      .setPath(PatternParams)
      .addSuccess(Schema.Struct({ data: ConfiguredPattern }))
  )
  .pipe(ApiErrors.writes)
  .middleware(Authentication)
{}
