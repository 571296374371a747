import { Array as Arr, Effect, type ParseResult, Schema } from "effect"

/**
 * Rows read back are decoded with the core's schemas, so a row that does not fit the domain is a
 * `ParseError` (then `ServiceUnavailable`), never a wrongly typed record.
 */
type Decoder<A> = (rows: unknown) => Effect.Effect<A, ParseResult.ParseError>

// Decoders are built once per schema: a decoder built per query recompiles its parser every time.
const allDecoders = new WeakMap<object, Decoder<ReadonlyArray<unknown>>>()
const singleDecoders = new WeakMap<object, Decoder<readonly [unknown]>>()

export const decodeAll = <A, I>(schema: Schema.Schema<A, I>): Decoder<ReadonlyArray<A>> => {
  const cached = allDecoders.get(schema)
  if (cached !== undefined) return cached as Decoder<ReadonlyArray<A>>
  const decoder = Schema.decodeUnknown(Schema.Array(schema))
  allDecoders.set(schema, decoder)
  return decoder
}

export const decodeFirst = <A, I>(schema: Schema.Schema<A, I>) => (rows: ReadonlyArray<unknown>) =>
  Effect.map(decodeAll(schema)(rows), Arr.head)

const decodeTuple = <A, I>(schema: Schema.Schema<A, I>): Decoder<readonly [A]> => {
  const cached = singleDecoders.get(schema)
  if (cached !== undefined) return cached as Decoder<readonly [A]>
  const decoder = Schema.decodeUnknown(Schema.Tuple(schema))
  singleDecoders.set(schema, decoder)
  return decoder
}

/** Exactly one row, as an `INSERT ... RETURNING` of one row answers. */
export const decodeSingle = <A, I>(schema: Schema.Schema<A, I>) => (rows: ReadonlyArray<unknown>) =>
  Effect.map(decodeTuple(schema)(rows), ([row]) => row)
