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

  it.effect("lists a tool's patterns by id, a page at a time, those on or off by default when asked; an unknown tool is not found", () =>
    withServices(
      Effect.gen(function*() {
        const catalogue = yield* Catalogue.Catalogue
        const ids = (page: { readonly items: ReadonlyArray<{ readonly id: string }> }) => page.items.map((pattern) => pattern.id)
        const all = yield* catalogue.patterns(lintAUuid, {})
        expect(ids(all)).toStrictEqual(["LintA_complexity", "LintA_jsdoc", "LintA_max-len", "LintA_no-eval", "LintA_no-unused-vars", "LintA_py-compat"])
        expect(all.pagination).toMatchObject({ total: 6 })
        const first = yield* catalogue.patterns(lintAUuid, { limit: 4 })
        const rest = yield* catalogue.patterns(lintAUuid, { limit: 4, cursor: first.pagination.cursor })
        expect([...ids(first), ...ids(rest)]).toStrictEqual(ids(all))
        expect(rest.pagination.cursor).toBeUndefined()
        expect(ids(yield* catalogue.patterns(lintAUuid, { enabled: true }))).toStrictEqual(["LintA_no-eval", "LintA_no-unused-vars", "LintA_py-compat"])
        expect(ids(yield* catalogue.patterns(lintAUuid, { enabled: false }))).toStrictEqual(["LintA_complexity", "LintA_jsdoc", "LintA_max-len"])
        expect(yield* Effect.flip(catalogue.patterns("ffffffff-0000-4000-8000-000000000000", {}))).toStrictEqual(
          new Errors.NotFound({ what: "tool", id: "ffffffff-0000-4000-8000-000000000000" })
        )
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
