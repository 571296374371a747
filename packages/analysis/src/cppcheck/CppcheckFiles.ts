import { type Language, languageOfPath } from "../Language.js"
import type { SourceFile } from "../SourceTree.js"

/**
 * Which files Cppcheck reads, and how. It checks translation units — the sources a compiler is
 * given (`.c`, `.cc`, `.cpp`, `.cxx`, `.c++`) — each in the language its extension says; a header
 * (`.h`, `.hpp`, …, and the `.ipp`/`.tpp`/`.inl` a header includes) is read in the language of the
 * source that includes it, and what Cppcheck finds in it is reported at the header's lines. A
 * header no source includes is not checked, as a compiler never compiles it alone.
 */

export const cppcheckLanguages: ReadonlyArray<Language> = ["C", "C++", "C/C++ Header"]

const unitExtensions: ReadonlyArray<string> = [".c", ".cc", ".cpp", ".cxx", ".c++"]

/** Whether the file is C or C++ code Cppcheck reads, a source or a header (by the measures' language). */
export const takesCpp = (file: SourceFile): boolean => {
  const language = languageOfPath(file.path)
  return language !== undefined && cppcheckLanguages.includes(language)
}

/** Whether Cppcheck is given the file to check (a source), rather than reading it through another's `#include`. */
export const isTranslationUnit = (path: string): boolean => {
  const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase()
  return unitExtensions.some((extension) => name.endsWith(extension) && name.length > extension.length)
}

/**
 * Whether a source includes another source (`#include "table.c"`, a generated part): what
 * Cppcheck finds in it then depends on every source of the tree, not only on the headers.
 */
export const includesSource = (content: string): boolean => /^[ \t]*#[ \t]*include[ \t]*["<][^">\n]*\.(?:c|cc|cpp|cxx|c\+\+)[">]/im.test(content)

/**
 * A path as Cppcheck is given it: one that starts with `-` would be read as an option (Cppcheck
 * knows no `--`), so it goes as `./-x.c`; Cppcheck reports it without the `./`.
 */
export const argumentOf = (path: string): string => (path.startsWith("-") ? `./${path}` : path)

/** A path as Cppcheck reports it, as the tree names it. */
export const reportedPath = (path: string): string => path.replace(/^(?:\.\/)+/, "")
