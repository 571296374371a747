import { Linter } from "eslint"
import { type LegacyConfiguration, legacyConfigurationOf } from "../../src/eslintrc/LegacyConfiguration.js"
import type { SourceFile } from "../../src/SourceTree.js"

/** A tree's files from `path: content` pairs. */
export const treeFiles = (files: Readonly<Record<string, string>>): ReadonlyArray<SourceFile> =>
  Object.entries(files).map(([path, content]) => ({ path, content }))

const root = "/repo"

/** The configuration of a tree, which these tests expect to be there. */
export const configurationOf = (files: Readonly<Record<string, string>>): LegacyConfiguration => {
  const found = legacyConfigurationOf(treeFiles(files))
  if (found === undefined) throw new Error("the tree has no legacy configuration")
  return found
}

/** `line:ruleId` of what ESLint 9 reports on `code` at `path` with the tree's configuration, as Tidemark lints. */
export const reported = (configuration: LegacyConfiguration, path: string, code: string): ReadonlyArray<string> =>
  new Linter({ configType: "flat", cwd: root })
    .verify(code, configuration.config, { filename: `${root}/${path}` })
    .map((message) => `${message.line}:${message.ruleId ?? message.message}`)

/** The rule ids reported, without lines. */
export const rulesReported = (configuration: LegacyConfiguration, path: string, code: string): ReadonlyArray<string> =>
  [...new Set(reported(configuration, path, code).map((entry) => entry.slice(entry.indexOf(":") + 1)))].sort()

export const json = (value: unknown): string => JSON.stringify(value)
