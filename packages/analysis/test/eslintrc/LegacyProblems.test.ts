import { describe, expect, it } from "@effect/vitest"
import { flatBlocksOf } from "../../src/eslintrc/LegacyFlatBlocks.js"
import { problemsOf } from "../../src/eslintrc/LegacyProblems.js"

describe("problemsOf", () => {
  it("names each plugin once with all its rules left out, from every config, and the removed rules together", () => {
    const flat = [
      flatBlocksOf({ file: ".eslintrc.json", directory: "", cutOff: [], data: { plugins: ["import", "jest"], rules: { "import/first": "error", "valid-jsdoc": 1 } } }),
      flatBlocksOf({ file: "a/.eslintrc.json", directory: "a", cutOff: [], data: { rules: { "import/no-cycle": "warn", "require-jsdoc": 2 } } })
    ]
    const problems = problemsOf(flat, [{ ruleId: "semi", detail: "bad" }])
    expect(problems.map((problem) => [problem.file, problem.message])).toEqual([
      [".eslintrc.json", "the ESLint plugin \"import\" is not shipped with Tidemark: its rules are left out: import/first, import/no-cycle"],
      [".eslintrc.json", "the ESLint plugin \"jest\" is not shipped with Tidemark: none of its rules run"],
      [".eslintrc.json", "rules ESLint 9 and typescript-eslint do not have are left out: require-jsdoc, valid-jsdoc"],
      [undefined, "the rule semi is left out: ESLint 9 rejects its options (bad)"]
    ])
    expect(problems.every((problem) => problem.tool === "ESLint9" && problem.code === "unsupported_configuration")).toBe(true)
  })
})
