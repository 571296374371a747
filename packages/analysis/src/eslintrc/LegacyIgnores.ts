import ignore from "ignore"

/**
 * The files ESLint 8 would not lint, with the very package (`ignore`, gitignore's rules) its legacy
 * loader matches them with: its defaults (`node_modules` and dotfiles, a `!` pattern can take a
 * dotfile back), `.eslintignore` at the root (or package.json's `eslintIgnore`), and each config's
 * `ignorePatterns`, relative to that config's folder.
 */

/** Patterns relative to a folder ("" for the root). */
export interface IgnoreScope {
  readonly directory: string
  readonly patterns: ReadonlyArray<string>
}

// ESLint 8's IgnorePattern.DefaultPatterns and its dotfile patterns.
export const eslint8DefaultIgnores: ReadonlyArray<string> = ["/**/node_modules/*", ".*", "!.eslintrc.*", "!../"]

/** `.eslintignore`'s lines (comments and blank lines are the `ignore` package's to skip). */
export const ignoreFileLines = (content: string): ReadonlyArray<string> => content.split(/\r?\n/)

const relativeTo = (directory: string, path: string): string | undefined =>
  directory === "" ? path : path.startsWith(`${directory}/`) ? path.slice(directory.length + 1) : undefined

export const ignoresOf = (scopes: ReadonlyArray<IgnoreScope>): ((path: string) => boolean) => {
  const matchers = scopes
    .filter((scope) => scope.patterns.length > 0)
    .map((scope) => ({ directory: scope.directory, matcher: ignore({ allowRelativePaths: true }).add([...scope.patterns]) }))
  return (path) =>
    matchers.some(({ directory, matcher }) => {
      const relative = relativeTo(directory, path)
      return relative !== undefined && relative !== "" && matcher.ignores(relative)
    })
}
