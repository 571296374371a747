import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { ToolInstallation } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { Authentication } from "../Authentication.js"

/**
 * Our extension: what this installation can run. The catalogue (listTools) lists every tool there
 * is, open to anyone; which of them this server has installed, and which program versions, is
 * told only to a signed-in caller, since it tells an attacker which analysers' flaws to aim at.
 */
export class InstallationGroup extends HttpApiGroup.make("installation")
  .add(
    HttpApiEndpoint.get("listToolInstallations", "/installation/tools")
      .addSuccess(Schema.Struct({ data: Schema.Array(ToolInstallation.ToolInstallation) }))
      .annotate(
        OpenApi.Description,
        "Each catalogue tool, in the catalogue's order (by uuid): whether this server can run it, the version that runs, and otherwise why not and what to install."
      )
  )
  .pipe(ApiErrors.account)
  .middleware(Authentication)
{}
