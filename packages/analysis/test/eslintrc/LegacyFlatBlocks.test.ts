import { describe, expect, it } from "@effect/vitest"
import { flatBlocksOf } from "../../src/eslintrc/LegacyFlatBlocks.js"

describe("flatBlocksOf", () => {
  it("limits a folder's config to its files, less the folders below with root: true; override patterns as ESLint 8 reads them", () => {
    const { blocks } = flatBlocksOf({
      file: "src/.eslintrc.json",
      directory: "src",
      cutOff: ["src/vendor"],
      data: {
        rules: { semi: "error" },
        overrides: [{ files: ["*.test.js", "./lib/*.js"], excludedFiles: "*.skip.js", rules: { "no-var": "error" }, overrides: [{ files: "a/**", rules: { eqeqeq: "error" } }] }]
      }
    })
    expect(blocks.map(({ files, ignores }) => ({ files, ignores }))).toEqual([
      { files: ["src/**"], ignores: ["src/vendor/**"] },
      { files: [["src/**", "src/**/*.test.js"], ["src/**", "src/lib/*.js"]], ignores: ["src/vendor/**", "src/**/*.skip.js"] },
      {
        files: [["src/**", "src/**/*.test.js", "src/a/**"], ["src/**", "src/lib/*.js", "src/a/**"]],
        ignores: ["src/vendor/**", "src/**/*.skip.js"]
      }
    ])
  })

  it("puts each extends before the config's own settings, and names what it does not follow", () => {
    const result = flatBlocksOf({ file: ".eslintrc.json", directory: "", cutOff: [], data: { extends: ["eslint:recommended", "unknown"], rules: { "no-undef": "off" } } })
    expect(result.blocks.map((block) => block.rules?.["no-undef"])).toEqual(["error", "off"])
    expect(result.unsupported.map((entry) => entry.message.slice(0, 18))).toEqual(["extends \"unknown\" "])
  })
})
