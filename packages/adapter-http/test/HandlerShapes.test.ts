import { describe, expect, it } from "@effect/vitest"
import { Errors, Pagination, Principal } from "@tidemark/core"
import { Effect, Option } from "effect"
import { Caller } from "../src/Authentication.js"
import { answer, answerData, answerPage } from "../src/HandlerShapes.js"

const pagination = new Pagination.Pagination({ cursor: "next", limit: 1, total: 2 })
const reader = new Principal.Principal({ credentialId: "c1", kind: "api", organizationId: 1, permission: "read" })
const asReader = Effect.provideService(Caller, Option.some(reader))

/** The body a failure answers, as the client reads it. */
const bodyOf = <A, E>(effect: Effect.Effect<A, E>) => Effect.map(Effect.flip(effect), (e) => JSON.parse(JSON.stringify(e)))

describe("HandlerShapes: the analysis API's handler idiom", () => {
  it.effect("calls the service for the request's caller and answers its result, as it is, in {data}, or as a page", () =>
    Effect.gen(function*() {
      const seen: Array<Option.Option<Principal.Principal>> = []
      const service = (caller: Option.Option<Principal.Principal>) => Effect.sync(() => (seen.push(caller), "value"))
      expect(yield* answer(service).pipe(asReader)).toBe("value")
      expect(yield* answerData(service).pipe(asReader)).toStrictEqual({ data: "value" })
      const page = yield* answerPage(() => Effect.succeed({ items: ["a"], pagination })).pipe(asReader)
      expect(page).toStrictEqual({ data: ["a"], pagination })
      expect(seen).toStrictEqual([Option.some(reader), Option.some(reader)])
    }))

  it.effect("answers a domain failure with the API's error body of the same meaning", () =>
    Effect.gen(function*() {
      const missing = yield* bodyOf(answerData(() => Effect.fail(new Errors.NotFound({ what: "repository", id: "r" }))).pipe(asReader))
      expect(missing).toMatchObject({ error: "NotFound", message: "Repository 'r' not found" })
      const denied = yield* bodyOf(answer(() => Effect.fail(new Errors.PermissionDenied({ kind: "permission", reason: "read only" }))).pipe(asReader))
      expect(denied).toMatchObject({ error: "Forbidden" })
      const failed = yield* bodyOf(answerPage(() => Effect.fail(new Errors.ServiceUnavailable({ reason: "db down" }))).pipe(asReader))
      expect(failed).toStrictEqual({ error: "InternalServerError", message: "The service could not complete the request", actions: [] })
    }))
})
