import { Schema } from "effect"

/** A string that can be stored: PostgreSQL text cannot hold the NUL character. */
export const Text = Schema.String.pipe(
  Schema.filter((s) => !s.includes("\u0000"), { message: () => "must not contain NUL characters" })
)

/** Why a JSON body cannot be taken: a string or a key holds NUL, which PostgreSQL's text cannot. */
export const nulInJson = "a string contains a NUL character"

/**
 * A `JSON.parse` reviver refusing (by throwing) any string or key holding NUL: for bodies whose
 * strings may be stored, checked once while they are parsed rather than field by field.
 */
export const refuseNul = (key: string, value: unknown): unknown => {
  if (key.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) throw new Error(nulInJson)
  return value
}

/** A link offered to the caller next to a problem or an error. */
export class Action extends Schema.Class<Action>("Action")({
  name: Schema.String,
  url: Schema.String
}) {}

/** `{id, name}` of a coding standard, as `standards` and `enabledBy` list them. */
export class StandardRef extends Schema.Class<StandardRef>("StandardRef")({
  id: Schema.Int,
  name: Schema.String
}) {}

/** A pattern parameter as configured: `{name, value}` (values are strings in the spec). */
export class ParameterValue extends Schema.Class<ParameterValue>("ParameterValue")({
  name: Text,
  value: Text
}) {}

export const DateTime = Schema.String.pipe(
  Schema.filter((s) => !Number.isNaN(Date.parse(s)), { message: () => "expected an RFC 3339 date-time" })
)

export const Provider = Schema.Literal("gh", "gl", "bb").annotations({
  identifier: "Provider",
  description: "short identifier of the git provider"
})
export type Provider = typeof Provider.Type
