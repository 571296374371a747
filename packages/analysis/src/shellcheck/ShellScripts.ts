import { languageOf } from "../Language.js"
import type { SourceFile } from "../SourceTree.js"

/**
 * Which files ShellCheck reads, and which of them it needs told their shell. ShellCheck checks
 * sh, bash, dash and ksh: a script by its extension (`.sh`, `.bash`, `.ksh`, `.dash`) unless its
 * `#!` line names another interpreter (`#!/bin/zsh`), or without an extension by a `#!` line that
 * names one of them (as Language.ts tells "Bourne Shell").
 */

export type ShellDialect = "sh" | "bash" | "dash" | "ksh"

const extensions: ReadonlyArray<string> = [".sh", ".bash", ".ksh", ".dash"]

const firstLineOf = (content: string): string | undefined => (content.startsWith("#!") ? (content.split("\n", 1)[0] ?? "") : undefined)

/** The dialect a `#!` line names, as Language.ts reads it: the last `sh`, `bash`, `dash` or `ksh` word. */
export const dialectOfShebang = (line: string): ShellDialect | undefined => {
  const words = Array.from(line.matchAll(/\b((?:ba|da|k)?sh)\b/g), (match) => match[1])
  const last = words.at(-1)
  return last === "sh" || last === "bash" || last === "dash" || last === "ksh" ? last : undefined
}

/** Whether ShellCheck checks this file. */
export const takesShell = (file: SourceFile): boolean => {
  const shebang = firstLineOf(file.content)
  const name = file.path.slice(file.path.lastIndexOf("/") + 1).toLowerCase()
  if (extensions.some((extension) => name.endsWith(extension) && name.length > extension.length)) {
    return shebang === undefined || dialectOfShebang(shebang) !== undefined
  }
  return !name.includes(".") && languageOf(file.path, file.content) === "Bourne Shell"
}

const basename = (path: string): string => path.slice(path.lastIndexOf("/") + 1)

/** The executable ShellCheck 0.9 reads from a `#!` line (its `executableFromShebang`). */
export const executableOfShebang = (line: string): string => {
  const text = line.replace(/^#!\s*/, "")
  // env's options first, then assignments (`foo=bar`), then the program.
  const fromEnv = (args: ReadonlyArray<string>) => {
    const start = args.findIndex((arg) => !arg.startsWith("-"))
    return (start < 0 ? [] : args.slice(start)).find((arg) => !arg.includes("=")) ?? ""
  }
  const env = /\/env +(-S|--split-string=?)? *(.*)/.exec(text)
  if (env !== null) return fromEnv((env[2] ?? "").split(/\s+/).filter((word) => word !== ""))
  const [first, second, ...rest] = text.split(/\s+/).filter((word) => word !== "")
  if (first === undefined) return ""
  if (basename(first) === "busybox" && second !== undefined) return basename(second) === "sh" ? "ash" : basename(second)
  if (basename(first) === "env") return fromEnv([second ?? "", ...rest].filter((word) => word !== ""))
  return basename(first)
}

/** The executables ShellCheck 0.9 knows a shell of (its `shellForExecutable`). */
const known: ReadonlySet<string> = new Set(["sh", "bash", "bats", "dash", "ash", "ksh", "ksh88", "ksh93"])

const directsShell = /^\s*#\s*shellcheck\s+(?:\S+\s+)*shell=/m

/**
 * The `--shell` a file needs: only where its `#!` line names a shell ShellCheck would not find
 * (`#!/usr/bin/with-contenv bash`, which ShellCheck calls unrecognised). ShellCheck reads a
 * recognised `#!` line, a `# shellcheck shell=` directive and a `.bash`/`.ksh`/`.dash` extension
 * itself; `--shell` would override a directive, so a file with one is left to it.
 */
export const shellFlagOf = (file: SourceFile): ShellDialect | undefined => {
  const shebang = firstLineOf(file.content)
  if (shebang === undefined || directsShell.test(file.content) || known.has(executableOfShebang(shebang))) return undefined
  return dialectOfShebang(shebang)
}

/**
 * Whether the script may read another (`source lib.sh`, `. ./lib.sh`): ShellCheck then follows a
 * sourced file that is among the files it was given, and what it reports on this one depends on
 * that one too. Generous: a false yes only costs the cache.
 */
export const maySource = (file: SourceFile): boolean => /(^|[\s;&|({`])(source|\.)[ \t]+[^\s=;&|)]/m.test(file.content)
