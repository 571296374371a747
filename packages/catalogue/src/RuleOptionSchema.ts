import { Predicate } from "effect"

/**
 * Reading an ESLint rule's option schema (`meta.schema`, a JSON schema of the rule's options).
 * The catalogue generator derives a rule's parameters with it, and the linter puts parameter
 * values back into ESLint options with it: both must read a schema the same way (same depth
 * limit, same `$ref`, `anyOf`, `oneOf` and tuple handling) for a parameter to land where the
 * catalogue found it, so this is the one reader.
 */
export type JsonSchema = { readonly [key: string]: unknown }

export const isSchema = (u: unknown): u is JsonSchema => Predicate.isRecord(u) && !Array.isArray(u)

/** Nesting deeper than this (or a `$ref` cycle) is not followed. */
const maxDepth = 8

/**
 * A rule's `meta.schema` as one schema: an array is ESLint's shorthand for the tuple of the
 * rule's options; anything else that is not a schema declares no options.
 */
export const optionsSchema = (schema: unknown): JsonSchema | undefined =>
  Array.isArray(schema) ? { type: "array", items: schema } : isSchema(schema) ? schema : undefined

/** Follows a local `$ref` (`#/definitions/x`, `#/$defs/x`, `#/items/0`) inside the rule's schema. */
export const resolve = (root: JsonSchema, schema: JsonSchema, depth = 0): JsonSchema => {
  const ref = schema["$ref"]
  if (typeof ref !== "string" || !ref.startsWith("#/") || depth > maxDepth) return schema
  const target = ref
    .slice(2)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>(
      (node, key) => (Array.isArray(node) ? node[Number(key)] : isSchema(node) ? node[key] : undefined),
      root
    )
  return isSchema(target) ? resolve(root, target, depth + 1) : schema
}

const alternatives = (root: JsonSchema, schema: JsonSchema): ReadonlyArray<JsonSchema> =>
  [schema["anyOf"], schema["oneOf"]]
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .filter(isSchema)
    .map((alternative) => resolve(root, alternative))

/** A schema with its `anyOf`/`oneOf` alternatives spread out. */
export const flatten = (root: JsonSchema, schema: JsonSchema, depth = 0): ReadonlyArray<JsonSchema> => {
  const resolved = resolve(root, schema)
  const choices = alternatives(root, resolved)
  if (choices.length === 0 || depth > maxDepth) return [resolved]
  return choices.flatMap((choice) => flatten(root, choice, depth + 1))
}

const tupleItems = (schema: JsonSchema): ReadonlyArray<unknown> | undefined => {
  const items = schema["items"]
  return Array.isArray(items) ? items : undefined
}

/**
 * The candidate schemas of each option position. A rule's options are a tuple (`[mode, {..}]`)
 * or a choice of tuples (eqeqeq: `["always", {null}]` or `["smart"]`); the tuples of a choice are
 * merged position by position.
 */
export const optionPositions = (root: JsonSchema): ReadonlyArray<ReadonlyArray<JsonSchema>> => {
  const direct = tupleItems(root)
  const tuples: ReadonlyArray<ReadonlyArray<unknown>> =
    direct !== undefined ? [direct] : alternatives(root, root).flatMap((alt) => {
          const items = tupleItems(alt)
          return items !== undefined ? [items] : []
        })
  const positions: Array<Array<JsonSchema>> = []
  for (const tuple of tuples) {
    tuple.forEach((item, index) => {
      if (!isSchema(item)) return
      const candidates = flatten(root, item)
      const existing = positions[index]
      if (existing === undefined) positions[index] = [...candidates]
      else existing.push(...candidates)
    })
  }
  return positions
}

/** The strings a schema allows when it is a choice of strings (`enum` or `const`); none otherwise. */
export const stringChoices = (schema: JsonSchema): ReadonlyArray<string> => {
  const values = schema["enum"]
  if (Array.isArray(values) && values.length > 0 && values.every(Predicate.isString)) return values
  const constant = schema["const"]
  return typeof constant === "string" ? [constant] : []
}

/** An object schema's declared properties, in declaration order (unresolved: `$ref`s are kept). */
export const properties = (schema: JsonSchema): ReadonlyArray<readonly [string, JsonSchema]> => {
  const props = schema["properties"]
  if (!isSchema(props)) return []
  return Object.entries(props).flatMap(([name, prop]) => (isSchema(prop) ? [[name, prop] as const] : []))
}
