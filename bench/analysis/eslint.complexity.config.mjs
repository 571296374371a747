// The ESLint CLI's share of the benchmark: the complexity rule alone, every function reported.
import tsParser from "@typescript-eslint/parser"

const rules = { complexity: ["error", 0] }

export default [
  { files: ["**/*.js", "**/*.cjs"], languageOptions: { ecmaVersion: "latest", sourceType: "commonjs" }, rules },
  { files: ["**/*.mjs"], languageOptions: { ecmaVersion: "latest", sourceType: "module" }, rules },
  { files: ["**/*.ts", "**/*.tsx"], languageOptions: { parser: tsParser, sourceType: "module" }, rules }
]
