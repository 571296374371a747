import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { jsonObjectsOf } from "../../src/golang/JsonStream.js"
import { checkoutOf, goOutputOf, installed, project } from "./GoFixture.js"

describe("jsonObjectsOf", () => {
  it.effect("splits go list -json's stream into its packages' objects, each valid JSON", () =>
    Effect.gen(function*() {
      const { go } = yield* installed
      const { root } = checkoutOf(project)
      const output = yield* goOutputOf(go, ["list", "-e", "-json", "./..."], root)
      const objects = jsonObjectsOf(output.stdout)
      expect(objects.map((text) => (JSON.parse(text) as { readonly ImportPath: string }).ImportPath)).toEqual(["example.com/shop", "example.com/shop/store"])
    }))

  it.effect("skips go vet -json's # package lines between the objects", () =>
    Effect.gen(function*() {
      const { go } = yield* installed
      const { root } = checkoutOf(project)
      const output = yield* goOutputOf(go, ["vet", "-json", "./..."], root, "stderr")
      expect(output.stderr).toMatch(/^# example\.com\/shop/m)
      const objects = jsonObjectsOf(output.stderr).map((text) => JSON.parse(text) as Record<string, unknown>)
      expect(objects.flatMap((object) => Object.keys(object))).toContain("example.com/shop")
    }))

  it("counts no brace inside a string, escaped quotes included, and none outside an object", () => {
    const text = "# example.com/pkg\n{\"a\": \"}{\\\"}\", \"b\": {\"c\": 1}}\n} stray\n{\"d\": []}"
    expect(jsonObjectsOf(text).map((object) => JSON.parse(object))).toEqual([{ a: "}{\"}", b: { c: 1 } }, { d: [] }])
    expect(jsonObjectsOf("")).toEqual([])
    expect(jsonObjectsOf("{\"unfinished\": {")).toEqual([])
  })
})
