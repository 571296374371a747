import { Array as Arr, Effect, Schema } from "effect"

/**
 * Rows read back are decoded with the core's schemas, so a row that does not fit the domain is a
 * `ParseError` (then `ServiceUnavailable`), never a wrongly typed record.
 */
export const decodeAll = <A, I>(schema: Schema.Schema<A, I>) => Schema.decodeUnknown(Schema.Array(schema))

export const decodeFirst = <A, I>(schema: Schema.Schema<A, I>) => (rows: ReadonlyArray<unknown>) =>
  Effect.map(decodeAll(schema)(rows), Arr.head)

/** Exactly one row, as an `INSERT ... RETURNING` of one row answers. */
export const decodeSingle = <A, I>(schema: Schema.Schema<A, I>) => (rows: ReadonlyArray<unknown>) =>
  Effect.map(Schema.decodeUnknown(Schema.Tuple(schema))(rows), ([row]) => row)
