import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import * as ApiErrors from "../src/ApiErrors.js"
import * as HttpErrors from "../src/HttpErrors.js"

const group = (name: string) => HttpApiGroup.make(name).add(HttpApiEndpoint.get("read", "/read").addSuccess(Schema.String))

/** Whether a group declares `error` among those its operations answer. */
const answers = <E, R>(declared: { readonly errorSchema: Schema.Schema<E, unknown, R> }, error: unknown) =>
  Schema.is(declared.errorSchema)(error)

const message = { message: "m" }

describe("ApiErrors: the errors each kind of operation answers", () => {
  it("adds its list to the group, and no other error", () => {
    const reads = group("reads").pipe(ApiErrors.reads)
    expect(answers(reads, new HttpErrors.NotFound(message))).toBe(true)
    expect(answers(reads, new HttpErrors.Unauthorized(message))).toBe(true)
    expect(answers(reads, new HttpErrors.Forbidden(message))).toBe(false)
    const writes = group("writes").pipe(ApiErrors.writes)
    expect(answers(writes, new HttpErrors.Forbidden(message))).toBe(true)
    const tokens = group("tokens").pipe(ApiErrors.tokens)
    expect(answers(tokens, new HttpErrors.Forbidden(message))).toBe(true)
    expect(answers(tokens, new HttpErrors.UnprocessableEntity(message))).toBe(false)
    const anonymous = group("anonymous").pipe(ApiErrors.anonymous)
    expect(answers(anonymous, new HttpErrors.UnprocessableEntity(message))).toBe(true)
    expect(answers(anonymous, new HttpErrors.Unauthorized(message))).toBe(false)
    const ingestion = group("ingestion").pipe(ApiErrors.ingestion)
    expect(answers(ingestion, new HttpErrors.IngestionUnauthorized(message))).toBe(true)
    expect(answers(ingestion, new HttpErrors.Unauthorized(message))).toBe(false)
    expect(answers(group("readiness").pipe(ApiErrors.readiness), new HttpErrors.ServiceUnavailable(message))).toBe(true)
  })

  it("keeps what the group declared before", () => {
    class Teapot extends Schema.Class<Teapot>("Teapot")({ teapot: Schema.String }) {}
    const declared = group("declared").addError(Teapot).pipe(ApiErrors.webhooks)
    expect(answers(declared, new Teapot({ teapot: "short and stout" }))).toBe(true)
    expect(answers(declared, new HttpErrors.BadRequest(message))).toBe(true)
  })
})
