import { Either } from "effect"
import { parse as parseToml } from "smol-toml"
import type { SourceFile } from "../SourceTree.js"

/**
 * The repository's own Pylint configuration, read as data and written again for Pylint, so that
 * Pylint reads no file of the checkout as one: the first Pylint itself would read at the root
 * (`pylintrc`, `.pylintrc`, `pyproject.toml` with `[tool.pylint.*]`, `setup.cfg` with
 * `[pylint.*]`). Its options are kept as Pylint's values (names, numbers, regular expressions),
 * but for those that would run the repository's code or change how Pylint runs: `init-hook` (Python
 * run before the analysis), `load-plugins` (modules imported), `extension-pkg-*` and
 * `unsafe-load-any-extension` (C extensions loaded), and the run's own (jobs, output, exit
 * status), which Tidemark sets. Those are named as not followed.
 *
 * INI files are read with Python's configparser rules (sections, `key = value` or `key: value`,
 * indented continuation lines, `#`/`;` comments): the `ini` package has no continuation lines, which
 * every multi-line `disable =` list is written with.
 */

export const configNames = ["pylintrc", ".pylintrc", "pyproject.toml", "setup.cfg"] as const

/** Options Pylint must not be given from the repository: they run its code, or change the run Tidemark reads. */
const refused: ReadonlySet<string> = new Set([
  "init-hook",
  "load-plugins",
  "extension-pkg-allow-list",
  "extension-pkg-whitelist",
  "unsafe-load-any-extension",
  "rcfile",
  "jobs",
  "persistent",
  "output-format",
  "reports",
  "score",
  "fail-under",
  "fail-on",
  "exit-zero",
  "from-stdin",
  "recursive",
  "clear-cache-post-run",
  "msg-template"
])

/**
 * Messages about what the checkout does not hold rather than its code: its dependencies, which the
 * repository's CI installs and Tidemark never does (import-error, no-name-in-module). Off whatever
 * the configuration says, as they would be where the repository runs Pylint.
 */
const unavailable = ["E0401", "E0611"]

export interface PylintConfiguration {
  /** The root file it was read from. */
  readonly file: string
  /** Option → value, as Pylint reads it from an rcfile. */
  readonly options: ReadonlyMap<string, string>
  /** What was not followed, in words. */
  readonly problems: ReadonlyArray<string>
}

/** Python configparser's sections: each key's value with its continuation lines joined. */
export const readIni = (text: string): ReadonlyMap<string, ReadonlyMap<string, string>> => {
  const sections = new Map<string, Map<string, string>>()
  let section: Map<string, string> | undefined
  let key: string | undefined
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s*[#;]/.test(raw) || raw.trim() === "") continue
    const header = /^\[([^\]]+)\]\s*$/.exec(raw)
    if (header !== null) {
      section = new Map()
      sections.set(header[1]?.trim() ?? "", section)
      key = undefined
      continue
    }
    if (/^\s/.test(raw) && section !== undefined && key !== undefined) {
      section.set(key, `${section.get(key) ?? ""}\n${raw.trim()}`.trim())
      continue
    }
    const pair = /^([^=:]+?)\s*[=:]\s*(.*)$/.exec(raw)
    if (pair === null || section === undefined) continue
    key = (pair[1] ?? "").trim().toLowerCase()
    section.set(key, (pair[2] ?? "").trim())
  }
  return sections
}

const valueText = (value: unknown): string =>
  Array.isArray(value) ? value.map(valueText).join(",") : typeof value === "string" ? value : String(value)

/** The options of an INI file's Pylint sections (every section of a pylintrc; `pylint.*` of setup.cfg). */
const iniOptions = (text: string, sectionsOf: (name: string) => boolean): Map<string, string> | undefined => {
  const found = [...readIni(text)].filter(([name]) => sectionsOf(name))
  if (found.length === 0) return undefined
  return new Map(found.flatMap(([, options]) => [...options].map(([key, value]) => [key, value.replaceAll("\n", ",").replace(/,+/g, ",").replace(/^,|,$/g, "")] as const)))
}

/** The options of `[tool.pylint.*]` in a pyproject.toml, flattened as Pylint does. */
const tomlOptions = (text: string): Map<string, string> | undefined => {
  const tool = (parseToml(text) as { readonly tool?: { readonly pylint?: Record<string, unknown> } }).tool?.pylint
  if (tool === undefined) return undefined
  const options = new Map<string, string>()
  for (const [name, value] of Object.entries(tool)) {
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) options.set(key.toLowerCase(), valueText(inner))
    } else {
      options.set(name.toLowerCase(), valueText(value))
    }
  }
  return options
}

const optionsOf = (file: SourceFile): Map<string, string> | undefined => {
  if (file.path === "pyproject.toml") return tomlOptions(file.content)
  if (file.path === "setup.cfg") return iniOptions(file.content, (name) => name.toLowerCase().startsWith("pylint."))
  return iniOptions(file.content, () => true)
}

/** The first configuration Pylint would read at the root, or none; unreadable → why. */
export const readConfiguration = (files: ReadonlyArray<SourceFile>): Either.Either<PylintConfiguration, string> | undefined => {
  for (const name of configNames) {
    const file = files.find((candidate) => candidate.path === name)
    if (file === undefined) continue
    const read = Either.try({ try: () => optionsOf(file), catch: (error) => `${name}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}` })
    if (Either.isLeft(read)) return Either.left(read.left)
    if (read.right === undefined) continue
    const kept = new Map([...read.right].filter(([key]) => !refused.has(key)))
    const disabled = [kept.get("disable") ?? "", ...unavailable].filter((list) => list !== "").join(",")
    kept.set("disable", disabled)
    // An option left empty (a generated rcfile lists them all) asks for nothing.
    const dropped = [...read.right].filter(([key, value]) => refused.has(key) && value.trim() !== "").map(([key]) => key)
    return Either.right({
      file: name,
      options: kept,
      problems: dropped.length === 0 ? [] : [`${name}: not followed (they would run the repository's code or change Tidemark's run): ${dropped.join(", ")}`]
    })
  }
  return undefined
}

/** Whether a configuration file is one Pylint would read: a pylintrc always, the others only with a Pylint section. */
export const configurationFileOf = (files: ReadonlyArray<SourceFile>): string | undefined => {
  const read = readConfiguration(files)
  return read === undefined ? undefined : Either.isRight(read) ? read.right.file : configNames.find((name) => files.some((file) => file.path === name))
}

/** The rcfile Pylint is given: the options under `[MAIN]` (Pylint reads an rcfile's options whatever their section). */
export const rcfileText = (options: ReadonlyMap<string, string>): string =>
  ["[MAIN]", ...[...options].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, value]) => `${key}=${value.replaceAll("\n", ",")}`), ""].join("\n")
