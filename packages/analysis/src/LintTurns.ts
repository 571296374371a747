import { Effect } from "effect"
import type { LintedFile } from "./LintedFile.js"
import type { PatternLint } from "./PatternLinter.js"
import type { SourceFile } from "./SourceTree.js"

/**
 * One tree's files linted by two threads at once (an analysis thread and its lint thread, see
 * LintThread): each takes the next file's turn from a counter in memory both share, so neither waits
 * while the other still has files to lint, however the work falls.
 */

/** The counter of one tree's turns, shared by the threads that lint it. */
export const makeTurns = (): SharedArrayBuffer => new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)

/** A file this thread linted, with its index in the tree's lintable files. */
export type LintedTurn = readonly [index: number, linted: LintedFile]

/**
 * The order the turns go in: the largest files first (each thread computes the same), so that the
 * last turns are short and neither thread waits long for the other's last file.
 */
const turnOrder = (files: ReadonlyArray<SourceFile>): ReadonlyArray<number> =>
  files.map((file, index) => [file.content.length, index] as const)
    .sort(([a, i], [b, j]) => b - a || i - j)
    .map(([, index]) => index)

/** Lints the files whose turns this thread takes, until none is left. */
export const lintTurns = (lint: PatternLint, turns: SharedArrayBuffer): Effect.Effect<ReadonlyArray<LintedTurn>> =>
  Effect.suspend(() => {
    const counter = new Int32Array(turns)
    const order = turnOrder(lint.lintable)
    const mine: Array<LintedTurn> = []
    const next = (): Effect.Effect<ReadonlyArray<LintedTurn>> => {
      const index = order[Atomics.add(counter, 0, 1)] ?? lint.lintable.length
      const file = lint.lintable[index]
      return file === undefined ? Effect.succeed(mine) : Effect.flatMap(lint.lintFile(file), (linted) => {
        mine.push([index, linted])
        return next()
      })
    }
    return next()
  })

/** Every lintable file's result, in the tree's order, from the turns of all the threads. */
export const inTreeOrder = (lint: PatternLint, turns: ReadonlyArray<LintedTurn>): ReadonlyArray<LintedFile> | undefined => {
  const linted = new Array<LintedFile | undefined>(lint.lintable.length).fill(undefined)
  for (const [index, file] of turns) linted[index] = file
  return linted.every((file): file is LintedFile => file !== undefined) ? linted : undefined
}
