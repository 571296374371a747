import type { SourceFile } from "../SourceTree.js"

/**
 * Which files yamllint checks: those whose name matches its `yaml-files` patterns — its default
 * (`*.yaml`, `*.yml`, `.yamllint`), or the repository's configuration's. yamllint matches a
 * pattern (gitignore's syntax) against a file's name alone, never its folder.
 */

export const defaultYamlFiles: ReadonlyArray<string> = ["*.yaml", "*.yml", ".yamllint"]

const escape = (text: string): string => text.replace(/[.+^${}()|\\]/g, "\\$&")

/** A name pattern as a regular expression: `*` any run of characters, `?` one, `[…]` a class. */
const regexOf = (pattern: string): RegExp => {
  let source = ""
  for (const part of pattern.split(/(\*+|\?|\[[^\]]*\])/)) {
    if (part === "") continue
    if (part.startsWith("*")) source += ".*"
    else if (part === "?") source += "."
    else if (part.startsWith("[") && part.length > 2) source += part.replace(/^\[!/, "[^")
    else source += escape(part)
  }
  return new RegExp(`^${source}$`)
}

/** Whether a file's name matches one of the patterns (a `!pattern` takes a name back out, as gitignore's does). */
export const yamlFilesMatcher = (patterns: ReadonlyArray<string>) => {
  const rules = patterns
    .map((pattern) => pattern.trim())
    .filter((pattern) => pattern !== "" && !pattern.startsWith("#"))
    .map((pattern) => (pattern.startsWith("!") ? { negated: true, regex: regexOf(pattern.slice(1)) } : { negated: false, regex: regexOf(pattern) }))
  return (file: SourceFile): boolean => {
    const name = file.path.slice(file.path.lastIndexOf("/") + 1)
    return rules.reduce((taken, rule) => (rule.regex.test(name) ? !rule.negated : taken), false)
  }
}

/** Whether yamllint checks this file with its default `yaml-files`. */
export const takesYaml: (file: SourceFile) => boolean = yamlFilesMatcher(defaultYamlFiles)
