// A subpath, not the package: the package decodes the whole catalogue, which an analysis thread never reads.
import * as RuleOptionSchema from "@tidemark/catalogue/RuleOptionSchema"
import { Either, Predicate, Schema } from "effect"

/**
 * A rule's ESLint options from a pattern's parameters: the inverse of how the catalogue derived
 * the parameters from the rule's option schema (packages/catalogue/scripts/RuleParameters.ts),
 * read with the catalogue's own reader (`RuleOptionSchema`) so that each parameter lands where the
 * catalogue found it:
 * - `unnamedParam` is the leading string choice (`"always"`, `"smart"`);
 * - any other name is a property of an object option, at the first position whose schema
 *   declares it;
 * - positions before the last one set are filled (ESLint options are positional): with the
 *   catalogue's default for `unnamedParam`, the rule's default options, or `{}`.
 * Values are strings in the API; each is read as the property's schema types it (`"3"` → 3 for an
 * integer, `"true"` → true, `["a"]` as JSON), and kept a string where a string is allowed.
 * An empty value is "not set" (the catalogue's default for an unknown default), so the rule's own
 * default applies.
 */

/** The part of a rule module that says what options it takes; every other property is let through unread. */
export const RuleOptionsMetadata = Schema.Struct({
  meta: Schema.Struct({
    schema: Schema.optional(Schema.Unknown),
    defaultOptions: Schema.optional(Schema.Array(Schema.Unknown)),
    docs: Schema.optional(Schema.Struct({ requiresTypeChecking: Schema.optional(Schema.Boolean) }))
  }),
  /** typescript-eslint keeps defaults on the rule itself rather than in `meta`. */
  defaultOptions: Schema.optional(Schema.Array(Schema.Unknown))
})
export type RuleOptionsMetadata = typeof RuleOptionsMetadata.Type

export interface ParameterValue {
  readonly name: string
  readonly value: string
}

type JsonSchema = RuleOptionSchema.JsonSchema

/** Where a named parameter goes: an option position and the property's schema. */
interface PropertySlot {
  readonly position: number
  readonly schema: JsonSchema
}

const propertySlots = (root: JsonSchema, positions: ReadonlyArray<ReadonlyArray<JsonSchema>>): ReadonlyMap<string, PropertySlot> => {
  const slots = new Map<string, PropertySlot>()
  positions.forEach((candidates, position) => {
    for (const candidate of candidates) {
      for (const [name, prop] of RuleOptionSchema.properties(candidate)) {
        // The first position that declares a name wins, as in the catalogue's de-duplication.
        if (!slots.has(name)) slots.set(name, { position, schema: RuleOptionSchema.resolve(root, prop) })
      }
    }
  })
  return slots
}

/** The leading string choice's default, as the catalogue computed `unnamedParam`'s. */
const unnamedDefault = (candidates: ReadonlyArray<JsonSchema>, configuredDefault: unknown): string | undefined => {
  const first = candidates.flatMap(RuleOptionSchema.stringChoices)[0]
  if (first === undefined) return undefined
  if (typeof configuredDefault === "string") return configuredDefault
  return candidates.map((candidate) => candidate["default"]).find(Predicate.isString) ?? first
}

const kinds = ["string", "number", "integer", "boolean", "array", "object", "null"] as const
type Kind = (typeof kinds)[number]
const isKind = (name: unknown): name is Kind => kinds.some((kind) => kind === name)

const kindOf = (value: unknown): ReadonlyArray<Kind> =>
  typeof value === "string" ? ["string"]
  : typeof value === "boolean" ? ["boolean"]
  : typeof value === "number" ? (Number.isInteger(value) ? ["number", "integer"] : ["number"])
  : value === null ? ["null"]
  : Array.isArray(value) ? ["array"]
  : Predicate.isRecord(value) ? ["object"]
  : []

/** The kinds of value a schema allows; `undefined` when it does not say. */
const allowedKinds = (root: JsonSchema, schema: JsonSchema): ReadonlySet<Kind> | undefined => {
  const allowed = new Set<Kind>()
  let unconstrained = false
  for (const candidate of RuleOptionSchema.flatten(root, schema)) {
    const type = candidate["type"]
    const values = candidate["enum"]
    const types = (Array.isArray(type) ? type : [type]).filter(isKind)
    for (const kind of types) allowed.add(kind)
    if (Array.isArray(values)) for (const value of values) for (const kind of kindOf(value)) allowed.add(kind)
    if ("const" in candidate) for (const kind of kindOf(candidate["const"])) allowed.add(kind)
    if (types.length === 0 && !Array.isArray(values) && !("const" in candidate)) unconstrained = true
  }
  return unconstrained ? undefined : allowed
}

const parseJson = (text: string): Either.Either<unknown, unknown> => Either.try(() => JSON.parse(text) as unknown)

const valueFor = (root: JsonSchema, schema: JsonSchema, text: string): unknown => {
  const allowed = allowedKinds(root, schema)
  const parsed = parseJson(text)
  if (Either.isRight(parsed)) {
    const parsedKinds = kindOf(parsed.right)
    const fits = parsedKinds.some((kind) => kind !== "string" && (allowed === undefined || allowed.has(kind)))
    if (fits) return parsed.right
  }
  // A value that fits no declared kind is passed as written: ESLint's validation then says why.
  return text
}

/** An option position that holds an object (a candidate with properties, or typed `object`). */
const takesObject = (candidates: ReadonlyArray<JsonSchema>): boolean =>
  candidates.some((candidate) => candidate["type"] === "object" || RuleOptionSchema.isSchema(candidate["properties"]))

/**
 * The options to give after the severity (`["error", ...options]`). Fails with a reason when an
 * earlier position must be filled and nothing says with what.
 */
export const ruleOptions = (
  metadata: RuleOptionsMetadata,
  parameters: ReadonlyArray<ParameterValue>
): Either.Either<ReadonlyArray<unknown>, string> => {
  const root = RuleOptionSchema.optionsSchema(metadata.meta.schema)
  const set = parameters.filter((parameter) => parameter.value !== "")
  if (root === undefined || set.length === 0) return Either.right([])
  const defaults = metadata.meta.defaultOptions ?? metadata.defaultOptions ?? []
  const positions = RuleOptionSchema.optionPositions(root)
  const slots = propertySlots(root, positions)

  const objects = new Map<number, Record<string, unknown>>()
  let unnamed: string | undefined
  for (const { name, value } of set) {
    const slot = slots.get(name)
    if (name === "unnamedParam" && unnamedDefault(positions[0] ?? [], defaults[0]) !== undefined) unnamed = value
    else if (slot !== undefined) {
      objects.set(slot.position, { ...objects.get(slot.position), [name]: valueFor(root, slot.schema, value) })
    }
    // A name the rule's schema does not declare comes from a catalogue of another version of the
    // rule; it is left out rather than failing the rule, whose other parameters still apply.
  }

  const last = Math.max(unnamed !== undefined ? 0 : -1, ...objects.keys())
  const options: Array<unknown> = []
  for (let position = 0; position <= last; position++) {
    const candidates = positions[position] ?? []
    const object = objects.get(position)
    // At a position that takes a string or an object (no-unused-vars: "all" or {vars, args...}),
    // the object carries more, so it wins when both are set.
    if (object !== undefined) options.push(object)
    else if (position === 0 && unnamed !== undefined) options.push(unnamed)
    else {
      const filler = position === 0 ? unnamedDefault(candidates, defaults[0]) ?? defaults[0] : defaults[position]
      if (filler !== undefined) options.push(filler)
      else if (takesObject(candidates)) options.push({})
      else return Either.left(`option ${position + 1} must be given before the parameters after it, and has no default`)
    }
  }
  return Either.right(options)
}
