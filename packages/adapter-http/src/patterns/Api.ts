import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Bodies, Pagination, Pattern, PatternQuery } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { PageParams, repositoryPath } from "../ApiParams.js"
import { Authentication } from "../Authentication.js"
import { Conflict } from "../HttpErrors.js"
import { ToolParams } from "../tools/Api.js"

/** The patterns of a repository's tool: listed, switched on or off in bulk, read one by one. */

const PatternParams = Schema.Struct({ ...ToolParams.fields, patternId: Schema.String })

export const PatternListParams = Schema.Struct({
  ...PatternQuery.PatternFilterFields,
  enabled: Schema.optional(PatternQuery.QueryBoolean),
  sort: Schema.optional(PatternQuery.PatternSort),
  direction: Schema.optional(PatternQuery.SortDirection),
  ...PageParams
})

export class PatternsGroup extends HttpApiGroup.make("patterns")
  .add(
    HttpApiEndpoint.get("listRepositoryToolPatterns", `${repositoryPath}/tools/:toolUuid/patterns`)
      .setPath(ToolParams)
      .setUrlParams(PatternListParams)
      .addSuccess(Schema.Struct({
        data: Schema.Array(Pattern.ConfiguredPattern),
        pagination: Pagination.Pagination,
        meta: Schema.Struct({ totalEnabled: Schema.Int })
      }))
  )
  .add(
    HttpApiEndpoint.patch("updateRepositoryToolPatterns", `${repositoryPath}/tools/:toolUuid/patterns`)
      .setPath(ToolParams)
      .setUrlParams(Schema.Struct(PatternQuery.PatternFilterFields))
      .setPayload(Bodies.UpdatePatternsBody)
      .addSuccess(Schema.Void, { status: 204 })
      .addError(Conflict)
  )
  .add(
    HttpApiEndpoint.get("getRepositoryToolPattern", `${repositoryPath}/tools/:toolUuid/patterns/:patternId`)
      .setPath(PatternParams)
      .addSuccess(Schema.Struct({ data: Pattern.ConfiguredPattern }))
  )
  .pipe(ApiErrors.writes)
  .middleware(Authentication)
{}
