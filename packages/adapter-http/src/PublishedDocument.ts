import { HttpApi, OpenApi } from "@effect/platform"
import { OptionalAuthentication } from "./Authentication.js"

/**
 * The OpenAPI document a client is generated from, made from an API's definitions by Effect's
 * generator, then brought to what a client of the original service expects of it: the spec's
 * operation names, the error bodies the server really sends, which credentials are optional or
 * required, and the event union as the discriminated union it is.
 */

type Json = Record<string, unknown>
const isRecord = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)
const recordsOf = (u: unknown): ReadonlyArray<Json> => (isRecord(u) ? Object.values(u).filter(isRecord) : [])

const operationsOf = (spec: Json): ReadonlyArray<Json> => recordsOf(spec.paths).flatMap(recordsOf)

const decodeErrorRef = "#/components/schemas/HttpApiDecodeError"

/**
 * The framework documents its own decode error under 400; the error mapping answers every decode
 * failure with the spec's BadRequest body instead, so the documents must not promise the former.
 */
export const withoutDecodeError = (spec: Json): Json => {
  for (const operation of operationsOf(spec)) {
    const responses = isRecord(operation.responses) ? operation.responses : undefined
    const badRequest = responses?.["400"]
    const content = isRecord(badRequest) && isRecord(badRequest.content) ? badRequest.content["application/json"] : undefined
    if (responses === undefined || !isRecord(content) || !isRecord(content.schema)) continue
    const schema = content.schema
    const members = (Array.isArray(schema.anyOf) ? schema.anyOf : [schema])
      .filter((member: unknown) => !(isRecord(member) && member.$ref === decodeErrorRef))
    if (members.length === 0) delete responses["400"]
    else content.schema = members.length === 1 ? members[0] : { anyOf: members }
  }
  if (isRecord(spec.components) && isRecord(spec.components.schemas)) {
    for (const name of ["HttpApiDecodeError", "Issue", "PropertyKey"]) delete spec.components.schemas[name]
  }
  return spec
}

/** The generator names an operation `group.endpoint`; the spec, and clients generated from it, name it `endpoint`. */
const plainOperationIds = (spec: Json): void => {
  for (const operation of operationsOf(spec)) {
    if (typeof operation.operationId === "string") operation.operationId = operation.operationId.split(".").at(-1)
  }
}

/** `group.endpoint` of the operations whose token is optional (OptionalAuthentication). */
const optionalOperations = (api: HttpApi.HttpApi.Any): ReadonlySet<string> => {
  const ids = new Set<string>()
  HttpApi.reflect(api as HttpApi.HttpApi.AnyWithProps, {
    onGroup: () => {},
    onEndpoint: ({ endpoint, group, middleware }) => {
      if ([...middleware].some((tag) => tag.key === OptionalAuthentication.key)) ids.add(`${group.identifier}.${endpoint.name}`)
    }
  })
  return ids
}

/** OpenAPI's way of saying "this token, or none": an empty requirement among the alternatives. */
const optionalSecurity = (spec: Json, optional: ReadonlySet<string>): void => {
  for (const operation of operationsOf(spec)) {
    if (typeof operation.operationId === "string" && optional.has(operation.operationId) && Array.isArray(operation.security)) {
      operation.security = [{}, ...operation.security]
    }
  }
}

/**
 * A required key read from the query string (the ingestion API's `api_key`) is a parameter the
 * spec lists as required: declared so, beside the security scheme that says what it is.
 */
const requiredQueryKeys = (spec: Json): void => {
  const schemes = isRecord(spec.components) && isRecord(spec.components.securitySchemes) ? spec.components.securitySchemes : {}
  for (const operation of operationsOf(spec)) {
    const security = Array.isArray(operation.security) ? operation.security.filter(isRecord) : []
    // With an empty alternative the key is optional: not a required parameter.
    if (security.length !== 1) continue
    const parameters = Array.isArray(operation.parameters) ? operation.parameters.filter(isRecord) : []
    for (const name of Object.keys(security[0] ?? {})) {
      const scheme = schemes[name]
      if (!isRecord(scheme) || scheme.type !== "apiKey" || scheme.in !== "query" || typeof scheme.name !== "string") continue
      if (parameters.some((p) => p.name === scheme.name && p.in === "query")) continue
      parameters.unshift({ name: scheme.name, in: "query", required: true, schema: { type: "string" }, description: "The credential (URL-encoded)" })
    }
    operation.parameters = parameters
  }
}

const componentOf = (spec: Json, ref: string): Json | undefined => {
  const name = ref.startsWith("#/components/schemas/") ? ref.slice("#/components/schemas/".length) : undefined
  const schemas = isRecord(spec.components) && isRecord(spec.components.schemas) ? spec.components.schemas : {}
  const component = name === undefined ? undefined : schemas[name]
  return isRecord(component) ? component : undefined
}

/** The members of nested `anyOf`s, flattened (the generator nests a union of unions). */
const flatMembers = (schema: Json): ReadonlyArray<Json> =>
  Array.isArray(schema.anyOf) ? schema.anyOf.filter(isRecord).flatMap(flatMembers) : [schema]

/** The one value a component's `$type` may take, if it has such a property. */
const typeTagOf = (component: Json | undefined): string | undefined => {
  const properties = isRecord(component?.properties) ? component.properties : {}
  const tag = properties["$type"]
  return isRecord(tag) && Array.isArray(tag.enum) && tag.enum.length === 1 && typeof tag.enum[0] === "string" ? tag.enum[0] : undefined
}

/**
 * A union whose members are components each fixing `$type` (the ingestion events) is one of them,
 * chosen by `$type`: `oneOf` with a discriminator, so generated clients make a tagged union.
 */
const discriminatedUnions = (spec: Json): void => {
  for (const operation of operationsOf(spec)) {
    const body = isRecord(operation.requestBody) && isRecord(operation.requestBody.content) ? operation.requestBody.content["application/json"] : undefined
    if (!isRecord(body) || !isRecord(body.schema) || !Array.isArray(body.schema.anyOf)) continue
    const members = flatMembers(body.schema)
    const mapping = members.map((member) =>
      typeof member.$ref === "string" ? [typeTagOf(componentOf(spec, member.$ref)), member.$ref] as const : [undefined, ""] as const
    )
    if (mapping.some(([tag]) => tag === undefined)) continue
    body.schema = { oneOf: members, discriminator: { propertyName: "$type", mapping: Object.fromEntries(mapping) } }
  }
}

const asJson = (spec: OpenApi.OpenAPISpec): Json => {
  const json: unknown = JSON.parse(JSON.stringify(spec))
  return isRecord(json) ? json : {}
}

/** The document published for `api` (and, in the tests, for the admin surface). */
export const publishedDocument = (api: HttpApi.HttpApi.Any): Json => {
  const spec = withoutDecodeError(asJson(OpenApi.fromApi(api as HttpApi.HttpApi.AnyWithProps)))
  optionalSecurity(spec, optionalOperations(api))
  requiredQueryKeys(spec)
  discriminatedUnions(spec)
  plainOperationIds(spec)
  return spec
}
