import { spawnSync } from "node:child_process"

/**
 * A tree's files as the arguments of as few runs as the system allows: the kernel refuses a
 * command line (with its environment) longer than ARG_MAX, which `getconf` tells (2 MiB on a usual
 * Linux). Half of it is used, for the launchers' own arguments and a margin; 128 KiB, POSIX's
 * floor on Linux, where `getconf` cannot tell.
 */

const fallbackArgMax = 128 * 1024

let argMax: number | undefined

/** ARG_MAX of this machine, asked once per process. */
export const systemArgMax = (): number => {
  if (argMax !== undefined) return argMax
  const answer = spawnSync("getconf", ["ARG_MAX"], { encoding: "utf8", timeout: 5_000 })
  const value = Number.parseInt(answer.stdout ?? "", 10)
  argMax = Number.isFinite(value) && value > 0 ? value : fallbackArgMax
  return argMax
}

// An argument costs its bytes, its ending NUL and its pointer in argv.
const costOf = (argument: string): number => Buffer.byteLength(argument, "utf8") + 1 + 8

/**
 * The files in order, cut into batches whose arguments (with `fixed`, the program's own) stay
 * within `budget` bytes; a batch has at least one file, whatever its length.
 */
export const argumentBatches = (
  fixed: ReadonlyArray<string>,
  files: ReadonlyArray<string>,
  budget: number = systemArgMax() / 2
): ReadonlyArray<ReadonlyArray<string>> => {
  const room = budget - fixed.reduce((sum, argument) => sum + costOf(argument), 0)
  const batches: Array<Array<string>> = []
  let current: Array<string> = []
  let used = 0
  for (const file of files) {
    const cost = costOf(file)
    if (current.length > 0 && used + cost > room) {
      batches.push(current)
      current = []
      used = 0
    }
    current.push(file)
    used += cost
  }
  if (current.length > 0) batches.push(current)
  return batches
}
