import { Ajv } from "ajv"
import { Array as Arr, Effect, JSONSchema, type ParseResult, Schema } from "effect"

/** One compiler for every checked schema; its `$defs` are per schema, so nothing is shared by name. */
const ajv = new Ajv({ strict: true, allErrors: false })

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

const checkers = new WeakMap<object, Decoder<unknown>>()

/**
 * Rows of a schema whose decoded side is its encoded side (structs of strings, numbers, booleans,
 * literals and arrays of them), checked rather than decoded: ajv compiles the schema's JSON Schema
 * once into plain JavaScript, and rows that pass are used as they are. Effect's decoder walks the
 * same rules through its interpreter and copies every object, which on a page of 100 repositories
 * and their branches was most of the page's CPU. A value that fails the check is decoded anyway:
 * its `ParseError` says what is wrong, as every other row's does.
 */
export const check = <A>(schema: Schema.Schema<A, A>): Decoder<A> => {
  const cached = checkers.get(schema)
  if (cached !== undefined) return cached as Decoder<A>
  const valid = ajv.compile<A>(JSONSchema.make(schema))
  const decode = Schema.decodeUnknown(schema)
  const checker: Decoder<A> = (value) => (valid(value) ? Effect.succeed(value) : decode(value))
  checkers.set(schema, checker)
  return checker
}
