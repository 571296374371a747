import { describe, expect, it } from "@effect/vitest"
import { Errors } from "@tidemark/core"
import { Effect } from "effect"
import { analysisErrors, ingestionErrors, reporterErrors } from "../src/ErrorMapping.js"

/** What PostgreSQL says of a failed statement, as the storage adapters report it. */
const storageFailure = new Errors.ServiceUnavailable({
  reason: "storage failed (Failed to execute statement: value \"2147483648\" is out of range for type integer)"
})

describe("ErrorMapping", () => {
  it.effect("a storage failure's 500 says an internal error happened, never what the database said", () =>
    Effect.gen(function*() {
      const bodies = [
        yield* Effect.flip(analysisErrors(Effect.fail(storageFailure))),
        yield* Effect.flip(ingestionErrors(Effect.fail(storageFailure))),
        yield* Effect.flip(reporterErrors(Effect.fail(storageFailure)))
      ]
      for (const body of bodies) {
        expect(JSON.stringify(body)).not.toMatch(/statement|out of range|integer/)
      }
      expect(JSON.parse(JSON.stringify(bodies[0]))).toStrictEqual({
        error: "InternalServerError",
        message: "The service could not complete the request",
        actions: []
      })
    }))
})
