import { execFileSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { Schema } from "effect"

/**
 * PHP_CodeSniffer's own listing of its sniffs: the standards it has installed (`phpcs -i`, and
 * Generic, which it does not name there), the sniffs each standard's ruleset takes (`phpcs -e
 * --standard=<standard>`; the union is every sniff it ships), each sniff's documentation as its
 * Text generator prints it (`--generator=Text`, a ruleset of that sniff alone; some hundred sniffs
 * have none), and the tokenizers the sniff supports (its `$supportedTokenizers`, read from its
 * source as text: PHP unless it says JS or CSS). The listing of the release Tidemark runs is
 * committed beside this script (`phpcs-sniffs.json`), so the catalogue is generated the same on a
 * machine without PHP_CodeSniffer; `generate --phpcs` reads it again from the installed one.
 */

export class PhpcsSniff extends Schema.Class<PhpcsSniff>("PhpcsSniff")({
  /** `Generic.PHP.DeprecatedFunctions`: standard, category, sniff. */
  code: Schema.String,
  /** The tokenizers the sniff runs under: `PHP`, `JS`, `CSS`. */
  tokenizers: Schema.Array(Schema.String),
  /** The first paragraph of its documentation, when it has some. */
  description: Schema.optional(Schema.String)
}) {}

export class PhpcsSniffList extends Schema.Class<PhpcsSniffList>("PhpcsSniffList")({
  version: Schema.String,
  standards: Schema.Array(Schema.String),
  sniffs: Schema.Array(PhpcsSniff)
}) {}

export const sniffListPath = new URL("phpcs-sniffs.json", import.meta.url)

export const readSniffList = (json: string): PhpcsSniffList => Schema.decodeUnknownSync(Schema.parseJson(PhpcsSniffList))(json)

export const committedSniffList = (): string => readFileSync(sniffListPath, "utf8")

const environment = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", LANG: "C.UTF-8", HOME: "/nonexistent" }

const phpcs = (args: ReadonlyArray<string>): string => execFileSync("phpcs", args, { encoding: "utf8", env: environment })

/** The standards of `phpcs -i`'s sentence (`… are MySource, PEAR, PSR1 and Zend`). */
export const standardsOf = (answer: string): ReadonlyArray<string> =>
  (/standards are (.*)$/m.exec(answer)?.[1] ?? "").split(/,\s*|\s+and\s+/).map((name) => name.trim()).filter((name) => name !== "")

/** The sniff codes `phpcs -e` lists, indented under each standard's heading. */
export const sniffCodesOf = (listing: string): ReadonlyArray<string> =>
  [...listing.matchAll(/^\s+([A-Za-z0-9]+\.[A-Za-z0-9]+\.[A-Za-z0-9]+)\s*$/gm)].map((match) => match[1] ?? "")

/**
 * The first paragraph of a sniff's Text documentation: what stands between the boxed title and the
 * first code comparison, its lines joined.
 */
export const descriptionOf = (text: string): string | undefined => {
  const paragraphs = text.split("CODE COMPARISON")[0]?.split(/\n\s*\n/) ?? []
  const prose = paragraphs
    .map((paragraph) => paragraph.split("\n").filter((line) => !/^\s*[-|]/.test(line)).map((line) => line.trim()).join(" ").replace(/\s+/g, " ").trim())
    .find((paragraph) => paragraph !== "")
  return prose === undefined || prose === "" ? undefined : prose
}

/** The tokenizers a sniff's source says it supports (`public $supportedTokenizers = ['PHP', 'JS'];`): PHP when it says none. */
export const tokenizersOf = (source: string): ReadonlyArray<string> => {
  const list = /\$supportedTokenizers\s*=\s*(?:\[|array\()([^\])]*)/.exec(source)?.[1]
  return list === undefined ? ["PHP"] : [...list.matchAll(/['"]([A-Z]+)['"]/g)].map((match) => match[1] ?? "")
}

/** Where PHP_CodeSniffer's standards are installed: beside the autoloader PHP's include path finds. */
const standardsFolder = (): string => {
  const autoload = execFileSync("php", ["-r", "echo stream_resolve_include_path('PHP/CodeSniffer/autoload.php');"], { encoding: "utf8", env: environment })
  return join(dirname(autoload), "src", "Standards")
}

/** The listing of the PHP_CodeSniffer on this machine's PATH, as committed. */
export const installedSniffList = (): string => {
  const { codes, standards, version } = installedSniffCodes()
  return `${JSON.stringify({ version, standards, sniffs: installedSniffs(codes) }, null, 2)}\n`
}

/** The installed phpcs's version, its standards (Generic with those `phpcs -i` names) and every sniff code they list. */
export const installedSniffCodes = (): { readonly version: string; readonly standards: ReadonlyArray<string>; readonly codes: ReadonlyArray<string> } => {
  const version = /version (\S+)/.exec(phpcs(["--version"]))?.[1] ?? ""
  const standards = ["Generic", ...standardsOf(phpcs(["-i"]))].sort()
  const codes = [...new Set(standards.flatMap((standard) => sniffCodesOf(phpcs(["-e", `--standard=${standard}`]))))].sort()
  return { version, standards, codes }
}

/** Each sniff's tokenizers (from its source) and documentation (`--generator=Text`, a phpcs run each), as the listing holds them. */
export const installedSniffs = (codes: ReadonlyArray<string>) => {
  const folder = standardsFolder()
  const scratch = mkdtempSync(join(tmpdir(), "tidemark-phpcs-docs-"))
  try {
    return codes.map((code) => {
      const [standard = "", category = "", name = ""] = code.split(".")
      const source = join(folder, standard, "Sniffs", category, `${name}Sniff.php`)
      const ruleset = join(scratch, "ruleset.xml")
      writeFileSync(ruleset, `<?xml version="1.0"?>\n<ruleset name="one"><rule ref="${code}"/></ruleset>\n`)
      const description = descriptionOf(phpcs(["--generator=Text", `--standard=${ruleset}`]))
      return { code, tokenizers: existsSync(source) ? tokenizersOf(readFileSync(source, "utf8")) : ["PHP"], ...(description === undefined ? {} : { description }) }
    })
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}
