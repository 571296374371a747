import { Either } from "effect"

/**
 * Java's `glob:` syntax read into the steps JavaGlob.ts matches: what each step accepts of one
 * character (a UTF-16 code unit, as the regular expressions this replaced read them), and whether
 * it may repeat. `*` and `?` stay within a name, `**` crosses directories, `[…]` (`!` negates)
 * never matches `/`, `{a,b}` is either (groups do not nest), `\` escapes.
 */

/** Whether a step takes the character of this code. */
export type CharTest = (code: number) => boolean

/** One character (`repeats: false`), or any number of them (`*`, `**`). */
export interface Step {
  readonly repeats: boolean
  readonly accepts: CharTest
}

/** A step of one given character. */
export interface Literal extends Step {
  readonly literal: string
}

/** `{a,b}`: one of its alternatives, each a sequence of steps. */
export interface Group {
  readonly alternatives: ReadonlyArray<ReadonlyArray<Step>>
}

export type Piece = Step | Group

const slash = 0x2f

const notSlash: CharTest = (code) => code !== slash

// Java's `**` is the regular expression `.*` without DOTALL, as the translation this replaced was:
// it does not cross a line break. Kept so that no path matches differently than it did.
const notLineTerminator: CharTest = (code) => code !== 0x0a && code !== 0x0d && code !== 0x2028 && code !== 0x2029

const literal = (c: string): Literal => {
  const code = c.charCodeAt(0)
  return { repeats: false, accepts: (other) => other === code, literal: c }
}

const failure = (error: string, glob: string, at: number): string =>
  `${error} at character ${at + 1} of the glob ${JSON.stringify(glob)}`

type Range = readonly [number, number]

/** The class's own members, without the negation and the `/` it never matches. */
const classOf = (negated: boolean, ranges: ReadonlyArray<Range>): Step => ({
  repeats: false,
  accepts: (code) => code !== slash && negated !== ranges.some(([low, high]) => low <= code && code <= high)
})

/**
 * A leading `-` (after `[`, `[!` or `[^`) is a literal, so a `-` right after it, or a `-` right after
 * the literal `^` of `[^`, would start a range without a start. Java refuses both; the regular
 * expressions this replaced read them as ranges from `-` or `^` (or threw on a backwards one).
 */
const rangeWithoutStart = (glob: string, dash: number, afterCaret: boolean): number | undefined => {
  const follows = (at: number) => at < glob.length && glob[at] !== "]"
  if (afterCaret && follows(dash + 1)) return dash
  return glob[dash + 1] === "-" && follows(dash + 2) ? dash + 1 : undefined
}

/** A bracket expression from `[` at `start`: its step and where the glob goes on. */
const bracket = (glob: string, start: number): Either.Either<{ readonly step: Step; readonly next: number }, string> => {
  let i = start + 1
  const negated = glob[i] === "!"
  const afterCaret = glob[i] === "^"
  const ranges: Array<Range> = []
  const single = (c: string) => ranges.push([c.charCodeAt(0), c.charCodeAt(0)])
  if (negated || afterCaret) {
    if (afterCaret) single("^")
    i++
  }
  if (glob[i] === "-") {
    const unstarted = rangeWithoutStart(glob, i, afterCaret)
    if (unstarted !== undefined) return Either.left(failure("a range has no start", glob, unstarted))
    single("-")
    i++
  }
  let rangeStart: string | undefined
  for (; i < glob.length; i++) {
    const c = glob.charAt(i)
    if (c === "]") return Either.right({ step: classOf(negated, ranges), next: i + 1 })
    if (c === "/") return Either.left(`a class cannot hold "/" at character ${i + 1} of the glob ${JSON.stringify(glob)}`)
    if (c === "-" && rangeStart !== undefined && glob[i + 1] !== "]") {
      const end = glob.charAt(i + 1)
      if (end < rangeStart) return Either.left(`the range ${rangeStart}-${end} is backwards in the glob ${JSON.stringify(glob)}`)
      ranges.push([rangeStart.charCodeAt(0), end.charCodeAt(0)])
      rangeStart = undefined
      i++
    } else {
      single(c)
      rangeStart = c
    }
  }
  return Either.left(`a class opened at character ${start + 1} is not closed in the glob ${JSON.stringify(glob)}`)
}

/** The glob's pieces, or why Java would refuse it (and where). */
export const parseJavaGlob = (glob: string): Either.Either<ReadonlyArray<Piece>, string> => {
  const pieces: Array<Piece> = []
  let group: Array<Array<Step>> | undefined
  const add = (step: Step) => (group === undefined ? pieces.push(step) : group[group.length - 1]?.push(step))
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charAt(i)
    if (c === "\\") {
      if (i + 1 === glob.length) return Either.left(failure("nothing to escape", glob, i))
      add(literal(glob.charAt(++i)))
    } else if (c === "[") {
      const parsed = bracket(glob, i)
      if (Either.isLeft(parsed)) return Either.left(parsed.left)
      add(parsed.right.step)
      i = parsed.right.next - 1
    } else if (c === "{") {
      if (group !== undefined) return Either.left(failure("groups cannot nest", glob, i))
      group = [[]]
    } else if (c === "}" && group !== undefined) {
      pieces.push({ alternatives: group })
      group = undefined
    } else if (c === "," && group !== undefined) {
      group.push([])
    } else if (c === "*") {
      const crosses = glob[i + 1] === "*"
      add({ repeats: true, accepts: crosses ? notLineTerminator : notSlash })
      if (crosses) i++
    } else if (c === "?") {
      add({ repeats: false, accepts: notSlash })
    } else {
      add(literal(c))
    }
  }
  return group === undefined ? Either.right(pieces) : Either.left(failure("a group is not closed", glob, glob.length - 1))
}
