import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { OptionalAuthentication } from "../Authentication.js"

export class VersionGroup extends HttpApiGroup.make("version")
  .add(
    HttpApiEndpoint.get("getVersion", "/version")
      .addSuccess(Schema.Struct({ data: Schema.String }))
      .annotate(OpenApi.Description, "Version of the installation; needs no token (a token sent must be valid).")
  )
  // A query holding a NUL character is refused before any operation (a path, query or body that cannot be stored).
  .pipe(ApiErrors.anonymous)
  .middleware(OptionalAuthentication)
{}
