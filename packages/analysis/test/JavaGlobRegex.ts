import { Either } from "effect"

/**
 * The glob translation the analysis used before JavaGlob.ts: each glob as a backtracking regular
 * expression, which a glob such as `**a**a**a…b` made take exponential time on a long name. Kept
 * as the oracle JavaGlob's automaton is compared with, on inputs short enough to stay fast.
 */
export const javaGlobRegex = (glob: string): Either.Either<RegExp, string> => {
  const translated = translate(glob)
  return typeof translated === "string" ? Either.right(new RegExp(`^${translated}$`)) : Either.left(translated.error)
}

const regexMetaCharacters = new Set("\\^$.|?*+()[]{}")

const literal = (c: string): string => (regexMetaCharacters.has(c) ? `\\${c}` : c)

type Translation = string | { readonly error: string }

const failure = (error: string, glob: string, at: number): Translation => ({
  error: `${error} at character ${at + 1} of the glob ${JSON.stringify(glob)}`
})

/** A bracket expression from `[` at `start`: its class and where the glob goes on. */
const bracket = (glob: string, start: number): { readonly source: string; readonly next: number } | { readonly error: string } => {
  let i = start + 1
  let source = "["
  if (glob[i] === "!") {
    source += "^"
    i++
  } else if (glob[i] === "^") {
    source += "\\^"
    i++
  }
  if (glob[i] === "-") {
    source += "-"
    i++
  }
  let rangeStart: string | undefined
  for (; i < glob.length; i++) {
    const c = glob.charAt(i)
    if (c === "]") return { source: `(?!/)${source}]`, next: i + 1 }
    if (c === "/") return { error: `a class cannot hold "/" at character ${i + 1} of the glob ${JSON.stringify(glob)}` }
    if (c === "-" && rangeStart !== undefined && glob[i + 1] !== "]") {
      const end = glob.charAt(i + 1)
      if (end < rangeStart) return { error: `the range ${rangeStart}-${end} is backwards in the glob ${JSON.stringify(glob)}` }
      source += `-${literal(end)}`
      rangeStart = undefined
      i++
    } else {
      source += c === "\\" || c === "[" || c === "]" || c === "^" ? `\\${c}` : c
      rangeStart = c
    }
  }
  return { error: `a class opened at character ${start + 1} is not closed in the glob ${JSON.stringify(glob)}` }
}

const translate = (glob: string): Translation => {
  let source = ""
  let inGroup = false
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charAt(i)
    if (c === "\\") {
      if (i + 1 === glob.length) return failure("nothing to escape", glob, i)
      source += literal(glob.charAt(++i))
    } else if (c === "[") {
      const parsed = bracket(glob, i)
      if ("error" in parsed) return { error: parsed.error }
      source += parsed.source
      i = parsed.next - 1
    } else if (c === "{") {
      if (inGroup) return failure("groups cannot nest", glob, i)
      source += "(?:(?:"
      inGroup = true
    } else if (c === "}" && inGroup) {
      source += "))"
      inGroup = false
    } else if (c === "," && inGroup) {
      source += ")|(?:"
    } else if (c === "*") {
      const crosses = glob[i + 1] === "*"
      source += crosses ? ".*" : "[^/]*"
      if (crosses) i++
    } else if (c === "?") {
      source += "[^/]"
    } else {
      source += literal(c)
    }
  }
  return inGroup ? failure("a group is not closed", glob, glob.length - 1) : source
}
