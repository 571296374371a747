import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { Schema } from "effect"

/**
 * Cppcheck's own listing of its checks (`cppcheck --errorlist`): one XML document, each check an
 * `<error>` element with its id, severity, short and long message and, for most, its CWE. The
 * listing of the release Tidemark runs is committed beside this script (`cppcheck-errorlist.xml`),
 * so the catalogue is generated the same on a machine without Cppcheck; `generate --cppcheck`
 * reads it again from the installed Cppcheck.
 *
 * The listing is regular enough to be read without an XML library (the catalogue package has
 * none): one element per check, attributes double-quoted, the five XML entities, and Cppcheck's
 * own `\012` for a line break inside a message.
 */

export const CppcheckSeverity = Schema.Literal("error", "warning", "style", "performance", "portability", "information")
export type CppcheckSeverity = typeof CppcheckSeverity.Type

export class CppcheckCheck extends Schema.Class<CppcheckCheck>("CppcheckCheck")({
  id: Schema.String,
  severity: CppcheckSeverity,
  /** The short message, as a finding's is written (its names are the listing's placeholders). */
  message: Schema.String,
  /** The long message, which explains the check. */
  verbose: Schema.String,
  cwe: Schema.optional(Schema.Int)
}) {}

export interface CppcheckErrorList {
  readonly version: string
  readonly checks: ReadonlyArray<CppcheckCheck>
}

export const errorListPath = new URL("cppcheck-errorlist.xml", import.meta.url)

const entities: Readonly<Record<string, string>> = { amp: "&", apos: "'", quot: "\"", lt: "<", gt: ">" }

/** An attribute's text: the XML entities and Cppcheck's `\012` line breaks decoded. */
export const attributeText = (raw: string): string =>
  raw.replace(/&(amp|apos|quot|lt|gt);/g, (_, name: string) => entities[name] ?? "").replace(/\\012/g, "\n")

const attributesOf = (tag: string): ReadonlyMap<string, string> =>
  new Map(Array.from(tag.matchAll(/([A-Za-z0-9_]+)="([^"]*)"/g), ([, name = "", value = ""]) => [name, attributeText(value)]))

const decodeCheck = Schema.decodeUnknownSync(CppcheckCheck)

/** The checks of a listing, in its order, and the version of the Cppcheck that wrote it. */
export const readErrorList = (xml: string): CppcheckErrorList => {
  const version = /<cppcheck\s+version="([^"]+)"/.exec(xml)?.[1]
  if (version === undefined) throw new Error("not a Cppcheck error list: no <cppcheck version=…>")
  const checks = Array.from(xml.matchAll(/<error((?:\s+[A-Za-z0-9_]+="[^"]*")*)\s*\/?>/g), ([, tag = ""]) => {
    const attributes = attributesOf(tag)
    const cwe = attributes.get("cwe")
    return decodeCheck({
      id: attributes.get("id"),
      severity: attributes.get("severity"),
      message: attributes.get("msg"),
      verbose: attributes.get("verbose"),
      ...(cwe === undefined ? {} : { cwe: Number(cwe) })
    })
  })
  return { version, checks }
}

/** The committed listing. */
export const committedErrorList = (): string => readFileSync(errorListPath, "utf8")

/** The listing of the Cppcheck on this machine's PATH. */
export const installedErrorList = (program: string = "cppcheck"): string =>
  execFileSync(program, ["--errorlist"], { encoding: "utf8", maxBuffer: 1 << 26 })
