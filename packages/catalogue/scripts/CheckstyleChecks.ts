import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Schema } from "effect"

/**
 * Checkstyle's own listing of its modules, as its jar holds it: one metadata file per check and
 * filter (`com/puppycrawl/tools/checkstyle/meta/**.xml`: the module's name, its class, the module
 * it sits under — Checker or TreeWalker — its Javadoc description and its properties' defaults),
 * and the two configurations it ships (`sun_checks.xml`, `google_checks.xml`), of which only the
 * modules named are kept. The listing of the release Tidemark runs is committed beside this script
 * (`checkstyle-checks.json`), so the catalogue is generated the same on a machine without
 * Checkstyle; `generate --checkstyle` reads it again from the installed jar.
 *
 * The metadata files are regular enough to be read without an XML library (the catalogue package
 * has none): one `<check>` or `<filter>` element a file, attributes double-quoted, the description
 * escaped HTML.
 */

export const CheckstyleParent = Schema.Literal("Checker", "TreeWalker")
export type CheckstyleParent = typeof CheckstyleParent.Type

export class CheckstyleModule extends Schema.Class<CheckstyleModule>("CheckstyleModule")({
  /** The module's name in a configuration: `EmptyBlock` (its class without `Check`). */
  name: Schema.String,
  /** `check` or `filter` (a file filter is a filter here). */
  kind: Schema.Literal("check", "filter"),
  /** The package under `checks` (`blocks`, `coding`), `misc` for the checks at its root. */
  group: Schema.String,
  parent: CheckstyleParent,
  /** The first paragraph of its Javadoc, as plain text. */
  description: Schema.String,
  /** Its properties' names, each with its default as the metadata writes it (empty when none). */
  properties: Schema.Record({ key: Schema.String, value: Schema.String })
}) {}

export class CheckstyleListing extends Schema.Class<CheckstyleListing>("CheckstyleListing")({
  version: Schema.String,
  modules: Schema.Array(CheckstyleModule),
  /** The modules `sun_checks.xml` and `google_checks.xml` name. */
  sunChecks: Schema.Array(Schema.String),
  googleChecks: Schema.Array(Schema.String)
}) {}

export const listingPath = new URL("checkstyle-checks.json", import.meta.url)

export const readListing = (json: string): CheckstyleListing => Schema.decodeUnknownSync(Schema.parseJson(CheckstyleListing))(json)

export const committedListing = (): string => readFileSync(listingPath, "utf8")

const entities: Readonly<Record<string, string>> = { amp: "&", apos: "'", quot: "\"", lt: "<", gt: ">" }

const unescaped = (text: string): string => text.replace(/&(amp|apos|quot|lt|gt);/g, (_, name: string) => entities[name] ?? "")

/** The Javadoc's first paragraph as text: tags dropped, `{@code x}` and `{@link x}` as `x`, blanks collapsed. */
export const firstParagraph = (html: string): string => {
  const paragraphs = html.split(/<\/?p>/).map((part) => part.trim()).filter((part) => part !== "")
  return (paragraphs[0] ?? "")
    .replace(/\{@(?:code|link|linkplain|literal)\s+([^}]*)\}/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim()
}

/** One metadata file's module, or nothing for a file that is not one. */
export const moduleOfMetadata = (xml: string): CheckstyleModule | undefined => {
  const head = /<(check|filter|file-filter)\s+fully-qualified-name="([^"]+)"\s+name="([^"]+)"\s+parent="([^"]+)"/.exec(xml)
  if (head === null) return undefined
  const [, kind = "", className = "", name = "", parent = ""] = head
  const group = /\.checks\.([a-z]+)\.[A-Za-z]+$/.exec(className)?.[1] ?? (className.includes(".checks.") ? "misc" : kind === "check" ? "misc" : "filters")
  const description = firstParagraph(unescaped(/<description>([\s\S]*?)<\/description>/.exec(xml)?.[1] ?? ""))
  const properties: Record<string, string> = {}
  for (const [, attributes = ""] of xml.matchAll(/<property\s([^>]*)>/g)) {
    const propertyName = /\bname="([^"]*)"/.exec(attributes)?.[1]
    if (propertyName !== undefined) properties[propertyName] = unescaped(/\bdefault-value="([^"]*)"/.exec(attributes)?.[1] ?? "")
  }
  return new CheckstyleModule({
    name,
    kind: kind === "check" ? "check" : "filter",
    group,
    parent: parent.endsWith(".TreeWalker") ? "TreeWalker" : "Checker",
    description,
    properties
  })
}

/** The module names a shipped configuration lists, once each, in name order. */
export const modulesNamed = (xml: string): ReadonlyArray<string> =>
  [...new Set(Array.from(xml.replace(/<!--[\s\S]*?-->/g, "").matchAll(/<module\s+name\s*=\s*"([A-Za-z]+)"/g), ([, name = ""]) => name))]
    .filter((name) => name !== "Checker" && name !== "TreeWalker")
    .sort()

/** Debian's jar, where `apt-get install checkstyle` puts it. */
export const debianJar = "/usr/share/java/checkstyle.jar"

const unzip = (jar: string, ...entries: ReadonlyArray<string>): string =>
  execFileSync("unzip", ["-p", jar, ...entries], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })

/** The listing of the installed jar, as committed (JSON, modules in name order). */
export const installedListing = (jar: string = debianJar): string => {
  const entries = execFileSync("unzip", ["-Z1", jar], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 })
    .split("\n")
    .filter((entry) => /^com\/puppycrawl\/tools\/checkstyle\/meta\/.+\.xml$/.test(entry))
  // One unzip for the ~190 metadata files (one each took 30–45 s of a loaded two-core machine).
  const extracted = mkdtempSync(join(tmpdir(), "tidemark-checkstyle-meta-"))
  const modules = (() => {
    try {
      execFileSync("unzip", ["-q", "-o", jar, "com/puppycrawl/tools/checkstyle/meta/*", "-d", extracted])
      return entries.flatMap((entry) => {
        const module = moduleOfMetadata(readFileSync(join(extracted, entry), "utf8"))
        return module === undefined ? [] : [module]
      })
    } finally {
      rmSync(extracted, { recursive: true, force: true })
    }
  })().sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  const version = /^version=(.+)$/m.exec(unzip(jar, "META-INF/maven/com.puppycrawl.tools/checkstyle/pom.properties"))?.[1]?.trim()
  if (version === undefined) throw new Error(`${jar} does not tell its version (META-INF/maven/…/pom.properties)`)
  const listing = {
    version,
    modules: modules.map((module) => ({ ...module })),
    sunChecks: modulesNamed(unzip(jar, "sun_checks.xml")),
    googleChecks: modulesNamed(unzip(jar, "google_checks.xml"))
  }
  Schema.decodeUnknownSync(CheckstyleListing)(listing)
  return `${JSON.stringify(listing, null, 2)}\n`
}
