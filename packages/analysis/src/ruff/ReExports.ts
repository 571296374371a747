import type { Issue } from "../LintResult.js"
import type { SourceFile } from "../SourceTree.js"

/**
 * Ruff's F401 (imported but unused) where the import is a re-export: removing it breaks the code
 * that imports the name from this module. With a repository's own configuration Ruff decides alone
 * (requests' `per-file-ignores` says so itself); with the default patterns these are not reported:
 * - every F401 of a package's `__init__.py`: its imports are the package's API (what Ruff's
 *   `ignore-init-module-imports` did);
 * - an F401 whose name another file of the tree imports from this module (`from .compat import
 *   quote`, `from requests.compat import quote`, the alias where the import has one): read from the
 *   files' text, as Ruff reads each file;
 * - every F401 of a file that says its unused imports are meant (`# pyright: reportUnusedImport=false`,
 *   as requests.compat does: its users outside the tree import them).
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

const lineOf = (file: SourceFile | undefined, line: number): string => file?.content.split("\n")[line - 1] ?? ""

/** The name the import binds: its alias where it has one (`import io as StringIO` binds `StringIO`). */
const boundName = (name: string, text: string): string =>
  new RegExp(`\\b${name}\\s+as\\s+(\\w+)`).exec(text)?.[1] ?? name

// Pyright's file-level switch: the file says itself that its unused imports are there on purpose.
const reExportingFile = /^#\s*pyright:.*\breportUnusedImport\s*=\s*false\b/m

// Python's builtins a module re-exports as its own attribute (`str = str` in requests.compat).
const builtins = new Set([
  "bool", "bytearray", "bytes", "complex", "dict", "float", "frozenset", "int", "list", "memoryview", "object",
  "range", "set", "slice", "str", "tuple", "type", "input", "open", "print", "chr", "ord", "map", "filter", "zip"
])

// Ruff's message: "Self-assignment of variable `bytes`".
const selfAssigned = (message: string): string | undefined => /`([^`]+)`/.exec(message)?.[1]

/**
 * PLW0127 (self-assignment) at a module's top level, of a builtin: `bytes = bytes` makes `bytes` an
 * attribute of the module (`from requests.compat import bytes`), so it is not a no-op to remove.
 */
const isBuiltinReExport = (issue: Issue, file: SourceFile | undefined): boolean => {
  const name = selfAssigned(issue.message)
  return name !== undefined && builtins.has(name) && new RegExp(`^${name}\\s*=\\s*${name}\\s*(#.*)?$`).test(lineOf(file, issue.line))
}

/** The issues without the F401s and self-assignments that are re-exports. */
export const withoutReExports = (issues: ReadonlyArray<Issue>, files: ReadonlyArray<SourceFile>, patternPrefix: string): ReadonlyArray<Issue> => {
  const unusedImport = `${patternPrefix}F401`
  const selfAssignment = `${patternPrefix}PLW0127`
  if (!issues.some((issue) => issue.patternId === unusedImport || issue.patternId === selfAssignment)) return issues
  const imported = importedFrom(files)
  const byPath = new Map(files.map((file) => [file.path, file]))
  return issues.filter((issue) => {
    const file = byPath.get(issue.file)
    if (issue.patternId === selfAssignment) return !isBuiltinReExport(issue, file)
    if (issue.patternId !== unusedImport) return true
    if (issue.file === "__init__.py" || issue.file.endsWith("/__init__.py")) return false
    if (file !== undefined && reExportingFile.test(file.content)) return false
    const stem = moduleStem(issue.file)
    const name = importedName(issue.message)
    return stem === undefined || name === undefined || !(imported.get(stem)?.has(boundName(name, lineOf(file, issue.line))) ?? false)
  })
}
