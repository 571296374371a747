/** JavaScript and TypeScript: the languages of the catalogue's ESLint patterns. */
export const javaScriptExtensions: ReadonlyArray<string> = [".js", ".mjs", ".cjs", ".jsx"]
export const typeScriptExtensions: ReadonlyArray<string> = [".ts", ".tsx", ".mts", ".cts"]

const hasExtension = (extensions: ReadonlyArray<string>) => (path: string): boolean =>
  extensions.some((extension) => path.endsWith(extension))

/** Declaration files (`.d.ts`) are linted too: ESLint lints them when asked, and so would a team's CI. */
export const isLintable = hasExtension([...javaScriptExtensions, ...typeScriptExtensions])


const declarationFile = /\.d\.[cm]?ts$/

/**
 * Linted with the default patterns: every lintable file but declaration files. A declaration file
 * is a package's published API: its unused type parameters, empty interfaces and type-only classes
 * are what its users compile against, so the default patterns' advice there would break them
 * (measured on axios's typings: docs/real-repositories.md). A repository's own configuration
 * still decides for them.
 */
export const isLintedByDefault = (path: string): boolean => isLintable(path) && !declarationFile.test(path)

// A line this long is not written by hand.
const generatedLine = 1000

/**
 * Minified code, whatever its name: most of its characters on lines of a thousand or more (axios
 * keeps an ES6 Promise polyfill as `test/manual/promise.js`, 17 952 characters on 8 lines). Its
 * names are a minifier's, so the default patterns' advice there is about no one's code; a
 * `.min.js` is already left out by name (DefaultIgnores.ts).
 */
export const looksMinified = (content: string): boolean => {
  if (content.length < generatedLine) return false
  let onLongLines = 0
  for (const line of content.split("\n")) if (line.length >= generatedLine) onLongLines += line.length
  return onLongLines * 2 > content.length
}
