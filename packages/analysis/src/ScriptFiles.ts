/** JavaScript and TypeScript: the languages of the catalogue's ESLint patterns. */
export const javaScriptExtensions: ReadonlyArray<string> = [".js", ".mjs", ".cjs", ".jsx"]
export const typeScriptExtensions: ReadonlyArray<string> = [".ts", ".tsx", ".mts", ".cts"]

const hasExtension = (extensions: ReadonlyArray<string>) => (path: string): boolean =>
  extensions.some((extension) => path.endsWith(extension))

/** Declaration files (`.d.ts`) are linted too: ESLint lints them when asked, and so would a team's CI. */
export const isLintable = hasExtension([...javaScriptExtensions, ...typeScriptExtensions])

