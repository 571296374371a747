import type { ISpectralDiagnostic } from "@stoplight/spectral-core"
import { Predicate } from "effect"

/**
 * What Spectral reports of a document that the specification, or the way multi-file
 * specifications are written, allows: measured on real specifications (docs/real-repositories.md,
 * "API documents"), each is a finding no team would act on, and none is kept.
 */

// The rules that validate the document against the specification's schema, before any `$ref` is resolved.
const schemaRules: ReadonlySet<string> = new Set(["oas2-schema", "oas3-schema", "asyncapi-schema", "asyncapi-3-document-unresolved"])

/**
 * Whether a schema rule's finding is about a `$ref` itself, where the specification allows none
 * (an operation or a description written as `$ref: ./operations/get.yml`): multi-file documents
 * are written so, and their bundlers put what the `$ref` names in its place. What it names is
 * linted by the other rules, which read the resolved document.
 */
const aboutReference = (data: unknown, diagnostic: ISpectralDiagnostic): boolean => {
  if (!schemaRules.has(String(diagnostic.code))) return false
  let node = data
  for (const segment of diagnostic.path) {
    if (Predicate.isRecord(node) && "$ref" in node) return true
    if (segment === "$ref") return true
    node = Predicate.isRecord(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[segment] : undefined
  }
  return Predicate.isRecord(node) && "$ref" in node
}

/**
 * Whether the finding is a scope listed for a scheme that is not OAuth 2 (`bearer_auth:
 * [droplet:read]`): OpenAPI 3.1 calls these role names and allows them, 3.0 asked for an empty
 * list, and APIs whose tokens carry scopes write them so in both. A scope an OAuth 2 scheme's
 * flows do not declare is still reported.
 */
const roleOfPlainScheme = (data: unknown, diagnostic: ISpectralDiagnostic): boolean => {
  if (diagnostic.code !== "oas3-operation-security-defined" || !diagnostic.message.endsWith("must be listed among scopes.")) return false
  const scheme = diagnostic.path[diagnostic.path.length - 2]
  const components = Predicate.isRecord(data) ? data["components"] : undefined
  const schemes = Predicate.isRecord(components) ? components["securitySchemes"] : undefined
  const definition = Predicate.isRecord(schemes) && scheme !== undefined ? schemes[scheme] : undefined
  return Predicate.isRecord(definition) && typeof definition["type"] === "string" && definition["type"] !== "oauth2"
}

const recordAt = (value: unknown, key: string): Record<string, unknown> | undefined => {
  const found = Predicate.isRecord(value) ? value[key] : undefined
  return Predicate.isRecord(found) && !Array.isArray(found) ? found : undefined
}

// A document's findings are filtered one by one: its mappings are gathered once.
const mappedOf = new WeakMap<object, ReadonlySet<string>>()

/** Every schema a discriminator's `mapping` names, by pointer or by name, anywhere in the document. */
const mappedSchemas = (data: unknown): ReadonlySet<string> => {
  const known = Predicate.isObject(data) ? mappedOf.get(data) : undefined
  if (known !== undefined) return known
  const names = new Set<string>()
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (!Predicate.isRecord(node)) return
    const mapping = recordAt(recordAt(node, "discriminator"), "mapping")
    for (const target of Object.values(mapping ?? {})) {
      if (typeof target === "string") names.add(target.replace(/^#\/components\/schemas\//, ""))
    }
    Object.values(node).forEach(visit)
  }
  visit(data)
  if (Predicate.isObject(data)) mappedOf.set(data, names)
  return names
}

/**
 * Whether an "unused" schema is a subtype a discriminator reaches: named by a `mapping`, or
 * extending (`allOf`) a schema with a discriminator, whose values name their subtypes. Spectral
 * counts only `$ref`s, and polymorphic APIs reach their subtypes so.
 */
const subtypeOfDiscriminator = (data: unknown, diagnostic: ISpectralDiagnostic): boolean => {
  const [components, kind, name] = diagnostic.path
  if (diagnostic.code !== "oas3-unused-component" || components !== "components" || kind !== "schemas" || typeof name !== "string") return false
  if (mappedSchemas(data).has(name)) return true
  const schemas = recordAt(recordAt(data, "components"), "schemas")
  // Up the `allOf` chain (a Terrier extends a Dog that extends a Pet with the discriminator), a few levels at most.
  const reachesDiscriminator = (schema: string, depth: number): boolean => {
    const parts = recordAt(schemas, schema)?.["allOf"]
    return depth < 8 && Array.isArray(parts) && parts.some((part) => {
      const ref = Predicate.isRecord(part) ? part["$ref"] : undefined
      if (typeof ref !== "string" || !ref.startsWith("#/components/schemas/")) return false
      const base = ref.slice("#/components/schemas/".length)
      return recordAt(schemas, base)?.["discriminator"] !== undefined || reachesDiscriminator(base, depth + 1)
    })
  }
  return reachesDiscriminator(name, 0)
}

const nodeAt = (data: unknown, path: ReadonlyArray<string | number>): unknown =>
  path.reduce<unknown>((node, segment) => (Predicate.isRecord(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[segment] : undefined), data)

/**
 * A deprecated operation without a success response: one that is retired, and answers 410 Gone
 * by design. `dataOf` gives the data of the file the finding is in (its path is that file's).
 */
const retired = (dataOf: (source: string | undefined) => unknown, diagnostic: ISpectralDiagnostic): boolean => {
  if (diagnostic.code !== "operation-success-response" || diagnostic.path[diagnostic.path.length - 1] !== "responses") return false
  const operation = nodeAt(dataOf(diagnostic.source), diagnostic.path.slice(0, -1))
  return Predicate.isRecord(operation) && operation["deprecated"] === true
}

/**
 * Whether a diagnostic is one of the above. `data` is the document as written (no `$ref`
 * resolved); `dataOf` gives the data of the file a diagnostic is in, by its source.
 */
export const misread = (data: unknown, dataOf: (source: string | undefined) => unknown, diagnostic: ISpectralDiagnostic): boolean =>
  aboutReference(data, diagnostic) || roleOfPlainScheme(data, diagnostic) || subtypeOfDiscriminator(data, diagnostic) || retired(dataOf, diagnostic)
