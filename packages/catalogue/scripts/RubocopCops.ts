import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Schema } from "effect"

/**
 * RuboCop's own listing of its cops (`rubocop --show-cops`): one YAML document, each cop a
 * top-level key (`Lint/UselessAssignment:`) holding its default configuration — its description,
 * whether RuboCop enables it (`true`, `false`, or `pending` for a cop newer than the last major
 * release, off unless a configuration asks for new cops), its severity where it is not its
 * department's, and `Safe: false` where the cop itself may be wrong. The listing of the release
 * Tidemark runs is committed beside this script (`rubocop-cops.yml`, its first line naming the
 * release), so the catalogue is generated the same on a machine without RuboCop; `generate
 * --rubocop` reads it again from the installed RuboCop.
 *
 * The listing is regular enough to be read without a YAML library (the catalogue package has
 * none): a cop's own keys are indented two spaces, a long scalar continues on lines indented four,
 * and only scalars are read (lists and nested maps are a cop's options, not its description).
 */

export const RubocopEnabled = Schema.Literal("true", "false", "pending")
export type RubocopEnabled = typeof RubocopEnabled.Type

export class RubocopCop extends Schema.Class<RubocopCop>("RubocopCop")({
  /** `Lint/UselessAssignment`. */
  name: Schema.String,
  /** `Lint`: the part of the name before the slash. */
  department: Schema.String,
  description: Schema.String,
  enabled: RubocopEnabled,
  /** The severity the cop reports with, when the listing names one (else its department's). */
  severity: Schema.optional(Schema.String),
  /** False where RuboCop says the cop may report what is not a fault. */
  safe: Schema.Boolean,
  styleGuide: Schema.optional(Schema.String)
}) {}

export interface RubocopCopList {
  readonly version: string
  readonly cops: ReadonlyArray<RubocopCop>
}

export const copListPath = new URL("rubocop-cops.yml", import.meta.url)

/** A YAML scalar as RuboCop's dump writes one: plain, 'single-quoted' or "double-quoted", folded over lines. */
export const scalarText = (raw: string): string => {
  const text = raw.trim()
  if (text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replace(/''/g, "'")
  if (text.startsWith("\"") && text.endsWith("\"")) {
    return text.slice(1, -1).replace(/\\(["\\/nt])/g, (_, c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : c))
  }
  return text
}

const decodeCop = Schema.decodeUnknownSync(RubocopCop)

const headerOf = /^# RuboCop (\S+)$/m

/** The cops of a listing, in its order, and the release of the RuboCop that wrote it. */
export const readCopList = (yaml: string): RubocopCopList => {
  const version = headerOf.exec(yaml)?.[1]
  if (version === undefined) throw new Error("not a RuboCop cop listing: no \"# RuboCop <version>\" line")
  const cops: Array<RubocopCop> = []
  let name: string | undefined
  let keys = new Map<string, string>()
  let last: string | undefined
  const close = () => {
    if (name === undefined) return
    cops.push(decodeCop({
      name,
      department: name.slice(0, name.indexOf("/")),
      description: scalarText(keys.get("Description") ?? ""),
      enabled: keys.get("Enabled"),
      ...(keys.has("Severity") ? { severity: scalarText(keys.get("Severity") ?? "") } : {}),
      safe: keys.get("Safe") !== "false",
      ...(keys.has("StyleGuide") ? { styleGuide: scalarText(keys.get("StyleGuide") ?? "") } : {})
    }))
  }
  for (const line of yaml.split("\n")) {
    const cop = /^([A-Z][A-Za-z0-9]*\/[A-Za-z0-9/]+):\s*$/.exec(line)
    if (cop !== null) {
      close()
      name = cop[1]
      keys = new Map()
      last = undefined
      continue
    }
    const key = /^ {2}([A-Za-z]+):(?: (.*))?$/.exec(line)
    if (key !== null) {
      last = key[2] === undefined || key[2] === "" ? undefined : key[1]
      if (last !== undefined) keys.set(last, key[2] ?? "")
      continue
    }
    // A scalar folded over lines: its next line, indented further, is a space in its text.
    if (last !== undefined && /^ {4}\S/.test(line) && !/^ {4}- /.test(line)) keys.set(last, `${keys.get(last) ?? ""} ${line.trim()}`)
    else if (!line.startsWith("  ")) last = undefined
  }
  close()
  return { version, cops }
}

/** The committed listing. */
export const committedCopList = (): string => readFileSync(copListPath, "utf8")

/**
 * The listing of the RuboCop on this machine's PATH, as committed: RuboCop's first line names the
 * folder it ran in (an empty one, with no home, so no configuration but its own is read), which
 * becomes the release it is of; the paths RuboCop makes absolute in that folder are written relative.
 */
export const installedCopList = (program: string = "rubocop"): string => {
  const folder = mkdtempSync(join(tmpdir(), "tidemark-rubocop-cops-"))
  try {
    const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: folder, LANG: "C.UTF-8" }
    const version = execFileSync(program, ["--version"], { cwd: folder, env, encoding: "utf8" }).trim()
    const listing = execFileSync(program, ["--show-cops"], { cwd: folder, env, encoding: "utf8", maxBuffer: 1 << 26 })
    const relative = listing.replace(/^# Available cops \((\d+)\) \+ config for .*$/m, "# Available cops ($1)").replaceAll(`"${folder}/`, "\"")
    return `# RuboCop ${version}\n${relative}`
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
