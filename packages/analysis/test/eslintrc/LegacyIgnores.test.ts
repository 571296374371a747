import { describe, expect, it } from "@effect/vitest"
import { eslint8DefaultIgnores, ignoreFileLines, ignoresOf } from "../../src/eslintrc/LegacyIgnores.js"

describe("ignoresOf", () => {
  it("follows gitignore's rules relative to each scope's folder, with ESLint 8's defaults", () => {
    const ignores = ignoresOf([
      { directory: "", patterns: [...eslint8DefaultIgnores, ...ignoreFileLines("# built\n/dist\n*.min.js\ntmp/\n!.eslintrc.js\n")] },
      { directory: "packages/a", patterns: ["generated"] }
    ])
    const paths = ["dist/a.js", "src/dist/a.js", "lib/x.min.js", "tmp/a.js", "src/tmp/b.js", "node_modules/x/a.js", "src/.hidden/a.js", ".eslintrc.js", "packages/a/generated/x.js", "packages/b/generated/x.js", "src/a.js"]
    expect(paths.filter(ignores)).toEqual(["dist/a.js", "lib/x.min.js", "tmp/a.js", "src/tmp/b.js", "node_modules/x/a.js", "src/.hidden/a.js", "packages/a/generated/x.js"])
  })
})
