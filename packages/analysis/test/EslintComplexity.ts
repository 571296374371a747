import tsParser from "@typescript-eslint/parser"
import type { Linter as LinterTypes } from "eslint"
import { Linter } from "eslint"

// max 0 makes ESLint report every function with its complexity.
const rules: LinterTypes.RulesRecord = { complexity: ["error", 0] }

const config: Array<LinterTypes.Config> = [
  { files: ["**/*.js", "**/*.cjs"], languageOptions: { ecmaVersion: "latest", sourceType: "commonjs" }, rules },
  { files: ["**/*.mjs"], languageOptions: { ecmaVersion: "latest", sourceType: "module" }, rules },
  { files: ["**/*.ts", "**/*.tsx"], languageOptions: { parser: tsParser, sourceType: "module" }, rules }
]

/** ESLint's complexity of every function of a file, in ESLint's report order. */
export const eslintComplexities = (linter: Linter, path: string, content: string): ReadonlyArray<number> => {
  const messages = linter.verify(content, config, { filename: path })
  const fatal = messages.find((message) => message.fatal === true)
  if (fatal !== undefined) throw new Error(`${path}: ${fatal.message}`)
  return messages.flatMap((message) => {
    const match = /has a complexity of (\d+)/.exec(message.message)
    return message.ruleId === "complexity" && match?.[1] !== undefined ? [Number(match[1])] : []
  })
}

export const newLinter = () => new Linter({ configType: "flat" })
