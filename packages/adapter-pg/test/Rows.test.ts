import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Effect, Either, FastCheck, Schema } from "effect"
import { check } from "../src/Rows.js"

const Row = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  visibility: Schema.Literal("Public", "Private"),
  tags: Schema.Array(Schema.String),
  owner: Schema.NullOr(Schema.Struct({ login: Schema.String }))
})

describe("Rows.check", () => {
  it.effect("a row that fits is used as it is", () =>
    Effect.gen(function*() {
      const row = { id: 1, name: "a", visibility: "Public", tags: ["x"], owner: { login: "o" } }
      expect(yield* check(Row)(row)).toBe(row)
    }))

  it.effect("a row that does not fit fails with the decoder's ParseError, which names the field", () =>
    Effect.gen(function*() {
      for (const row of [
        { id: 1.5, name: "a", visibility: "Public", tags: [], owner: null },
        { id: 1, name: "a", visibility: "Internal", tags: [], owner: null },
        { id: 1, name: "a", visibility: "Public", tags: [3], owner: null },
        { id: 1, name: "a", visibility: "Public", tags: [] }
      ]) {
        const result = yield* Effect.either(check(Row)(row))
        expect(Either.isLeft(result)).toBe(true)
        if (Either.isLeft(result)) expect(result.left._tag).toBe("ParseError")
      }
      const missing = yield* Effect.flip(check(Row)({ id: 1, visibility: "Public", tags: [], owner: null }))
      expect(String(missing)).toContain("name")
    }))

  it.effect("extra columns are left out, as decoding leaves them", () =>
    Effect.gen(function*() {
      const row = { id: 1, name: "a", visibility: "Private", tags: [], owner: null, extra: true }
      expect(yield* check(Row)(row)).toStrictEqual({ id: 1, name: "a", visibility: "Private", tags: [], owner: null })
    }))

  it("agrees with the decoder on random values", () => {
    const arbitrary = Schema.Struct({
      id: Schema.Union(Schema.Number, Schema.String),
      name: Schema.Union(Schema.String, Schema.Null),
      visibility: Schema.String,
      tags: Schema.Array(Schema.Union(Schema.String, Schema.Number)),
      owner: Schema.NullOr(Schema.Struct({ login: Schema.Union(Schema.String, Schema.Boolean) }))
    })
    const decode = Schema.decodeUnknownEither(Row)
    const values = FastCheck.sample(
      FastCheck.oneof(Arbitrary.make(arbitrary), Arbitrary.make(Row)),
      { numRuns: 2_000, seed: 20261124 }
    )
    for (const value of values) {
      const checked = Effect.runSync(Effect.either(check(Row)(value)))
      expect(Either.isRight(checked)).toBe(Either.isRight(decode(value)))
    }
  })
})
