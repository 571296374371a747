import type { Pattern } from "@tidemark/core"
import { Predicate, type Schema } from "effect"
import {
  flatten,
  isSchema,
  type JsonSchema,
  optionPositions,
  optionsSchema,
  properties,
  resolve,
  stringChoices
} from "../src/RuleOptionSchema.js"
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
export type Parameter = Schema.Schema.Encoded<typeof Pattern.PatternParameterDefinition>

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
  const root = optionsSchema(module.meta.schema)
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
