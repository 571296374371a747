import type { PatternParameterDefinition } from "@tidemark/core"
import { Predicate, type Schema } from "effect"
import type { RuleModule } from "./RuleMetadata.js"

/**
 * A rule's parameters, read from the JSON schema of its options (`meta.schema`):
 * - every property of an object option becomes a parameter named after the property;
 * - a leading option that is a choice of strings (`"always" | "never"`) becomes `unnamedParam`.
 * Options that are neither (a bare number, a list of names) give no parameter; shapes this
 * reader does not know give none rather than a guess.
 *
 * Parameter values are strings in the API: a string default is kept as it is (`always`), any
 * other default is written as JSON (`false`, `20`, `["foo"]`); no default known gives `""`.
 */
export type Parameter = Schema.Schema.Encoded<typeof PatternParameterDefinition>

type JsonSchema = { readonly [key: string]: unknown }

const isSchema = (u: unknown): u is JsonSchema => Predicate.isRecord(u) && !Array.isArray(u)

/** Nesting deeper than this (or a `$ref` cycle) is not followed. */
const maxDepth = 8

/** Follows a local `$ref` (`#/definitions/x`, `#/$defs/x`, `#/items/0`) inside the rule's schema. */
const resolve = (root: JsonSchema, schema: JsonSchema, depth = 0): JsonSchema => {
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
const flatten = (root: JsonSchema, schema: JsonSchema, depth = 0): ReadonlyArray<JsonSchema> => {
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
const optionPositions = (root: JsonSchema): ReadonlyArray<ReadonlyArray<JsonSchema>> => {
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

const stringChoices = (schema: JsonSchema): ReadonlyArray<string> => {
  const values = schema["enum"]
  if (Array.isArray(values) && values.length > 0 && values.every(Predicate.isString)) return values
  const constant = schema["const"]
  return typeof constant === "string" ? [constant] : []
}

const properties = (schema: JsonSchema): ReadonlyArray<readonly [string, JsonSchema]> => {
  const props = schema["properties"]
  if (!isSchema(props)) return []
  return Object.entries(props).flatMap(([name, prop]) => (isSchema(prop) ? [[name, prop] as const] : []))
}

const typeLabel = (root: JsonSchema, schema: JsonSchema): string => {
  const labels = flatten(root, schema).map((candidate) => {
    const choices = stringChoices(candidate)
    if (choices.length > 0) return `enum option: ${choices.join(" | ")}`
    const type = candidate["type"]
    if (typeof type === "string") return `${type} option`
    if (Array.isArray(type) && type.every(Predicate.isString)) return `${type.join(" or ")} option`
    return "option"
  })
  return [...new Set(labels)].join(" or ")
}

const describe = (root: JsonSchema, schema: JsonSchema): string => {
  const description = schema["description"]
  return typeof description === "string" && description.trim() !== "" ? description.trim() : typeLabel(root, schema)
}

const asParameterValue = (value: unknown): string =>
  value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value)

const unnamedParam = (
  root: JsonSchema,
  candidates: ReadonlyArray<JsonSchema>,
  configuredDefault: unknown
): ReadonlyArray<Parameter> => {
  const choices = [...new Set(candidates.flatMap(stringChoices))]
  const first = choices[0]
  if (first === undefined) return []
  const fallback = candidates.map((candidate) => candidate["default"]).find(Predicate.isString) ?? first
  return [
    {
      name: "unnamedParam",
      description: typeLabel(root, { enum: choices }),
      default: typeof configuredDefault === "string" ? configuredDefault : fallback
    }
  ]
}

const propertyParams = (
  root: JsonSchema,
  candidates: ReadonlyArray<JsonSchema>,
  configuredDefault: unknown
): ReadonlyArray<Parameter> =>
  candidates.flatMap((candidate) =>
    properties(candidate).map(([name, prop]) => {
      const resolved = resolve(root, prop)
      const configured = isSchema(configuredDefault) ? configuredDefault[name] : undefined
      return {
        name,
        description: describe(root, resolved),
        default: asParameterValue(configured !== undefined ? configured : resolved["default"])
      }
    })
  )

export const ruleParameters = (module: RuleModule): ReadonlyArray<Parameter> => {
  const schema = module.meta.schema
  const root: JsonSchema | undefined = Array.isArray(schema) ? { type: "array", items: schema } : isSchema(schema) ? schema : undefined
  if (root === undefined) return []
  const defaults = module.meta.defaultOptions ?? module.defaultOptions ?? []
  const parameters = optionPositions(root).flatMap((candidates, index) => [
    ...(index === 0 ? unnamedParam(root, candidates, defaults[index]) : []),
    ...propertyParams(root, candidates, defaults[index])
  ])
  const seen = new Set<string>()
  return parameters.filter((parameter) => {
    if (seen.has(parameter.name)) return false
    seen.add(parameter.name)
    return true
  })
}
