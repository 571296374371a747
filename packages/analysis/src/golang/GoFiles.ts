import { existsSync, readFileSync } from "node:fs"
import { join, posix } from "node:path"
import type { SourceFile } from "../SourceTree.js"

/**
 * Which files the Go analysers read, and the module each belongs to. A `.go` file is Go, except
 * where the go command never looks (`vendor/`, `testdata/`, a folder named with a leading `.` or
 * `_`) and code a tool wrote (Go's own mark: `// Code generated … DO NOT EDIT.`): that is measured,
 * not checked. A file belongs to the module of the nearest `go.mod` above it in the checkout, as
 * the go command decides; a file under none is checked alone, its imports the standard library's.
 */

const ignoredFolder = /(?:^|\/)(?:vendor|testdata|[._][^/]*)\//

const generatedMark = /^\/\/ Code generated .* DO NOT EDIT\.$/m

export const isGoGenerated = (content: string): boolean => generatedMark.test(content.split("\n", 40).join("\n"))

/** Whether a Go analyser checks the file. */
export const takesGo = (file: SourceFile): boolean =>
  file.path.endsWith(".go") && !ignoredFolder.test(file.path) && !isGoGenerated(file.content)

/** The folder of the nearest `go.mod` above the file, relative to the checkout (`""` its root), if any. */
export const moduleRootOf = (root: string, path: string): string | undefined => {
  for (let folder = posix.dirname(path); ; folder = posix.dirname(folder)) {
    const relative = folder === "." ? "" : folder
    if (existsSync(join(root, relative, "go.mod"))) return relative
    if (relative === "") return undefined
  }
}

/** The import paths a Go file names (its `import` declarations, before the first other declaration). */
export const importsOf = (content: string): ReadonlyArray<string> => {
  const header = content.split(/^(?:func|type|var|const)\b/m)[0] ?? ""
  const paths: Array<string> = []
  for (const [, block = "", single = ""] of header.matchAll(/^import\s*(?:\(([\s\S]*?)\)|(?:[\w.]+\s+)?"([^"]+)")/gm)) {
    if (single !== "") paths.push(single)
    for (const [, path = ""] of block.matchAll(/^\s*(?:[\w.]+\s+)?"([^"]+)"/gm)) paths.push(path)
  }
  return paths
}

/** The standard library's packages are the ones whose first element has no dot (and cgo's `C`). */
export const isStandard = (importPath: string): boolean => !(importPath.split("/")[0] ?? "").includes(".")

/** A file of the checkout the Go plug-ins read beside the Go files (a go.mod, a CI configuration), if it is there. */
export const readIfThere = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8")
  } catch {
    return undefined
  }
}
