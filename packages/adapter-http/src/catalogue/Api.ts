import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { CatalogueViews, Pagination, Pattern, PatternQuery } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { PageParams } from "../ApiParams.js"
import { NotFound } from "../HttpErrors.js"

/** The tool catalogue: every tool and pattern there is. It asks no token (`security: []` in the original API). */
export class CatalogueGroup extends HttpApiGroup.make("catalogue")
  .add(
    HttpApiEndpoint.get("listTools", "/tools")
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(Schema.Struct({ data: Schema.Array(CatalogueViews.CatalogueTool), pagination: Schema.optional(Pagination.Pagination) }))
  )
  .add(
    HttpApiEndpoint.get("listPatterns", "/tools/:toolUuid/patterns")
      .setPath(Schema.Struct({ toolUuid: Schema.String }))
      .setUrlParams(Schema.Struct({ ...PageParams, enabled: Schema.optional(PatternQuery.QueryBoolean) }))
      .addSuccess(Schema.Struct({ data: Schema.Array(Pattern.PatternDefinition), pagination: Schema.optional(Pagination.Pagination) }))
      .addError(NotFound)
  )
  .add(
    HttpApiEndpoint.get("getPattern", "/tools/:toolUuid/patterns/:patternId")
      .setPath(Schema.Struct({ toolUuid: Schema.String, patternId: Schema.String }))
      .addSuccess(Schema.Struct({ data: Pattern.PatternDefinition }))
      .addError(NotFound)
  )
  .pipe(ApiErrors.anonymous)
{}
