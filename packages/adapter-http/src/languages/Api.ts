import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { LanguageSettings, LanguageTools, MeasureTools } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { plainRepositoryPath, RepositoryParams } from "../ApiParams.js"
import { Authentication } from "../Authentication.js"
import { BadRequest, Conflict, InternalServerError, UnprocessableEntity } from "../HttpErrors.js"

/**
 * Languages: a repository's language settings (which languages are analysed, the extensions each
 * adds), and the languages Tidemark analyses with the tools for them. The original API answers the
 * settings without the `{data}` envelope, under `languages` and `languagesExtensions`.
 */

const settingsPath = `${plainRepositoryPath}/settings`

export class RepositoryLanguagesGroup extends HttpApiGroup.make("repositoryLanguages")
  .add(
    HttpApiEndpoint.get("getRepositoryLanguages", `${settingsPath}/languages`)
      .setPath(RepositoryParams)
      .addSuccess(Schema.Struct({ languages: Schema.Array(LanguageSettings.RepositoryLanguage) }))
  )
  .add(
    HttpApiEndpoint.patch("patchRepositoryLanguageResponseSettings", `${settingsPath}/languages`)
      .setPath(RepositoryParams)
      .setPayload(LanguageSettings.RepositoryLanguagesBody)
      .addSuccess(Schema.Void, { status: 204 })
  )
  .add(
    HttpApiEndpoint.get("getFileExtensionsSettings", `${settingsPath}/file-extensions`)
      .setPath(RepositoryParams)
      .addSuccess(Schema.Struct({ languagesExtensions: Schema.Array(LanguageSettings.FileExtensions) }))
      .annotate(OpenApi.Deprecated, true)
  )
  .add(
    HttpApiEndpoint.patch("patchFileExtensionsSettings", `${settingsPath}/file-extensions`)
      .setPath(RepositoryParams)
      .setPayload(LanguageSettings.FileExtensionsBody)
      .addSuccess(Schema.Void, { status: 204 })
      .annotate(OpenApi.Deprecated, true)
  )
  // Forbidden: a read token asking for a change; Conflict: an extension two languages would claim.
  .pipe(ApiErrors.writes)
  .addError(Conflict)
  .middleware(Authentication)
{}

/**
 * Open to anyone (`security: []` in the original API). Each declares the errors the original
 * documents for it: the duplication and metrics lists have no 400.
 */
export class LanguageToolsGroup extends HttpApiGroup.make("languageTools")
  .add(
    HttpApiEndpoint.get("listLanguagesWithTools", "/languages/tools")
      .addSuccess(Schema.Struct({ data: Schema.Array(LanguageTools.LanguageFileExtension) }))
      .addError(BadRequest)
      .addError(UnprocessableEntity)
      .addError(InternalServerError)
  )
  .add(
    HttpApiEndpoint.get("listDuplicationTools", "/duplicationTools")
      .addSuccess(Schema.Struct({ data: Schema.Array(MeasureTools.DuplicationTool) }))
      .addError(UnprocessableEntity)
      .addError(InternalServerError)
  )
  .add(
    HttpApiEndpoint.get("listMetricsTools", "/metricsTools")
      .addSuccess(Schema.Struct({ data: Schema.Array(MeasureTools.MetricsTool) }))
      .addError(UnprocessableEntity)
      .addError(InternalServerError)
  )
{}
