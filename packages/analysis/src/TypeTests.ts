import type { Linter } from "eslint"

/**
 * Type tests: TypeScript files that are compiled, never run, to check a package's published types
 * (`tsd`'s and Vitest's `*.test-d.ts`, dtslint's `*-tests.ts` in a `types` folder, axios's
 * `test/module/typings/*`). Each `const x: AxiosInstance = axios.create()` is an assertion that
 * the call compiles to that type, and an expression statement that it type-checks: their unused
 * variables and expressions are the test, so the default patterns do not report them there.
 */
export const typeTestFiles: ReadonlyArray<string> = [
  "**/*.test-d.{ts,tsx,mts,cts}",
  "**/{type-tests,typetests,type-test,types-tests,dtslint}/**/*.{ts,tsx,mts,cts}",
  "**/{test,tests,__tests__,spec,specs}/**/{typings,types}/**/*.{ts,tsx,mts,cts}"
]

const unusedRules = [
  "no-unused-vars",
  "no-unused-expressions",
  "@typescript-eslint/no-unused-vars",
  "@typescript-eslint/no-unused-expressions"
]

/** The block that turns those rules off in type tests, for the enabled ones among `ruleIds`. */
export const typeTestBlock = (ruleIds: ReadonlySet<string>): ReadonlyArray<Linter.Config> => {
  const off = unusedRules.filter((ruleId) => ruleIds.has(ruleId))
  return off.length === 0 ? [] : [{ files: [...typeTestFiles], rules: Object.fromEntries(off.map((ruleId) => [ruleId, "off" as const])) }]
}
