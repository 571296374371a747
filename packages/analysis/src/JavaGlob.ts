import { Either } from "effect"
import { type Piece, parseJavaGlob, type Step } from "./JavaGlobSyntax.js"

/**
 * A glob in the syntax of Java's `FileSystem.getPathMatcher("glob:…")` (JavaGlobSyntax.ts), matched
 * against a path relative to the repository's root: the syntax the analysis configuration file's
 * `exclude_paths` are documented in, and what the original service matches them with. The whole
 * path must match. minimatch and picomatch read `**.js` as `*.js` (a `**` not alone between slashes
 * is a `*` to them) where Java leaves out every `.js` file of the tree, hence Java's own rules here
 * rather than a glob library.
 *
 * A glob is matched as an automaton over all its positions at once, never by backtracking: a
 * regular expression such as `**a**a**a…b` tries exponentially many ways of splitting a long name,
 * and a repository's configuration file held the server for seconds per path that way. Here a path
 * costs at most its length times the glob's.
 */
export interface JavaGlob {
  readonly test: (path: string) => boolean
}

/**
 * Longer globs are refused. A glob names a path or a family of paths, and real paths are mostly
 * under 200 characters (a name is at most 255 bytes on the usual file systems): a glob of 1 000
 * spells any of them, while keeping the worst glob against a 200-character path near a millisecond
 * (the automaton's cost is the product of the two lengths). AnalysisConfiguration.ts bounds a file's.
 */
export const maxJavaGlobLength = 1_000

export const javaGlob = (glob: string): Either.Either<JavaGlob, string> =>
  glob.length > maxJavaGlobLength
    ? Either.left(`the glob of ${glob.length} characters is longer than the ${maxJavaGlobLength} read: ${JSON.stringify(glob.slice(0, 40))}…`)
    : Either.map(parseJavaGlob(glob), automatonOf)

/** A state reads a character and moves to `next`, or stays (`repeats`), or forks without reading. */
type State =
  | { readonly kind: "read"; readonly step: Step; readonly next: number }
  | { readonly kind: "fork"; readonly next: ReadonlyArray<number> }
  | { readonly kind: "accept" }

const automatonOf = (pieces: ReadonlyArray<Piece>): JavaGlob => {
  // Most globs begin with a directory (`node_modules/**`) or end with a name (`**/*.min.js`): a path
  // not beginning and ending so is refused without running the automaton, which reads the rest.
  const spelled = (literals: ReadonlyArray<Piece>) => literals.map((piece) => ("literal" in piece ? piece.literal : "")).join("")
  const firstOther = pieces.findIndex((piece) => !("literal" in piece))
  const prefix = spelled(firstOther === -1 ? pieces : pieces.slice(0, firstOther))
  const suffix = spelled(pieces.slice(pieces.findLastIndex((piece) => !("literal" in piece)) + 1))
  const states: Array<State> = [{ kind: "accept" }]
  const add = (state: State): number => states.push(state) - 1
  const sequence = (steps: ReadonlyArray<Step>, next: number): number =>
    steps.reduceRight((after, step) => add({ kind: "read", step, next: after }), next)
  // Built from the end: each state knows where it goes on.
  const start = pieces.slice(prefix.length).reduceRight(
    (after, piece) =>
      "alternatives" in piece
        ? add({ kind: "fork", next: piece.alternatives.map((steps) => sequence(steps, after)) })
        : sequence([piece], after),
    0
  )
  const run = runner(states, start)
  return { test: (path) => path.startsWith(prefix) && path.endsWith(suffix) && run(path, prefix.length) }
}

/**
 * Whether the automaton reaches `accept` (state 0) having read the path from `from` on. The states
 * reached after the same number of characters are kept once each: a state's mark is the last round
 * it was reached in. The buffers are the automaton's own, and rounds count on across paths, so that
 * a path costs no allocation nor clearing for each of a configuration's hundreds of globs.
 */
const runner = (states: ReadonlyArray<State>, start: number) => {
  const marks = new Float64Array(states.length).fill(-1)
  const pending = new Int32Array(states.length)
  let current = new Int32Array(states.length)
  let next = new Int32Array(states.length)
  let reached = 0
  let top = 0
  let round = 0
  const push = (state: number) => {
    if (marks[state] === round) return
    marks[state] = round
    pending[top++] = state
  }
  // `from` and the states it reaches without reading, into `next`.
  const reach = (from: number) => {
    push(from)
    while (top > 0) {
      const state = pending[--top] ?? 0
      next[reached++] = state
      const found = states[state]
      if (found?.kind === "fork") found.next.forEach(push)
      // A repeating step may also read nothing.
      else if (found?.kind === "read" && found.step.repeats) push(found.next)
    }
  }
  return (path: string, from: number): boolean => {
    round++
    reached = 0
    reach(start)
    for (let i = from; i < path.length && reached > 0; i++) {
      const previous = next
      next = current
      current = previous
      const size = reached
      reached = 0
      round++
      const code = path.charCodeAt(i)
      for (let k = 0; k < size; k++) {
        const state = current[k] ?? 0
        const found = states[state]
        if (found?.kind === "read" && found.step.accepts(code)) reach(found.step.repeats ? state : found.next)
      }
    }
    return reached > 0 && marks[0] === round
  }
}
