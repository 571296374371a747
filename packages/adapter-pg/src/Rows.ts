import { Array as Arr, Effect, type ParseResult, Schema } from "effect"

/**
 * Rows read back are decoded with the core's schemas, so a row that does not fit the domain is a
 * `ParseError` (then `ServiceUnavailable`), never a wrongly typed record.
 */
// Decoders are built once per schema: a decoder built per query recompiles its parser every time.
const decoders = new WeakMap<object, (rows: unknown) => Effect.Effect<ReadonlyArray<unknown>, ParseResult.ParseError>>()

export const decodeAll = <A, I>(schema: Schema.Schema<A, I>) => {
  const cached = decoders.get(schema)
  if (cached !== undefined) return cached as (rows: unknown) => Effect.Effect<ReadonlyArray<A>, ParseResult.ParseError>
  const decoder = Schema.decodeUnknown(Schema.Array(schema))
  decoders.set(schema, decoder)
  return decoder
}

export const decodeFirst = <A, I>(schema: Schema.Schema<A, I>) => (rows: ReadonlyArray<unknown>) =>
  Effect.map(decodeAll(schema)(rows), Arr.head)

/** Exactly one row, as an `INSERT ... RETURNING` of one row answers. */
export const decodeSingle = <A, I>(schema: Schema.Schema<A, I>) => (rows: ReadonlyArray<unknown>) =>
  Effect.map(Schema.decodeUnknown(Schema.Tuple(schema))(rows), ([row]) => row)
