import { Either } from "effect"
import { reasonOf } from "../LintedFile.js"

/**
 * Ruff's file patterns (`exclude`, `per-file-ignores`) as the `globset` crate reads them with its
 * default options, which Ruff keeps: `*` and `?` also match `/` (so `tests/*` matches
 * `tests/unit/a.py`), `**` spans directories, `[...]`/`[!...]` are classes, `{a,b}` alternatives,
 * and `\` escapes the next character.
 */

const special = /[.*+?^${}()|[\]\\/]/g
const literal = (text: string) => text.replace(special, "\\$&")

const classOf = (glob: string, start: number): { readonly source: string; readonly end: number } => {
  let at = start + 1
  const negated = glob[at] === "!" || glob[at] === "^"
  if (negated) at++
  let body = ""
  // A `]` right after the opening (or its `!`) is a member, not the end.
  if (glob[at] === "]") {
    body += "\\]"
    at++
  }
  while (at < glob.length && glob[at] !== "]") {
    const char = glob[at] ?? ""
    body += char === "-" ? "-" : literal(char)
    at++
  }
  if (at >= glob.length) throw new Error(`unclosed character class in ${glob}`)
  return { source: `[${negated ? "^" : ""}${body}]`, end: at + 1 }
}

const closingBrace = (glob: string, start: number): number => {
  const end = glob.indexOf("}", start)
  if (end < 0) throw new Error(`unclosed alternative in ${glob}`)
  return end
}

const translate = (glob: string): string => {
  let source = ""
  let at = 0
  while (at < glob.length) {
    const char = glob[at] ?? ""
    if (char === "\\") {
      source += literal(glob[at + 1] ?? "\\")
      at += 2
    } else if (char === "*") {
      let end = at
      while (glob[end] === "*") end++
      const whole = (at === 0 || glob[at - 1] === "/") && end - at >= 2
      if (whole && glob[end] === "/") {
        // `**/` also matches no directory at all: `**/a.py` matches `a.py`.
        source += "(?:.*/)?"
        end++
      } else {
        source += ".*"
      }
      at = end
    } else if (char === "?") {
      source += "."
      at++
    } else if (char === "[") {
      const made = classOf(glob, at)
      source += made.source
      at = made.end
    } else if (char === "{") {
      const end = closingBrace(glob, at)
      source += `(?:${glob.slice(at + 1, end).split(",").map(translate).join("|")})`
      at = end + 1
    } else {
      source += literal(char)
      at++
    }
  }
  return source
}

/** A glob's test of a whole path (or name), or why the glob is invalid. */
export const ruffGlob = (glob: string): Either.Either<(candidate: string) => boolean, string> =>
  Either.try({
    try: () => {
      const pattern = new RegExp(`^${translate(glob)}$`, "s")
      return (candidate: string) => pattern.test(candidate)
    },
    catch: reasonOf
  })
