/**
 * Every namespace of the index is also a subpath of the package (`@tidemark/core/Analyzer`): the
 * declarations of the packages that use the core name its types by those subpaths. The index is
 * the list; the package's exports must follow it, in the workspace and as published.
 */
import { describe, expect, it } from "vitest"
import { readFileSync } from "node:fs"

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), "utf8")

const modules = Array.from(read("src/index.ts").matchAll(/export \* as (\w+) from "\.\/(.+)\.js"/g), ([, name, path]) => ({ name, path }))

const manifest = JSON.parse(read("package.json")) as {
  readonly exports: Record<string, Record<string, string>>
  readonly publishConfig: { readonly exports: Record<string, Record<string, string>> }
}

describe("the core's package exports", () => {
  it("name each module of the index by its namespace, with its source, declarations and code", () => {
    expect(modules.length).toBeGreaterThan(100)
    for (const { name, path } of modules) {
      expect(manifest.exports[`./${name}`]).toEqual({
        "tidemark-source": `./src/${path}.ts`,
        types: `./dist/${path}.d.ts`,
        default: `./dist/${path}.js`
      })
      expect(manifest.publishConfig.exports[`./${name}`]).toEqual({ types: `./dist/${path}.d.ts`, default: `./dist/${path}.js` })
    }
  })

  it("export nothing else but the index and the memory adapters", () => {
    const expected = [".", "./memory", ...modules.map(({ name }) => `./${name}`)].sort()
    expect(Object.keys(manifest.exports).sort()).toEqual(expected)
    expect(Object.keys(manifest.publishConfig.exports).sort()).toEqual(expected)
  })
})
