/**
 * Small readers that turn a JSON value of unknown shape into a typed one, naming the path of the
 * first field that does not fit. The server's Effect schemas already validate what it sends; these
 * readers keep the browser bundle free of Effect (about 100 KB) while still refusing a body the
 * dashboard cannot show, instead of rendering `undefined`.
 */

export class DecodeError extends Error {
  readonly _tag = "DecodeError"
  constructor(readonly path: string, readonly expected: string) {
    super(`${path || "body"}: expected ${expected}`)
  }
}

export type Reader<T> = (value: unknown, path: string) => T

export const record = (value: unknown, path: string): Readonly<Record<string, unknown>> => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new DecodeError(path, "an object")
  return value as Readonly<Record<string, unknown>>
}

export const string: Reader<string> = (value, path) => {
  if (typeof value !== "string") throw new DecodeError(path, "a string")
  return value
}

export const number: Reader<number> = (value, path) => {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new DecodeError(path, "a number")
  return value
}

export const boolean: Reader<boolean> = (value, path) => {
  if (typeof value !== "boolean") throw new DecodeError(path, "a boolean")
  return value
}

export const literal = <const L extends string>(...choices: ReadonlyArray<L>): Reader<L> => (value, path) => {
  const found = choices.find((choice) => choice === value)
  if (found === undefined) throw new DecodeError(path, `one of ${choices.join(", ")}`)
  return found
}

/** An absent field (missing or null) reads as `undefined`: the API omits what is not known yet. */
export const optional = <T>(read: Reader<T>): Reader<T | undefined> => (value, path) =>
  value === undefined || value === null ? undefined : read(value, path)

export const nullable = <T>(read: Reader<T>): Reader<T | null> => (value, path) =>
  value === null ? null : read(value, path)

export const array = <T>(read: Reader<T>): Reader<ReadonlyArray<T>> => (value, path) => {
  if (!Array.isArray(value)) throw new DecodeError(path, "an array")
  return value.map((item: unknown, index) => read(item, `${path}[${index}]`))
}

/** Reads one field of an object with `read`, the path extended with the field's name. */
export const field = <T>(
  object: Readonly<Record<string, unknown>>,
  name: string,
  read: Reader<T>,
  path: string
): T => read(object[name], path === "" ? name : `${path}.${name}`)

/** An object read field by field, each with its reader (an absent optional field reads as `undefined`). */
export const struct = <T>(fields: { readonly [K in keyof T]: Reader<T[K]> }): Reader<T> => (value, path) => {
  const o = record(value, path)
  const read: Partial<Record<keyof T, unknown>> = {}
  for (const name of Object.keys(fields) as Array<keyof T & string>) read[name] = field(o, name, fields[name], path)
  return read as T
}
