import { Either } from "effect"
import { posix } from "node:path"
import type { SourceFile } from "../SourceTree.js"
import { ruffCheckOf } from "./RuffWasm.js"

/**
 * Ruff's isort tells first-party imports by looking in the `src` folders (`.` and `src` by
 * default) for a module or package of the imported name. A Workspace has no file system, so the
 * names are read off the tree and given to it as `isort.known-first-party`.
 */

/** Ruff's `src` when a configuration sets none. */
export const defaultSources = [".", "src"] as const

const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/

/** The modules and packages at the top of a folder: its Python files and its folders. */
const namesIn = (files: ReadonlyArray<SourceFile>, folder: string): ReadonlyArray<string> => {
  const prefix = folder === "" ? "" : `${folder}/`
  return files.flatMap((file) => {
    if (!file.path.startsWith(prefix)) return []
    const rest = file.path.slice(prefix.length)
    const slash = rest.indexOf("/")
    const name = slash >= 0 ? rest.slice(0, slash) : /^(.*)\.pyi?$/.exec(rest)?.[1]
    return name !== undefined && identifier.test(name) ? [name] : []
  })
}

/** `src` as the tree's folders: relative to the configuration's folder, as Ruff reads it; none out of the tree. */
export const sourceFolders = (folder: string, sources: ReadonlyArray<string>): ReadonlyArray<string> =>
  sources
    .map((source) => posix.normalize(posix.join(folder, source)))
    .filter((path) => !path.startsWith("..") && !path.startsWith("/"))
    .map((path) => (path === "." ? "" : path))

// A name is asked once per Python version and process: Ruff's list of them does not change.
const standardNames = new Map<string, Map<string, boolean>>()

/**
 * Whether Ruff counts a top module name among the standard library of the Python version: Ruff
 * is asked, since an `import` of a standard module set apart from `import os` is unsorted.
 */
const isStandardLibrary = (name: string, targetVersion: string): boolean => {
  const known = standardNames.get(targetVersion) ?? new Map<string, boolean>()
  standardNames.set(targetVersion, known)
  const asked = known.get(name)
  if (asked !== undefined) return asked
  const answer = Either.match(ruffCheckOf({ "target-version": targetVersion, lint: { select: ["I001"] } }), {
    onLeft: () => false,
    onRight: (check) => check(`import os\n\nimport ${name}\n`).length > 0
  })
  known.set(name, answer)
  return answer
}

/**
 * The first-party names of source folders: their top modules and packages, less those Ruff counts
 * among the standard library (Ruff keeps those the standard library's even when a source folder
 * holds one, which `known-first-party` would not).
 */
export const firstPartyNames = (
  files: ReadonlyArray<SourceFile>,
  folders: ReadonlyArray<string>,
  targetVersion: string
): ReadonlyArray<string> =>
  [...new Set(folders.flatMap((inside) => namesIn(files, inside)))].sort().filter((name) => !isStandardLibrary(name, targetVersion))

/** The folders of the tree that are Python packages (they hold an `__init__.py`). */
export const packageFolders = (files: ReadonlyArray<SourceFile>): ReadonlySet<string> =>
  new Set(files.flatMap((file) => (/(^|\/)__init__\.pyi?$/.test(file.path) ? [posix.dirname(file.path)] : [])))

/**
 * The top package of a file, which Ruff's `detect-same-package` counts as first-party in it: the
 * highest of the packages the file is in, without a gap (none, or a standard library name: none).
 */
export const topPackageOf = (packages: ReadonlySet<string>, path: string, targetVersion: string): string | undefined => {
  let top: string | undefined
  for (let folder = posix.dirname(path); folder !== "." && packages.has(folder); folder = posix.dirname(folder)) top = folder
  const name = top === undefined ? undefined : posix.basename(top)
  return name === undefined || !identifier.test(name) || isStandardLibrary(name, targetVersion) ? undefined : name
}
