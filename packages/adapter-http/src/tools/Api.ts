import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Bodies, Tool } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { repositoryPath, RepositoryParams } from "../ApiParams.js"
import { Authentication, OptionalAuthentication } from "../Authentication.js"
import { Conflict, Forbidden } from "../HttpErrors.js"

/** A repository's tools: which analyse it, which conflict, and switching one on or off. */

export const ToolParams = Schema.Struct({ ...RepositoryParams.fields, toolUuid: Schema.String })

export class ToolsGroup extends HttpApiGroup.make("tools")
  .add(
    HttpApiEndpoint.get("listRepositoryTools", `${repositoryPath}/tools`)
      .setPath(RepositoryParams)
      .addSuccess(Schema.Struct({ data: Schema.Array(Tool.Tool) }))
      .annotate(OpenApi.Description, "Public repositories need no token.")
      .middleware(OptionalAuthentication)
  )
  .add(
    HttpApiEndpoint.get("listRepositoryToolConflicts", `${repositoryPath}/tools/conflicts`)
      .setPath(RepositoryParams)
      .addSuccess(Schema.Struct({ data: Schema.Array(Schema.String) }))
      .middleware(Authentication)
  )
  .add(
    HttpApiEndpoint.patch("configureTool", `${repositoryPath}/tools/:toolUuid`)
      .setPath(ToolParams)
      .setPayload(Bodies.ConfigureToolBody)
      .addSuccess(Schema.Void, { status: 204 })
      .addError(Forbidden)
      .addError(Conflict)
      .middleware(Authentication)
  )
  .pipe(ApiErrors.reads)
{}
