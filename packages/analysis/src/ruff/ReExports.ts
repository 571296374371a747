import type { Issue } from "../LintResult.js"
import type { SourceFile } from "../SourceTree.js"

/**
 * Ruff's F401 (imported but unused) where the import is a re-export: removing it breaks the code
 * that imports the name from this module. With a repository's own configuration Ruff decides alone
 * (requests' `per-file-ignores` says so itself); with the default patterns these are not reported:
 * - every F401 of a package's `__init__.py`: its imports are the package's API (what Ruff's
 *   `ignore-init-module-imports` did);
 * - an F401 whose name another file of the tree imports from this module (`from .compat import
 *   quote`, `from requests.compat import quote`): read from the files' text, as Ruff reads each file.
 */

const moduleStem = (path: string): string | undefined => {
  const name = path.slice(path.lastIndexOf("/") + 1)
  return name.endsWith(".py") || name.endsWith(".pyi") ? name.replace(/\.pyi?$/, "") : undefined
}

// `from x.compat import a, b` and its parenthesised, multi-line form.
const fromImport = /^\s*from\s+([.\w]+)\s+import\s+(\([^)]*\)|[^\n#]+)/gm

/** For each module stem (`compat`), the names other files import from a module of that stem. */
const importedFrom = (files: ReadonlyArray<SourceFile>): ReadonlyMap<string, ReadonlySet<string>> => {
  const names = new Map<string, Set<string>>()
  for (const file of files) {
    if (moduleStem(file.path) === undefined || !file.content.includes("import")) continue
    for (const match of file.content.matchAll(fromImport)) {
      const stem = (match[1] ?? "").split(".").filter((part) => part !== "").pop()
      if (stem === undefined) continue
      const imported = (match[2] ?? "").replace(/[()]/g, "").split(",").map((part) => part.trim().split(/\s+as\s+/)[0]?.trim() ?? "")
      const known = names.get(stem) ?? new Set<string>()
      for (const name of imported) if (name !== "") known.add(name)
      names.set(stem, known)
    }
  }
  return names
}

// Ruff's message: "`json.JSONDecodeError` imported but unused" (and variants after it).
const importedName = (message: string): string | undefined => /^`([^`]+)`/.exec(message)?.[1]?.split(".").pop()

/** The issues without the F401s that are re-exports. */
export const withoutReExports = (issues: ReadonlyArray<Issue>, files: ReadonlyArray<SourceFile>, patternId: string): ReadonlyArray<Issue> => {
  if (!issues.some((issue) => issue.patternId === patternId)) return issues
  const imported = importedFrom(files)
  return issues.filter((issue) => {
    if (issue.patternId !== patternId) return true
    if (issue.file === "__init__.py" || issue.file.endsWith("/__init__.py")) return false
    const stem = moduleStem(issue.file)
    const name = importedName(issue.message)
    return stem === undefined || name === undefined || !(imported.get(stem)?.has(name) ?? false)
  })
}
