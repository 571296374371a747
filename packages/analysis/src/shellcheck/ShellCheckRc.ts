import { posix } from "node:path"
import type { SourceFile } from "../SourceTree.js"
import type { ShellDialect } from "./ShellScripts.js"

/**
 * A repository's `.shellcheckrc`, read as data: ShellCheck's own format, lines of `key=value`
 * directives and `#` comments. ShellCheck itself never reads it here (it runs with `--norc`, or it
 * would look for one up the folders above the checkout and in the home folder): what it says
 * becomes ShellCheck's options, and what would reach outside the checkout is refused and named.
 *
 * - `disable=SC2086,SC1000-SC1999,all`: those codes are not counted (a filter on the output, as
 *   ShellCheck's own `--exclude`, which takes no ranges);
 * - `enable=require-variable-braces`: the optional checks named (those this ShellCheck lists);
 * - `shell=bash`: the dialect of the scripts it governs;
 * - `source-path=SCRIPTDIR/lib`: where a sourced file is looked for, when it stays in the checkout;
 * - `external-sources=true` and `source=` are not followed: either would let ShellCheck read files
 *   the analysis was not given (a sourced script of the checkout is followed all the same).
 */

export interface CodeRange {
  /** Inclusive. */
  readonly from: number
  /** Exclusive, as ShellCheck's own `DisableComment from to`. */
  readonly to: number
}

export interface ShellCheckRc {
  /** Relative to the tree's root. */
  readonly file: string
  readonly disabled: ReadonlyArray<CodeRange>
  readonly enabled: ReadonlyArray<string>
  readonly shell: ShellDialect | undefined
  readonly sourcePaths: ReadonlyArray<string>
  /** What was not followed, each in words. */
  readonly problems: ReadonlyArray<string>
}

export const rcName = ".shellcheckrc"

/** `key=value` pairs of one line, a value quoted or not; a `#` outside a value starts a comment. */
const pairsOf = (line: string): ReadonlyArray<readonly [string, string]> | string => {
  const pairs: Array<readonly [string, string]> = []
  const pair = /\s*([a-zA-Z-]+)=(?:"([^"]*)"|'([^']*)'|([^\s#]*))/y
  let index = 0
  while (index < line.length) {
    const rest = line.slice(index).trimStart()
    if (rest === "" || rest.startsWith("#")) break
    pair.lastIndex = index
    const found = pair.exec(line)
    if (found === null) return `cannot read "${rest}"`
    pairs.push([found[1] ?? "", found[2] ?? found[3] ?? found[4] ?? ""])
    index = pair.lastIndex
  }
  return pairs
}

const codeOf = (text: string): number | undefined => {
  const digits = /^(?:SC)?(\d+)$/i.exec(text.trim())?.[1]
  return digits === undefined ? undefined : Number(digits)
}

/** ShellCheck's `disable` element: `all`, a code, or `SCa-SCb` (as ShellCheck reads it, `SCb` itself stays on). */
const rangeOf = (element: string): CodeRange | undefined => {
  if (element.trim() === "all") return { from: 0, to: 1_000_000 }
  const [start = "", end] = element.split("-")
  const from = codeOf(start)
  const to = end === undefined ? (from === undefined ? undefined : from + 1) : codeOf(end)
  return from === undefined || to === undefined ? undefined : { from, to }
}

const dialects: ReadonlySet<string> = new Set(["sh", "bash", "dash", "ksh"])

/** A `source-path` that stays in the checkout: `SCRIPTDIR`, under it, or a folder of the tree. */
const staysInside = (path: string): boolean => {
  const relative = path === "SCRIPTDIR" ? "" : path.startsWith("SCRIPTDIR/") ? path.slice("SCRIPTDIR/".length) : path
  const normal = posix.normalize(relative === "" ? "." : relative)
  return !posix.isAbsolute(relative) && normal !== ".." && !normal.startsWith("../")
}

/** The rc file's directives, with what this ShellCheck can follow; `optionalChecks` are the names it lists. */
export const readShellCheckRc = (file: SourceFile, optionalChecks: ReadonlySet<string>): ShellCheckRc => {
  const disabled: Array<CodeRange> = []
  const enabled: Array<string> = []
  const sourcePaths: Array<string> = []
  const problems: Array<string> = []
  let shell: ShellDialect | undefined
  for (const [index, line] of file.content.split("\n").entries()) {
    const pairs = pairsOf(line)
    if (typeof pairs === "string") {
      problems.push(`line ${index + 1}: ${pairs}`)
      continue
    }
    for (const [key, value] of pairs) {
      const at = `line ${index + 1}: ${key}=${value}`
      if (key === "disable") {
        for (const element of value.split(",")) {
          const range = rangeOf(element)
          if (range === undefined) problems.push(`${at}: "${element}" is not a code`)
          else disabled.push(range)
        }
      } else if (key === "enable") {
        for (const name of value.split(",").map((n) => n.trim())) {
          if (name === "all" || optionalChecks.has(name)) enabled.push(name)
          else problems.push(`${at}: this ShellCheck has no optional check "${name}"`)
        }
      } else if (key === "shell") {
        if (dialects.has(value)) shell = value as ShellDialect
        else problems.push(`${at}: ShellCheck checks sh, bash, dash and ksh only`)
      } else if (key === "source-path") {
        if (staysInside(value)) sourcePaths.push(value)
        else problems.push(`${at} is not followed: it reaches outside the checkout`)
      } else if (key === "external-sources") {
        if (value === "true") problems.push(`${at} is not followed: ShellCheck would read files outside the checkout (a sourced script of the checkout is followed all the same)`)
      } else if (key === "source") {
        problems.push(`${at} is not followed: it names one file for every script`)
      } else {
        problems.push(`${at}: ShellCheck has no such directive`)
      }
    }
  }
  return { file: file.path, disabled, enabled, shell, sourcePaths, problems }
}

/** The closest `.shellcheckrc` at or above a file's folder, within the tree, as ShellCheck looks for one. */
export const rcFor = (rcs: ReadonlyMap<string, ShellCheckRc>, path: string): ShellCheckRc | undefined => {
  let folder = posix.dirname(path)
  for (;;) {
    const found = rcs.get(folder === "." ? rcName : `${folder}/${rcName}`)
    if (found !== undefined || folder === ".") return found
    folder = posix.dirname(folder)
  }
}

/** Whether a code is disabled by one of the ranges. */
export const isDisabled = (ranges: ReadonlyArray<CodeRange>, code: number): boolean => ranges.some((range) => code >= range.from && code < range.to)
