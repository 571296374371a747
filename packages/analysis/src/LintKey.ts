import tsPlugin from "@typescript-eslint/eslint-plugin"
import tsParser from "@typescript-eslint/parser"
import { Linter } from "eslint"
import securityPlugin from "eslint-plugin-security"
import { createHash } from "node:crypto"
import ts from "typescript"

// Bump when this package changes how a file is linted in a way its config does not show (e.g.
// which messages are kept), so that older entries are never read again.
const lintVersion = "tidemark-lint-3"

// What runs the rules: a new ESLint, typescript-eslint (its rules, its parser), TypeScript (which
// that parser uses) or eslint-plugin-security may report otherwise on the same text.
const engines = `eslint ${Linter.version}\0typescript-eslint ${tsPlugin.meta.version}\0parser ${tsParser.version}\0typescript ${ts.version}\0security ${securityPlugin.meta.version}`

// The plugin and the parser are code: the versions above stand for them.
const replacer = (key: string, value: unknown): unknown =>
  key === "plugins" && typeof value === "object" && value !== null
    ? Object.keys(value)
    : key === "parser"
    ? "@typescript-eslint/parser"
    : value

/**
 * The digest of a whole flat config a file is linted with: every enabled rule with its options,
 * the language options (parser, JSX, the globals of every file and those the repository declares
 * for this one), the linter options, and which of them apply to which files.
 */
export const lintConfigDigest = (config: ReadonlyArray<Linter.Config>): string =>
  createHash("sha256").update(`${lintVersion}\0${engines}\0`).update(JSON.stringify(config, replacer)).digest("hex")

/**
 * The cache key of one file's messages under a config (its `lintConfigDigest`). The path is in it:
 * it decides which blocks of the config apply (by extension) and rules may read the file name.
 * Every rule the linter runs reads this file only (rules that need type information, so the
 * rest of the project, are never run: PatternLinter), so nothing else of the tree is needed.
 */
export const lintKey = (configDigest: string, path: string, content: string): string =>
  createHash("sha256").update(`${configDigest}\0${path}\0`).update(content).digest("hex")
