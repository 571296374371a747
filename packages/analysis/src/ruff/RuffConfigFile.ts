import { Either } from "effect"
import { parse as parseToml, TomlError } from "smol-toml"
import { reasonOf } from "../LintedFile.js"
import type { SourceFile } from "../SourceTree.js"

/**
 * Where Ruff's configuration of a folder is: in its `.ruff.toml`, else its `ruff.toml`, else the
 * `[tool.ruff]` table of its `pyproject.toml` (Ruff's own order). A `pyproject.toml` without that
 * table configures other tools only: Ruff looks further up.
 */

/** Ruff's order: the first of these a folder has configures it. */
export const ruffConfigurationNames = [".ruff.toml", "ruff.toml", "pyproject.toml"] as const

export type Table = Readonly<Record<string, unknown>>

export const isTable = (value: unknown): value is Table =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date)

export const folderOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf("/")))

const nameOf = (path: string): string => path.slice(path.lastIndexOf("/") + 1)

const tomlOf = (file: SourceFile): Either.Either<Table, string> =>
  Either.try({
    try: () => parseToml(file.content),
    catch: (error) =>
      // smol-toml's message goes on with a code frame: its first line and the position are enough.
      error instanceof TomlError
        ? `invalid TOML at line ${error.line}, column ${error.column}: ${error.message.split("\n")[0] ?? ""}`
        : reasonOf(error)
  })

/** A `pyproject.toml` that is not valid TOML counts as Ruff's if it mentions it (its reading then fails aloud). */
const mentionsRuff = (content: string) => /^\s*\[\s*tool\.ruff\b/m.test(content)

const ruffTableOf = (toml: Table): Table | undefined => {
  const tool = toml["tool"]
  const table = isTable(tool) ? tool["ruff"] : undefined
  return isTable(table) ? table : undefined
}

/** Whether a file is one of Ruff's configuration files (a pyproject.toml only with its `[tool.ruff]`). */
export const isRuffConfiguration = (file: SourceFile): boolean => {
  const name = nameOf(file.path)
  if (name !== "pyproject.toml") return name === "ruff.toml" || name === ".ruff.toml"
  return Either.match(tomlOf(file), { onLeft: () => mentionsRuff(file.content), onRight: (toml) => ruffTableOf(toml) !== undefined })
}

/** Each folder's configuration file, by folder (`""` for the root), in Ruff's order of the names. */
export const configurationFilesOf = (files: ReadonlyArray<SourceFile>): ReadonlyMap<string, SourceFile> => {
  const candidates = files.filter((file) => (ruffConfigurationNames as ReadonlyArray<string>).includes(nameOf(file.path)))
  const rank = (file: SourceFile) => (ruffConfigurationNames as ReadonlyArray<string>).indexOf(nameOf(file.path))
  const byFolder = new Map<string, SourceFile>()
  for (const file of [...candidates].sort((a, b) => rank(a) - rank(b))) {
    const folder = folderOf(file.path)
    if (!byFolder.has(folder) && isRuffConfiguration(file)) byFolder.set(folder, file)
  }
  return byFolder
}

const requiresPythonOfToml = (toml: Table): string | undefined => {
  const project = toml["project"]
  const requires = isTable(project) ? project["requires-python"] : undefined
  return typeof requires === "string" ? requires : undefined
}

/** `project.requires-python` of a pyproject.toml, if it has one and is valid TOML. */
export const requiresPythonOf = (pyproject: SourceFile): string | undefined =>
  Either.match(tomlOf(pyproject), { onLeft: () => undefined, onRight: requiresPythonOfToml })

/** Ruff's table of a configuration file (the whole of a ruff.toml), or why it cannot be read. */
export const ruffTableOfFile = (file: SourceFile): Either.Either<Table, string> =>
  tomlOf(file).pipe(
    Either.flatMap((toml) => {
      if (nameOf(file.path) !== "pyproject.toml") return Either.right(toml)
      const table = ruffTableOf(toml)
      return table === undefined ? Either.left("`tool.ruff` is not a table") : Either.right(table)
    })
  )

/** The lowest Python version a `requires-python` admits, as Ruff's `target-version` (`>=3.9` → `py39`). */
export const targetVersionOf = (requiresPython: string): string | undefined => {
  const minors = requiresPython.split(",").flatMap((specifier) => {
    const lower = /^\s*(?:>=|~=|==|>)\s*3\.(\d+)/.exec(specifier)
    return lower?.[1] === undefined ? [] : [Number(lower[1])]
  })
  return minors.length === 0 ? undefined : `py3${Math.max(7, Math.min(...minors))}`
}
