import { languageOf } from "./Language.js"
import type { SourceFile } from "./SourceTree.js"

/** Python as its linters read it (Ruff, Pylint): modules, stubs, and scripts whose `#!` runs python; not notebooks. */
export const takesPython = (file: SourceFile): boolean =>
  file.path.endsWith(".pyi") || languageOf(file.path, file.content) === "Python"
