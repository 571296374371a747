import { describe, expect, it } from "@effect/vitest"
import { Catalogue, Errors } from "@tidemark/core"
import { Effect } from "effect"
import { lintA2Uuid, lintAUuid, pyCheckUuid } from "./fixtures/TestCatalogue.js"
import { withServices } from "./fixtures/TestLayer.js"

describe("Catalogue", () => {
  it.effect("lists every tool by uuid, a page at a time", () =>
    withServices(
      Effect.gen(function*() {
        const catalogue = yield* Catalogue.Catalogue
        const all = yield* catalogue.tools(undefined, undefined)
        expect(all.items.map((tool) => tool.uuid)).toStrictEqual([lintAUuid, lintA2Uuid, pyCheckUuid])
        const first = yield* catalogue.tools(undefined, 2)
        expect(first.items.map((tool) => tool.uuid)).toStrictEqual([lintAUuid, lintA2Uuid])
        const rest = yield* catalogue.tools(first.pagination.cursor, 2)
        expect(rest.items.map((tool) => tool.uuid)).toStrictEqual([pyCheckUuid])
        expect(rest.pagination.cursor).toBeUndefined()
      })
    ))

  it.effect("gives a pattern's definition; an unknown tool or pattern is not found, named", () =>
    withServices(
      Effect.gen(function*() {
        const catalogue = yield* Catalogue.Catalogue
        const definition = yield* catalogue.pattern(lintAUuid, "LintA_no-eval")
        expect([definition.id, definition.category]).toStrictEqual(["LintA_no-eval", "Security"])
        expect(yield* Effect.flip(catalogue.pattern("ffffffff-0000-4000-8000-000000000000", "LintA_no-eval"))).toStrictEqual(
          new Errors.NotFound({ what: "tool", id: "ffffffff-0000-4000-8000-000000000000" })
        )
        expect(yield* Effect.flip(catalogue.pattern(lintAUuid, "LintA2_no-eval"))).toStrictEqual(new Errors.NotFound({ what: "pattern", id: "LintA2_no-eval" }))
      })
    ))
})
