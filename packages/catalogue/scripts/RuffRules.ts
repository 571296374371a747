import { Schema } from "effect"
import { git, readBlobs } from "./GitSnapshot.js"

export { snapshotCommit } from "./GitSnapshot.js"

/**
 * Ruff's rules as its source declares them. The WASM build Tidemark runs has no rule listing, so
 * the generator reads a git snapshot of `astral-sh/ruff`: `codes.rs` maps each code to a linter
 * and a rule struct, `registry.rs` names the linters and their prefixes, and each rule struct
 * carries its documentation, its status attribute (`stable_since`, `preview_since`, …) and, in
 * its `Violation` impl, whether Ruff can fix it.
 */

export type RuleStatus = "Stable" | "Preview" | "Deprecated" | "Removed"
export type FixAvailability = "Always" | "Sometimes" | "None"

export interface RuffLinter {
  /** The `Linter` variant in `registry.rs`, e.g. `Pyflakes`. */
  readonly variant: string
  /** The name Ruff shows, the link text of the variant's doc comment, e.g. `flake8-bugbear`. */
  readonly name: string
  /** Prefixes every code of the linter starts with; pycodestyle has two (`E`, `W`). */
  readonly prefixes: ReadonlyArray<string>
}

export interface RuffRule {
  /** The full code, e.g. `F401`, `PLC0414`, `E711`. */
  readonly code: string
  /** Ruff's rule name: the struct name in kebab-case, e.g. `unused-import`. */
  readonly name: string
  readonly linter: RuffLinter
  readonly status: RuleStatus
  /** The first paragraph under the rule's `## What it does`. */
  readonly whatItDoes: string
  readonly fix: FixAvailability
  /**
   * Whether every fix Ruff offers for it is safe (keeps the code's meaning): it has a fix, its
   * documentation has no `## Fix safety` section (where Ruff says when a fix is unsafe), and the
   * file that declares it makes no unsafe or display-only fix. Ruff's WASM build gives fixes
   * without their applicability, so only these rules' fixes are kept.
   */
  readonly safeFix: boolean
}

/** Source files the reader needs, relative to the repository root. */
const codesPath = "crates/ruff_linter/src/codes.rs"
const registryPath = "crates/ruff_linter/src/registry.rs"
const redirectsPath = "crates/ruff_linter/src/rule_redirects.rs"
const rulesDir = "crates/ruff_linter/src/rules"

/**
 * heck's `to_kebab_case`, which Ruff's `map_codes` macro applies to the struct name: a word
 * ends before an upper-case letter that follows a lower-case one, and before the last capital
 * of a run followed by a lower-case letter (`IOError` → `io-error`); digits join the word
 * they follow (`PEP8Naming` → `pep8-naming`).
 */
export const kebabCase = (identifier: string): string => {
  const words: Array<string> = []
  for (const part of identifier.split(/[^\p{L}\p{N}]/u)) {
    let start = 0
    let mode: "boundary" | "lower" | "upper" = "boundary"
    const chars = Array.from(part)
    chars.forEach((char, index) => {
      const next = chars[index + 1]
      if (next === undefined) {
        words.push(chars.slice(start).join(""))
        return
      }
      const isLower = char !== char.toUpperCase()
      const isUpper = char !== char.toLowerCase()
      const nextMode = isLower ? "lower" : isUpper ? "upper" : mode
      const nextIsUpper = next !== next.toLowerCase()
      const nextIsLower = next !== next.toUpperCase()
      if (nextMode === "lower" && nextIsUpper) {
        words.push(chars.slice(start, index + 1).join(""))
        start = index + 1
        mode = "boundary"
      } else if (mode === "upper" && isUpper && nextIsLower) {
        words.push(chars.slice(start, index).join(""))
        start = index
        mode = "boundary"
      } else {
        mode = nextMode
      }
    })
  }
  return words.filter((word) => word.length > 0).map((word) => word.toLowerCase()).join("-")
}

/** `/// [Pyflakes](https://…)` or `/// NumPy-specific rules`, then `#[prefix = "F"]` lines, then the variant. */
export const parseLinters = (registry: string): ReadonlyArray<RuffLinter> => {
  const body = registry.slice(registry.indexOf("pub enum Linter {"))
  const enumBody = body.slice(0, body.indexOf("\n}"))
  const linters: Array<RuffLinter> = []
  const block = /\/\/\/ (.+)\n((?:\s*#\[prefix = "[A-Z0-9]*"\]\n)+)\s*(\w+),/g
  for (const match of enumBody.matchAll(block)) {
    const [, doc = "", prefixLines = "", variant = ""] = match
    const name = /^\[([^\]]+)\]/.exec(doc)?.[1] ?? doc.trim()
    const prefixes = Array.from(prefixLines.matchAll(/#\[prefix = "([A-Z0-9]*)"\]/g), (m) => m[1] ?? "")
    linters.push({ variant, name, prefixes })
  }
  return linters
}

/** A code in `codes.rs` the reader cannot resolve: Ruff's source layout changed under it. */
export class RuffSourceError extends Schema.TaggedError<RuffSourceError>()("RuffSourceError", {
  reason: Schema.Literal("UnknownLinter", "UndocumentedRule", "DuplicateCode"),
  /** The `Linter` variant or the rule struct that was not found, or the code mapped twice. */
  name: Schema.String
}) {}

export interface CodeEntry {
  readonly linter: string
  /** The code without the linter's common prefix (pycodestyle's carry their `E`/`W`). */
  readonly suffix: string
  /** The rule struct, the last segment of its path in `codes.rs`. */
  readonly struct: string
}

/**
 * The arms of `code_to_rule`. Arms behind `#[cfg(...)]` are Ruff's own test rules (`RUF9xx`),
 * compiled only into its test builds, so they are skipped.
 */
export const parseCodes = (codes: string): ReadonlyArray<CodeEntry> => {
  const entries: Array<CodeEntry> = []
  let behindCfg = false
  for (const line of codes.split("\n")) {
    const trimmed = line.trim()
    if (trimmed.startsWith("#[cfg(")) {
      behindCfg = true
      continue
    }
    const arm = /^\((\w+), "([A-Z0-9]+)"\) => [\w:]*?(\w+),$/.exec(trimmed)
    if (arm === null) continue
    const [, linter = "", suffix = "", struct = ""] = arm
    const same = entries.find((entry) => entry.linter === linter && entry.suffix === suffix)
    if (same !== undefined && same.struct !== struct) throw new RuffSourceError({ reason: "DuplicateCode", name: suffix })
    // A repeated arm (the same code, the same rule) is unreachable in Rust; it is one rule here.
    if (!behindCfg && same === undefined) entries.push({ linter, suffix, struct })
    behindCfg = false
  }
  return entries
}

const statusAttribute = /(stable|preview|deprecated|removed)_since\s*=/

const statusOf = (attributes: string): RuleStatus | undefined => {
  const found = statusAttribute.exec(attributes)?.[1]
  switch (found) {
    case "stable":
      return "Stable"
    case "preview":
      return "Preview"
    case "deprecated":
      return "Deprecated"
    case "removed":
      return "Removed"
    default:
      return undefined
  }
}

/** The doc comment and attributes directly above `struct Name`, as two texts. */
const headerOf = (source: string, structAt: number): { readonly docs: string; readonly attributes: string } => {
  const lines = source.slice(0, structAt).split("\n")
  const docs: Array<string> = []
  const attributes: Array<string> = []
  // The last line is the start of the `pub(crate) struct` line itself.
  for (let index = lines.length - 2; index >= 0; index--) {
    const line = (lines[index] ?? "").trim()
    if (line.startsWith("///")) docs.unshift(line.replace(/^\/\/\/ ?/, ""))
    else if (line.startsWith("#[") || line.startsWith(")]") || (attributes.length > 0 && docs.length === 0 && line !== ""))
      attributes.unshift(line)
    else break
  }
  return { docs: docs.join("\n"), attributes: attributes.join("\n") }
}

/** The first paragraph of a `## Section`, its lines joined. */
export const sectionSummary = (docs: string, heading: string): string | undefined => {
  const start = docs.indexOf(`## ${heading}\n`)
  if (start < 0) return undefined
  const section = docs.slice(start + heading.length + 4)
  const paragraph = section.split(/\n\s*\n/)[0] ?? ""
  const text = paragraph
    .split("\n")
    .map((line) => line.trim())
    .join(" ")
    .trim()
  return text.length > 0 ? text : undefined
}

const fixOf = (source: string, struct: string): FixAvailability | undefined => {
  const impl = new RegExp(`impl(?:<[^>]*>)?\\s+(AlwaysFixableViolation|Violation)\\s+for\\s+${struct}\\b`).exec(source)
  if (impl === null) return undefined
  if (impl[1] === "AlwaysFixableViolation") return "Always"
  const block = source.slice(impl.index, source.indexOf("\n}", impl.index))
  const declared = /FIX_AVAILABILITY:\s*FixAvailability\s*=\s*FixAvailability::(Always|Sometimes|None)/.exec(block)?.[1]
  // `Violation` without the constant keeps the trait's default, `FixAvailability::None`.
  return declared === "Always" || declared === "Sometimes" ? declared : "None"
}

interface RuleStruct {
  readonly status: RuleStatus
  readonly whatItDoes: string
  readonly fix: FixAvailability
  readonly safeFix: boolean
}

/** How Ruff's source makes a fix that is not always safe (`Fix::unsafe_edit`, an applicability chosen at run time, …). */
const unsafeFixMarkers = /\b(unsafe_edits?|applicable_edits?|display_only_edits?)\b|Applicability::(Unsafe|DisplayOnly)\b/

/** Every violation struct declared in the given sources, by name. */
export const parseRuleStructs = (sources: ReadonlyArray<string>): ReadonlyMap<string, RuleStruct> => {
  const structs = new Map<string, RuleStruct>()
  for (const source of sources) {
    for (const match of source.matchAll(/^pub(?:\(crate\))? struct (\w+)/gm)) {
      const name = match[1] ?? ""
      const { docs, attributes } = headerOf(source, match.index)
      const status = statusOf(attributes)
      const fix = fixOf(source, name)
      const whatItDoes = sectionSummary(docs, "What it does")
      if (status === undefined || fix === undefined || whatItDoes === undefined) continue
      const safeFix = fix !== "None" && !docs.includes("## Fix safety") && !unsafeFixMarkers.test(source)
      structs.set(name, { status, whatItDoes, fix, safeFix })
    }
  }
  return structs
}


/** Joins the three sources; a code whose linter or struct is not found stops the generator. */
export const ruffRules = (input: {
  readonly codes: string
  readonly registry: string
  readonly ruleSources: ReadonlyArray<string>
}): ReadonlyArray<RuffRule> => {
  const linters = new Map(parseLinters(input.registry).map((linter) => [linter.variant, linter]))
  const structs = parseRuleStructs(input.ruleSources)
  return parseCodes(input.codes).map((entry) => {
    const linter = linters.get(entry.linter)
    const struct = structs.get(entry.struct)
    if (linter === undefined) throw new RuffSourceError({ reason: "UnknownLinter", name: entry.linter })
    if (struct === undefined) throw new RuffSourceError({ reason: "UndocumentedRule", name: entry.struct })
    // A linter with several prefixes (pycodestyle) writes them into its codes instead.
    const common = linter.prefixes.length === 1 ? (linter.prefixes[0] ?? "") : ""
    return { code: `${common}${entry.suffix}`, name: kebabCase(entry.struct), linter, ...struct }
  })
}

/** The rules of a bare or ordinary git repository of `astral-sh/ruff` at `rev`. */
export const snapshotRules = (gitDir: string, rev: string): ReadonlyArray<RuffRule> => {
  const ruleFiles = git(gitDir, ["ls-tree", "-r", "--name-only", rev, "--", rulesDir])
    .split("\n")
    .filter((path) => path.endsWith(".rs"))
  const [codes = "", registry = ""] = readBlobs(gitDir, rev, [codesPath, registryPath])
  return ruffRules({ codes, registry, ruleSources: readBlobs(gitDir, rev, ruleFiles) })
}

/** Old codes Ruff still accepts and maps to a current rule (`("T001", "FIX001")`), from `rule_redirects.rs`. */
export const parseRedirects = (redirects: string): ReadonlyMap<string, string> =>
  new Map(Array.from(redirects.matchAll(/\("([A-Z0-9]+)", "([A-Z0-9]+)"\)/g), (match) => [match[1] ?? "", match[2] ?? ""]))

export const snapshotRedirects = (gitDir: string, rev: string): ReadonlyMap<string, string> =>
  parseRedirects(git(gitDir, ["show", `${rev}:${redirectsPath}`]))
