import type { SourceFile } from "../SourceTree.js"

/**
 * Which files phpcs checks: PHP by its extension — the PHP extensions the measures know
 * (Language.ts), less `.phpt` (a PHP test's sections, not PHP from its first line) and `.phps`
 * (source shown, not run) — or, where a repository's ruleset names its own (`<arg
 * name="extensions">`), those. phpcs is told the same (`--extensions`): it skips a file given by
 * name whose extension it was not told.
 */

export const defaultPhpExtensions: ReadonlyArray<string> = ["php", "php3", "php4", "php5", "phtml", "ctp"]

const extensionOf = (path: string): string | undefined => {
  const name = path.slice(path.lastIndexOf("/") + 1)
  const dot = name.indexOf(".")
  return dot <= 0 ? undefined : name.slice(dot + 1).toLowerCase()
}

/**
 * Whether a file has one of the extensions. phpcs compares a file's name past its first dot
 * (`a.blade.php` is `blade.php`) as well as past its last, as here.
 */
export const hasExtension = (extensions: ReadonlyArray<string>) => {
  const wanted = new Set(extensions.map((extension) => extension.toLowerCase()))
  return (path: string): boolean => {
    const full = extensionOf(path)
    return full !== undefined && (wanted.has(full) || wanted.has(full.slice(full.lastIndexOf(".") + 1)))
  }
}

const byDefault = hasExtension(defaultPhpExtensions)

/** Whether phpcs checks this file with its default extensions. */
export const takesPhp = (file: SourceFile): boolean => byDefault(file.path)
