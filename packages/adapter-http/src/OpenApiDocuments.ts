import { HttpApiBuilder, HttpServerResponse, OpenApi } from "@effect/platform"
import { Effect } from "effect"
import { AnalysisApi } from "./AnalysisApi.js"
import { IngestionApi } from "./IngestionApi.js"

type Json = Record<string, unknown>
const isRecord = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)

const decodeErrorRef = "#/components/schemas/HttpApiDecodeError"

/**
 * The framework documents its own decode error under 400; the error mapping answers every decode
 * failure with the spec's BadRequest body instead, so the documents must not promise the former.
 */
export const withoutDecodeError = (spec: Json): Json => {
  for (const item of Object.values(isRecord(spec.paths) ? spec.paths : {})) {
    for (const operation of Object.values(isRecord(item) ? item : {})) {
      const responses = isRecord(operation) && isRecord(operation.responses) ? operation.responses : undefined
      const badRequest = responses?.["400"]
      const content = isRecord(badRequest) && isRecord(badRequest.content) ? badRequest.content["application/json"] : undefined
      if (responses === undefined || !isRecord(content) || !isRecord(content.schema)) continue
      const schema = content.schema
      const members = (Array.isArray(schema.anyOf) ? schema.anyOf : [schema])
        .filter((member: unknown) => !(isRecord(member) && member.$ref === decodeErrorRef))
      if (members.length === 0) delete responses["400"]
      else content.schema = members.length === 1 ? members[0] : { anyOf: members }
    }
  }
  if (isRecord(spec.components) && isRecord(spec.components.schemas)) {
    for (const name of ["HttpApiDecodeError", "Issue", "PropertyKey"]) delete spec.components.schemas[name]
  }
  return spec
}

/** The generated document as plain JSON, so it can be edited without the generator's types. */
const asJson = (spec: OpenApi.OpenAPISpec): Json => {
  const json: unknown = JSON.parse(JSON.stringify(spec))
  return isRecord(json) ? json : {}
}

/** Each API's OpenAPI document, generated from the same definitions that serve it. */
export const openApiRoutes = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const analysis = yield* HttpServerResponse.json(withoutDecodeError(asJson(OpenApi.fromApi(AnalysisApi)))).pipe(Effect.orDie)
    const ingestion = yield* HttpServerResponse.json(withoutDecodeError(asJson(OpenApi.fromApi(IngestionApi)))).pipe(Effect.orDie)
    yield* router.get("/api/v3/openapi.json", Effect.succeed(analysis))
    yield* router.get("/v1/openapi.json", Effect.succeed(ingestion))
  })
)
