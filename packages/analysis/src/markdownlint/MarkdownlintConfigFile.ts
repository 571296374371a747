import { Either, Predicate } from "effect"
import { createRequire } from "node:module"
import { isInsideRoot, joinPath } from "../RepositoryPath.js"
import type { SourceFile } from "../SourceTree.js"
import { parseJsonc } from "../JsoncText.js"
import { ToolProblem } from "../tools/AnalysisTool.js"
import { parseYaml } from "../YamlText.js"

/**
 * The repository's markdownlint configuration, read as data: the first of the catalogue's
 * configuration files at the root (markdownlint-cli's order: `.markdownlint.jsonc`, `.json`,
 * `.yaml`, `.yml`, then `.markdownlintrc`), with its `extends` followed to another file of the
 * repository or to a style markdownlint ships. A `.markdownlint.cjs` or `.mjs` is code: found,
 * never run. Nothing here reads outside the tree.
 */

/** A configuration object as markdownlint takes it: rule names, aliases or tags to `true`, `false` or options. */
export type MarkdownlintConfiguration = Readonly<Record<string, unknown>>

export interface ReadConfiguration {
  readonly configuration: MarkdownlintConfiguration
  /** Parts not followed (an `extends` out of the repository, an unreadable extended file): the rest applied. */
  readonly problems: ReadonlyArray<ToolProblem>
}

const nameOf = (path: string): string => path.slice(path.lastIndexOf("/") + 1)

const folderOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf("/")))

/**
 * A file's text as data: YAML by its extension, JSON with comments otherwise; a name that says
 * neither is tried as JSON, then YAML, as markdownlint's own reader tries its parsers in turn.
 */
const dataOf = (path: string, content: string): Either.Either<unknown, string> => {
  if (/\.ya?ml$/i.test(path)) return parseYaml(content)
  const json = parseJsonc(content)
  if (Either.isRight(json) || /\.jsonc?$/i.test(path) || nameOf(path) === ".markdownlintrc") return json
  return Either.orElse(parseYaml(content), () => json)
}

const configurationOfData = (data: unknown): Either.Either<Record<string, unknown>, string> =>
  data === null || data === undefined
    ? Either.right({})
    : Predicate.isRecord(data) && !Array.isArray(data)
    ? Either.right({ ...data })
    : Either.left("not a configuration object")

/** A configuration file's object, or why it cannot be read (`extends` not yet followed). */
export const parseConfiguration = (file: SourceFile): Either.Either<Record<string, unknown>, string> =>
  dataOf(file.path, file.content).pipe(Either.flatMap(configurationOfData))

const require = createRequire(import.meta.url)

// The styles markdownlint ships as JSON (`"extends": "markdownlint/style/prettier"`): data of the
// installed library, not of the repository.
const shippedStyles: ReadonlySet<string> = new Set(["all", "cirosantilli", "prettier", "relaxed"])

const shippedStyle = (reference: string): Record<string, unknown> | undefined => {
  const style = /^markdownlint\/style\/([a-z]+)$/.exec(reference)?.[1]
  if (style === undefined || !shippedStyles.has(style)) return undefined
  const loaded: unknown = require(`markdownlint/style/${style}`)
  return Either.getOrUndefined(configurationOfData(loaded))
}

// A chain of `extends` longer than this is a cycle, or not worth following.
const maxDepth = 8

/**
 * A configuration file read with what it `extends` (markdownlint's own merge: the extended
 * configuration, then this one's keys over it, one level deep). The `$schema` and `extends` keys
 * say nothing to the linter and are dropped.
 */
export const readConfiguration = (
  tool: string,
  file: SourceFile,
  files: ReadonlyArray<SourceFile>
): Either.Either<ReadConfiguration, ToolProblem> => {
  const byPath = new Map(files.map((candidate) => [candidate.path, candidate]))
  const problems: Array<ToolProblem> = []
  const unsupported = (at: SourceFile, message: string) =>
    problems.push(new ToolProblem({ tool, code: "unsupported_configuration", file: at.path, message }))

  const follow = (at: SourceFile, depth: number, parsed: Record<string, unknown>): MarkdownlintConfiguration => {
    const { $schema: _schema, extends: reference, ...own } = parsed
    if (reference === undefined || reference === null) return own
    if (typeof reference !== "string") {
      unsupported(at, "`extends` is not a path: the rest of the configuration applies")
      return own
    }
    const style = shippedStyle(reference)
    if (style !== undefined) return { ...follow(at, depth + 1, style), ...own }
    const target = joinPath(folderOf(at.path) === "" ? "." : folderOf(at.path), reference)
    const extended = isInsideRoot(target) ? byPath.get(target) : undefined
    if (extended === undefined || depth >= maxDepth) {
      const why = extended === undefined ? "is not a file of the repository (a package or a path outside it is not read)" : "goes deeper than 8 files"
      unsupported(at, `\`extends: ${reference}\` ${why}: the rest of the configuration applies`)
      return own
    }
    return Either.match(parseConfiguration(extended), {
      onLeft: (reason) => {
        problems.push(new ToolProblem({ tool, code: "unreadable_configuration", file: extended.path, message: `${reason}: the configuration that extends it applies without it` }))
        return own
      },
      onRight: (base) => ({ ...follow(extended, depth + 1, base), ...own })
    })
  }

  return parseConfiguration(file).pipe(
    Either.mapLeft((reason) =>
      new ToolProblem({ tool, code: "unreadable_configuration", file: file.path, message: `${reason}: the enabled patterns apply instead` })
    ),
    Either.map((parsed) => ({ configuration: follow(file, 0, parsed), problems }))
  )
}
