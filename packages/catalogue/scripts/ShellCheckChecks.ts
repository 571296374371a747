import { readBlobs, snapshotPaths } from "./GitSnapshot.js"

/**
 * ShellCheck's checks as its Haskell source emits them. ShellCheck lists no checks of its own
 * (only its optional ones), so the generator reads a git snapshot of `koalaman/shellcheck` at the
 * release Tidemark runs: every comment is made by a call that names its level and its code, then
 * its message —
 *
 *   warn (getId token) 2034 $ name ++ " appears unused. Verify use (or export if used externally)."
 *   makeComment ErrorC id 2096 "On most OS, shebangs can only specify a single parameter."
 *   parseProblemAt pos WarningC 1017 "Literal carriage return. Run script through tr -d '\r' ."
 *
 * or by a local helper bound to a level (`let ppt = parseProblemAt pos ErrorC`, `let warntype =
 * if … then warn else err`). A part of a message computed at run time reads `…`.
 */

export type ShellCheckLevel = "error" | "warning" | "info" | "style"

export interface ShellCheckCheck {
  /** ShellCheck's code without its `SC`: `2086`. */
  readonly code: string
  /** Every level the source emits it at (most checks have one; `ls` in a for loop is an error or a warning). */
  readonly levels: ReadonlyArray<ShellCheckLevel>
  /** The message as the source writes it, its computed parts as `…`; absent where none is written. */
  readonly message: string | undefined
}

export interface SourceFile {
  readonly path: string
  readonly text: string
}

/** The functions and constructors that make a comment, with the level each gives it. */
const levelOfName: Readonly<Record<string, ShellCheckLevel>> = {
  err: "error",
  warn: "warning",
  info: "info",
  style: "style",
  errWithFix: "error",
  warnWithFix: "warning",
  infoWithFix: "info",
  styleWithFix: "style",
  ErrorC: "error",
  WarningC: "warning",
  InfoC: "info",
  StyleC: "style"
}

const levelNames = Object.keys(levelOfName)
const levelWord = new RegExp(`\\b(${levelNames.join("|")})\\b`, "g")

/** A local binding whose right side names a level: `let ppt = parseProblemAt pos ErrorC`, `warning code = parseProblem ErrorC code $ …`. */
interface Helper {
  readonly name: string
  readonly parameters: ReadonlyArray<string>
  readonly levels: ReadonlyArray<ShellCheckLevel>
  readonly body: string
}

const binding = /^([ \t]*)(?:let[ \t]+)?([a-z][\w']*)((?:[ \t]+[a-z][\w']*)*)[ \t]*=[ \t]*(.*)$/gm

/** The lines after `at` indented deeper than `indent`: the rest of a binding's body. */
const continuationOf = (text: string, at: number, indent: number): string => {
  const lines: Array<string> = []
  for (const line of text.slice(at).split("\n").slice(1)) {
    if (line.trim() !== "" && (/^\s*/.exec(line)?.[0].length ?? 0) <= indent) break
    lines.push(line)
  }
  return lines.join("\n")
}

const helpersOf = (text: string): ReadonlyArray<Helper> =>
  Array.from(text.matchAll(binding)).flatMap((match) => {
    const [whole, indent = "", name = "", parameters = "", first = ""] = match
    const body = `${first}\n${continuationOf(text, (match.index ?? 0) + whole.length - 1, indent.length)}`
    const levels = [...new Set(Array.from(body.matchAll(levelWord), (word) => levelOfName[word[1] ?? ""]).filter((level) => level !== undefined))]
    return levels.length === 0 || levelNames.includes(name) ? [] : [{ name, parameters: parameters.trim().split(/\s+/).filter((p) => p !== ""), levels, body }]
  })

/** An argument before the code: a name (`id`, `pos`) or a parenthesised expression (`(getId t)`). */
const argument = String.raw`(?:\([^()\n]*(?:\([^()\n]*\)[^()\n]*)*\)|[A-Za-z_][\w'.]*)`

const callsOf = (names: ReadonlyArray<string>) =>
  new RegExp(String.raw`\b(${names.map((name) => name.replaceAll("'", "\\'")).join("|")})\b((?:[ \t]+${argument}){0,2}?)[ \t]+(\d{4})\b`, "g")

/** Tokens of a message expression: string literals, `++`, and anything else (names, parentheses, brackets). */
const stringLiteral = /"(?:[^"\\\n]|\\.)*"/y
const space = /\s*/y

const unescape = (literal: string): string =>
  literal.slice(1, -1).replace(/\\(.)/g, (_, char: string) => (char === "n" ? "\n" : char === "t" ? "\t" : char))

/** From `at`, the end of a balanced `(…)` or `[…]`, skipping string literals; -1 when unbalanced. */
const groupEnd = (text: string, at: number): number => {
  const open = text.charAt(at)
  const close = open === "(" ? ")" : "]"
  let depth = 0
  for (let index = at; index < text.length; index++) {
    const char = text.charAt(index)
    if (char === "\"") {
      stringLiteral.lastIndex = index
      const literal = stringLiteral.exec(text)
      if (literal === null) return -1
      index += literal[0].length - 1
    } else if (char === open) {
      depth++
    } else if (char === close && --depth === 0) {
      return index + 1
    }
  }
  return -1
}

const nameToken = /[A-Za-z_][\w'.]*/y

/** One operand at `at`: a literal's text, or `undefined` for a computed part (`raw` as written); and where it ends. */
const operandAt = (text: string, at: number): { readonly text: string | undefined; readonly raw: string; readonly end: number } | undefined => {
  stringLiteral.lastIndex = at
  const literal = stringLiteral.exec(text)
  if (literal !== null) return { text: unescape(literal[0]), raw: literal[0], end: at + literal[0].length }
  // A computed part: a function applied to its arguments (`show n`, `e4m (getId t)`) on this line.
  let end = at
  for (;;) {
    const char = text.charAt(end)
    if (char === "(" || char === "[") {
      const after = groupEnd(text, end)
      if (after < 0) return undefined
      end = after
    } else {
      nameToken.lastIndex = end
      const name = nameToken.exec(text)
      if (name === null) break
      end += name[0].length
    }
    const gap = /[ \t]*/y
    gap.lastIndex = end
    const spaces = gap.exec(text)?.[0].length ?? 0
    const next = text.charAt(end + spaces)
    if (next === "+" || next === "<" || next === "\n" || next === "" || next === ")" || next === "$") break
    end += spaces
  }
  return end === at ? undefined : { text: undefined, raw: text.slice(at, end), end }
}

/** A `(` around a literal or a concatenation (`("…")`, `(s ++ "…")`), not a computed part (`(e4m name)`) nor a choice (`(if …)`). */
const opensConcatenation = (text: string, at: number): boolean => {
  if (text.charAt(at) !== "(") return false
  const inner = text.slice(at + 1, Math.max(at + 1, groupEnd(text, at) - 1))
  return /^\s*"/.test(inner) || (inner.includes("\"") && inner.includes("++") && !/^\s*if\b/.test(inner))
}

const skipSpace = (text: string, at: number): number => {
  space.lastIndex = at
  return at + (space.exec(text)?.[0].length ?? 0)
}

/**
 * The message expression starting at `at` (after a code): `"…"`, `$ "…" ++ name ++ "…"`, a
 * parenthesised concatenation over several lines, or a name bound to one in the same file.
 */
/** Where a helper's template takes the message its caller passes (`"In POSIX sh, " ++ s ++ " undefined."`). */
const slot = "\u0000"

const messageAt = (text: string, at: number, depth = 0, parameter?: string): string | undefined => {
  let index = skipSpace(text, at)
  // `$ …`, and a parenthesised concatenation: `("…" ++ name ++ "…")`, `(str ++ ". Prefer …")`.
  while (text.charAt(index) === "$" || opensConcatenation(text, index)) {
    index = skipSpace(text, index + 1)
  }
  // `if … then "…" else "…"`: the first branch stands for both.
  const branch = /^if\b[^\n]*?\bthen\b|^if\b[^\n]*\n\s*then\b/.exec(text.slice(index, index + 400))
  if (branch !== null) index = skipSpace(text, index + branch[0].length)
  const parts: Array<string | undefined> = []
  for (;;) {
    const operand = operandAt(text, index)
    if (operand === undefined) break
    parts.push(operand.text ?? (operand.raw === parameter ? slot : undefined))
    index = skipSpace(text, operand.end)
    // `++`, or `<>` on strings.
    if (!text.startsWith("++", index) && !text.startsWith("<>", index)) break
    index = skipSpace(text, index + 2)
  }
  if (parts.some((part) => part !== undefined)) return parts.map((part) => part ?? "…").join("").replace(/…+/g, "…").replace(/\s+/g, " ").trim()
  // A message bound to a name: `err (getId hs) 2072 decimalError`, `decimalError = "…" ++ …`.
  nameToken.lastIndex = skipSpace(text, at)
  const name = nameToken.exec(text)?.[0]
  if (name === undefined || depth > 0) return undefined
  // The binding in scope: the `where` after the call, else the closest `let` before it.
  const bindings = Array.from(text.matchAll(new RegExp(String.raw`^[ \t]+(?:let[ \t]+)?${name.replaceAll("'", "\\'")}[ \t]*=`, "gm")))
  const bound = bindings.find((match) => (match.index ?? 0) >= at) ?? bindings.at(-1)
  return bound === undefined ? undefined : messageAt(text, (bound.index ?? 0) + bound[0].length, depth + 1)
}

interface Found {
  readonly code: string
  readonly level: ShellCheckLevel
  readonly message: string | undefined
}

/** A test (`prop_…`) or a comment line is never a check. */
const withoutTests = (text: string): string =>
  text.split("\n").map((line) => (/^\s*(prop_|--)/.test(line) ? "" : line)).join("\n")

const foundIn = (source: SourceFile): ReadonlyArray<Found> => {
  const text = withoutTests(source.text)
  const helpers = helpersOf(text)
  const byName = new Map(helpers.map((helper) => [helper.name, helper]))
  return [...callsIn(text, byName), ...tableRowsIn(text, byName)]
}

const callsIn = (text: string, byName: ReadonlyMap<string, Helper>): ReadonlyArray<Found> =>
  Array.from(text.matchAll(callsOf([...levelNames, ...byName.keys()].sort((a, b) => b.length - a.length))), (match) => {
    const [whole, name = "", before = "", code = ""] = match
    const end = (match.index ?? 0) + whole.length
    const helper = byName.get(name)
    const levels = helper?.levels ?? [levelOfName[name] ?? "error"]
    const own = messageAt(text, end)
    const template = helper === undefined ? undefined : templateOf(helper, argumentCount(before))
    const message = template === undefined ? own : template.replace(slot, own ?? "…")
    return levels.map((level): Found => ({ code, level, message }))
  }).flat()

/**
 * Rows of a table (`(re $ "…", 3053, "indirect expansion is")`) that one call reports with the
 * row's code and message (`check (regex, code, feature) = … warnMsg id code feature`).
 */
const tableRowsIn = (text: string, byName: ReadonlyMap<string, Helper>): ReadonlyArray<Found> => {
  const rows = Array.from(text.matchAll(/,\s*(\d{4}),\s*("(?:[^"\\\n]|\\.)*")\s*\)/g), (row) => ({ code: row[1] ?? "", message: unescape(row[2] ?? "\"\"") }))
  if (rows.length === 0) return []
  const names = [...levelNames, ...byName.keys()].map((name) => name.replaceAll("'", "\\'")).join("|")
  const reporter = new RegExp(String.raw`\(\s*\w+\s*,\s*(\w+)\s*,\s*(\w+)\s*\)[^\n]*=[\s\S]*?\b(${names})\b((?:[ \t]+${argument}){0,2}?)[ \t]+\1[ \t]+\2\b`).exec(text)
  if (reporter === null) return []
  const [, , , name = "", before = ""] = reporter
  const helper = byName.get(name)
  const levels = helper?.levels ?? [levelOfName[name] ?? "error"]
  const template = helper === undefined ? undefined : templateOf(helper, argumentCount(before))
  return rows.flatMap((row) => levels.map((level): Found => ({ code: row.code, level, message: template === undefined ? row.message : template.replace(slot, row.message) })))
}

/** How many arguments a call passes before its code (`warnMsg (getId arg) 3036` passes one). */
const argumentCount = (before: string): number => Array.from(before.matchAll(new RegExp(argument, "g"))).length

/**
 * The message a helper writes around its caller's (`warnMsg id code s = … warn id code $ "In POSIX
 * sh, " ++ s ++ " undefined."`), when it takes the code (`warning code = parseProblem ErrorC code
 * $ …`): the message after the code's parameter, the last of them (an `if … then … else …`
 * helper's general case is its last branch).
 */
const templateOf = (helper: Helper, argumentsBefore: number): string | undefined => {
  const code = helper.parameters[argumentsBefore]
  if (code === undefined) return undefined
  const message = helper.parameters[argumentsBefore + 1]
  const uses = Array.from(helper.body.matchAll(new RegExp(String.raw`\b${code}\b`, "g")))
  return uses.map((use) => messageAt(helper.body, (use.index ?? 0) + use[0].length, 1, message)).filter((found) => found !== undefined).at(-1)
}

const severityOrder: ReadonlyArray<ShellCheckLevel> = ["error", "warning", "info", "style"]

/** A computed part costs a message its place: the most literal of a code's messages is kept, the first of equals. */
const placeholders = (message: string | undefined): number => (message === undefined ? Infinity : message.split("…").length - 1)

/** Every check of the sources, by code. */
export const shellCheckChecks = (sources: ReadonlyArray<SourceFile>): ReadonlyArray<ShellCheckCheck> => {
  const byCode = new Map<string, Array<Found>>()
  for (const found of sources.flatMap(foundIn)) byCode.set(found.code, [...(byCode.get(found.code) ?? []), found])
  return [...byCode.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([code, found]) => ({
    code,
    levels: severityOrder.filter((level) => found.some((f) => f.level === level)),
    message: found.reduce<Found | undefined>((best, f) => (best === undefined || placeholders(f.message) < placeholders(best.message) ? f : best), undefined)?.message
  }))
}

/** The Haskell sources that emit comments. */
const sourceFolder = "src/ShellCheck"

/** The checks of a bare or ordinary git repository of `koalaman/shellcheck` at `rev`. */
export const snapshotChecks = (gitDir: string, rev: string): ReadonlyArray<ShellCheckCheck> => {
  const paths = snapshotPaths(gitDir, rev, sourceFolder, ".hs")
  const texts = readBlobs(gitDir, rev, paths)
  return shellCheckChecks(paths.map((path, index) => ({ path, text: texts[index] ?? "" })))
}

/** The release the snapshot is of, from its `ShellCheck.cabal`. */
export const snapshotVersion = (gitDir: string, rev: string): string => {
  const [cabal = ""] = readBlobs(gitDir, rev, ["ShellCheck.cabal"])
  return /^Version:\s*(\S+)/im.exec(cabal)?.[1] ?? "unknown"
}

/** The names of the optional checks the snapshot declares (`cdName = "…"`). */
export const snapshotOptionalChecks = (gitDir: string, rev: string): ReadonlyArray<string> => {
  const paths = snapshotPaths(gitDir, rev, sourceFolder, ".hs")
  return readBlobs(gitDir, rev, paths).flatMap((text) => Array.from(text.matchAll(/cdName\s*=\s*"([^"]+)"/g), (match) => match[1] ?? "")).sort()
}
