import { posix } from "node:path"
import type { SourceFile } from "../SourceTree.js"
import { importsOf, isStandard } from "./GoFiles.js"

/**
 * Go written before modules (go-spew, pkg/errors, raymond, go-metrics: no go.mod) names its own
 * packages by their GOPATH import path (`github.com/aymerick/raymond/ast`). Checked folder by folder
 * against the standard library, every file importing a package of its own tree could not be
 * checked. Such a tree is checked as the go command checked it then: in GOPATH mode, the checkout
 * reached at `$GOPATH/src/<its import path>` (a link in the run's own folder, the checkout never
 * written), the import path read from the code itself:
 *
 * 1. an import comment, the go command's own record of it (`package errors // import
 *    "github.com/pkg/errors"`), less the folder of the file that has it;
 * 2. else the root that makes the most of the tree's imports its own: `github.com/aymerick/raymond`
 *    when the tree has `ast/` and its files import `github.com/aymerick/raymond/ast`, or when files
 *    of its sub-folders import that path itself (the root holding Go files), as go-metrics'
 *    `librato/` imports `github.com/rcrowley/go-metrics`; a package's external tests
 *    (`package spew_test`) import their own folder's path;
 * 3. else a path of no one's (`tidemark.invalid/checkout`): nothing in the tree imports the tree.
 */

export const unnamedImportPath = "tidemark.invalid/checkout"

const importComment = /^package\s+\w+\s*\/\/\s*import\s+"([^"]+)"/m

const packageClause = /^package\s+(\w+)/m

// An import path the link may be made at: segments of the characters import paths use, none `.` or `..`.
const isSafeImportPath = (path: string): boolean =>
  /^[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*$/.test(path) && path.split("/").every((segment) => segment !== "." && segment !== "..")

const mostNamed = (votes: ReadonlyMap<string, number>): string | undefined =>
  [...votes].sort(([a, x], [b, y]) => y - x || a.localeCompare(b))[0]?.[0]

const withoutFolder = (path: string, folder: string): string | undefined =>
  folder === "." ? path : path.endsWith(`/${folder}`) ? path.slice(0, -folder.length - 1) : undefined

/** The import path of the tree's root, read from its files (paths from the tree's root). */
export const gopathImportPathOf = (files: ReadonlyArray<SourceFile>): string => {
  for (const file of files) {
    const commented = importComment.exec(file.content)?.[1]
    const root = commented === undefined ? undefined : withoutFolder(commented, posix.dirname(file.path))
    if (root !== undefined && isSafeImportPath(root)) return root
  }
  const folders = new Set(files.map((file) => posix.dirname(file.path)))
  const imports = files.flatMap((file) => {
    const folder = posix.dirname(file.path)
    const externalTest = packageClause.exec(file.content)?.[1]?.endsWith("_test") === true
    return importsOf(file.content).filter((path) => !isStandard(path)).map((path) => ({ path, folder, externalTest }))
  })
  // An import is the tree's own under `root` when it names a folder of the tree with Go files (the
  // root itself included) other than the importing file's own, which only its external tests import.
  const scoreOf = (root: string): number =>
    imports.filter(({ externalTest, folder, path }) => {
      const target = path === root ? "." : path.startsWith(`${root}/`) ? path.slice(root.length + 1) : undefined
      return target !== undefined && folders.has(target) && (target !== folder || externalTest)
    }).length
  const candidates = new Set(imports.flatMap(({ path }) => [path, ...[...folders].map((folder) => withoutFolder(path, folder))]))
  const scored = [...candidates]
    .filter((root): root is string => root !== undefined && isSafeImportPath(root))
    .map((root) => [root, scoreOf(root)] as const)
    .filter(([, score]) => score > 0)
  return mostNamed(new Map(scored)) ?? unnamedImportPath
}
