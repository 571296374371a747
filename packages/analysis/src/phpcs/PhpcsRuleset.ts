import { posix } from "node:path"
import { phpcsSniffCodes } from "@tidemark/catalogue/ToolHeads"
import { Either } from "effect"
import type { SourceFile } from "../SourceTree.js"
import { parseXml } from "../XmlDocument.js"
import { defaultPhpExtensions } from "./PhpcsFiles.js"

/**
 * A repository's PHP_CodeSniffer ruleset (`phpcs.xml` and its kin), read as XML data and written
 * again for phpcs, so that phpcs runs no PHP of the repository: a ruleset can name the
 * repository's own sniffs (a `Sniff.php`, a folder of them, a standard installed elsewhere through
 * `<config name="installed_paths">`), a file to load first (`<autoload>`, `<arg
 * name="bootstrap">`) and PHP settings (`<ini>`), and phpcs would run or apply them all. Kept: the
 * rules that name what this phpcs ships (a standard, a category, a sniff or a message code of
 * Generic, PEAR, PSR1, PSR2, PSR12, Squiz, Zend, MySource), with their excludes, severity, type,
 * message, properties and patterns; another ruleset of the checkout it names, read the same way;
 * the arguments that change what is reported (`tab-width`, `encoding`, the severities,
 * `ignore-annotations`, `sniffs`, `exclude`, `n`); the files it names (`<file>`), its
 * `<exclude-pattern>`s and `extensions`, which choose the files given to phpcs. Everything else
 * is named, never followed.
 */

/** The names phpcs looks for at its working folder, in its order. */
export const configNames: ReadonlyArray<string> = [".phpcs.xml", "phpcs.xml", ".phpcs.xml.dist", "phpcs.xml.dist"]

export interface RuleProperty {
  readonly name: string
  readonly value: string | undefined
  readonly type: string | undefined
  readonly extend: string | undefined
  readonly elements: ReadonlyArray<{ readonly key: string | undefined; readonly value: string }>
}

export interface PathPattern {
  readonly pattern: string
  readonly relative: boolean
}

export interface RuleRef {
  /** A standard, a category, a sniff or a message code of the standards phpcs ships. */
  readonly ref: string
  readonly excludes: ReadonlyArray<string>
  readonly severity: string | undefined
  readonly type: string | undefined
  readonly message: string | undefined
  readonly properties: ReadonlyArray<RuleProperty>
  readonly excludePatterns: ReadonlyArray<PathPattern>
  readonly includePatterns: ReadonlyArray<PathPattern>
}

export interface PhpcsPlan {
  readonly rules: ReadonlyArray<RuleRef>
  /** `<arg>`s passed on to phpcs: a named one with its value, or flags (`n`). */
  readonly args: ReadonlyArray<{ readonly name: string | undefined; readonly value: string }>
  /** The extensions of the files given to phpcs. */
  readonly extensions: ReadonlyArray<string>
  /** The files and folders the ruleset names (tree paths), when it names some: the files checked are under them. */
  readonly files: ReadonlyArray<string> | undefined
  /** Files left out, as phpcs's `<exclude-pattern>` says (absolute: against the file's whole path; relative: its path in the tree). */
  readonly excludePatterns: ReadonlyArray<PathPattern>
  /** The refs whose `<type>` the repository chose: their findings take it (ERROR, WARNING). */
  readonly typed: ReadonlyArray<string>
}

export interface ReadRuleset {
  readonly plan: PhpcsPlan
  /** What was not followed, each in words. */
  readonly problems: ReadonlyArray<string>
}

const repeated: ReadonlySet<string> = new Set(["rule", "exclude", "exclude-pattern", "include-pattern", "property", "element", "arg", "config", "file", "ini", "autoload"])

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

const listOf = (value: unknown): ReadonlyArray<unknown> => (Array.isArray(value) ? value : value === undefined ? [] : [value])

/** An element's text: the element itself when it has no attribute, else its `#text`. */
const textOf = (value: unknown): string => (typeof value === "string" ? value : isRecord(value) && typeof value["#text"] === "string" ? value["#text"] : "").trim()

const attributeOf = (value: unknown, name: string): string | undefined => (isRecord(value) && typeof value[name] === "string" ? value[name] : undefined)

/** The standards this phpcs ships: those of the catalogue's sniffs. */
const standards: ReadonlySet<string> = new Set([...phpcsSniffCodes].map((code) => code.slice(0, code.indexOf("."))))

const categories: ReadonlySet<string> = new Set([...phpcsSniffCodes].map((code) => code.slice(0, code.lastIndexOf("."))))

/** The sniffs no ruleset may turn on here: Zend's runs another program (its code analyser). */
const refusedSniffs: ReadonlyArray<string> = ["Zend.Debug.CodeAnalyzer"]

/** Why a code-like ref cannot run here, or undefined when it names what this phpcs ships. */
const codeProblem = (ref: string): string | undefined => {
  const parts = ref.split(".")
  const [standard = ""] = parts
  if (!standards.has(standard)) return `the standard ${standard} is not installed here (only PHP_CodeSniffer's own standards run): left out`
  if (parts.length === 2 && !categories.has(ref)) return "not a category of PHP sniffs of this PHP_CodeSniffer: left out"
  const sniff = parts.slice(0, 3).join(".")
  if (parts.length >= 3 && refusedSniffs.includes(sniff)) return "runs another program: left out"
  if (parts.length >= 3 && !phpcsSniffCodes.has(sniff)) return "not a PHP sniff of this PHP_CodeSniffer (a newer one's, or one for JavaScript or CSS): left out"
  return undefined
}

// A standard's name may hold a dash (`WordPress-Extra`); a path has a slash or ends with `.xml` or `.php`.
const isCodeRef = (ref: string): boolean => /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+){0,3}$/.test(ref) && !/\.(?:xml|php)$/i.test(ref)

const patternsOf = (value: unknown): ReadonlyArray<PathPattern> =>
  listOf(value).map((entry) => ({ pattern: textOf(entry), relative: attributeOf(entry, "type") === "relative" })).filter((entry) => entry.pattern !== "")

const propertiesOf = (rule: Record<string, unknown>): ReadonlyArray<RuleProperty> => {
  const properties = rule["properties"]
  return listOf(isRecord(properties) ? properties["property"] : undefined).flatMap((property) => {
    const name = attributeOf(property, "name")
    if (name === undefined) return []
    const elements = listOf(isRecord(property) ? property["element"] : undefined).map((element) => ({ key: attributeOf(element, "key"), value: attributeOf(element, "value") ?? "" }))
    return [{ name, value: attributeOf(property, "value"), type: attributeOf(property, "type"), extend: attributeOf(property, "extend"), elements }]
  })
}

/** Each `<arg name>` passed on: what changes what phpcs reports. */
const passedArgs: ReadonlySet<string> = new Set(["tab-width", "encoding", "severity", "error-severity", "warning-severity", "ignore-annotations", "sniffs", "exclude"])

/** `php,inc/php,js/js` → the extensions phpcs reads as PHP. */
const extensionsOf = (value: string): ReadonlyArray<string> =>
  value.split(",").map((entry) => entry.trim().split("/")).filter(([extension, tokenizer]) => extension !== undefined && extension !== "" && (tokenizer === undefined || tokenizer.toUpperCase() === "PHP")).map(([extension = ""]) => extension.toLowerCase())

const maxDepth = 8

interface Gathered {
  rules: Array<RuleRef>
  args: Array<{ readonly name: string | undefined; readonly value: string }>
  extensions: ReadonlyArray<string> | undefined
  files: Array<string>
  excludePatterns: Array<PathPattern>
  typed: Set<string>
}

/** The root's ruleset made safe, with the rulesets of the checkout it names; why not when the root's is not a ruleset. */
export const readRuleset = (root: SourceFile, files: ReadonlyMap<string, SourceFile>): Either.Either<ReadRuleset, string> => {
  const problems: Array<string> = []
  const gathered: Gathered = { rules: [], args: [], extensions: undefined, files: [], excludePatterns: [], typed: new Set() }
  const seen = new Set<string>()

  const readRule = (file: SourceFile, rule: unknown, depth: number): void => {
    const ref = attributeOf(rule, "ref")?.trim()
    if (ref === undefined || ref === "") return
    const where = `${file.path}: <rule ref="${ref}">`
    if (!isCodeRef(ref)) {
      if (!/\.xml$/i.test(ref)) return void problems.push(`${where}: the repository's own sniffs are PHP code, never run here: left out`)
      const path = posix.normalize(posix.join(posix.dirname(file.path), ref))
      const inherited = path.startsWith("../") || posix.isAbsolute(path) || depth >= maxDepth ? undefined : files.get(path)
      if (inherited === undefined) return void problems.push(`${where}: not a ruleset of the checkout: left out`)
      if (isRecord(rule) && Object.keys(rule).some((key) => key !== "ref")) problems.push(`${where}: its excludes and settings are not applied to the ruleset it names`)
      return void read(inherited, depth + 1)
    }
    const problem = codeProblem(ref)
    if (problem !== undefined) return void problems.push(`${where}: ${problem}`)
    const body = isRecord(rule) ? rule : {}
    const type = textOf(body["type"]).toLowerCase() || undefined
    if (type !== undefined) gathered.typed.add(ref)
    gathered.rules.push({
      ref,
      excludes: listOf(body["exclude"]).flatMap((exclude) => attributeOf(exclude, "name") ?? []),
      severity: textOf(body["severity"]) || undefined,
      type,
      message: textOf(body["message"]) || undefined,
      properties: propertiesOf(body),
      excludePatterns: patternsOf(body["exclude-pattern"]),
      includePatterns: patternsOf(body["include-pattern"])
    })
  }

  const readArg = (file: SourceFile, arg: unknown): void => {
    const name = attributeOf(arg, "name")
    const value = attributeOf(arg, "value") ?? ""
    if (name === "bootstrap") return void problems.push(`${file.path}: <arg name="bootstrap" value="${value}">: the repository's PHP is never run here: left out`)
    if (name === "extensions") return void (gathered.extensions = extensionsOf(value))
    if (name !== undefined && passedArgs.has(name)) return void gathered.args.push({ name, value })
    // Flags: only `n` (no warnings) changes what is reported; `s`, `p`, `v`, `q` are how phpcs prints.
    if (name === undefined && value.includes("n")) gathered.args.push({ name: undefined, value: "n" })
  }

  const read = (file: SourceFile, depth: number): Either.Either<void, string> => {
    if (seen.has(file.path)) return Either.right(undefined)
    seen.add(file.path)
    const parsed = parseXml(file.content, repeated)
    if (Either.isLeft(parsed)) return Either.left(`${file.path} is not XML: ${parsed.left.reason}${parsed.left.line === undefined ? "" : ` (line ${parsed.left.line})`}`)
    const ruleset = isRecord(parsed.right) ? parsed.right["ruleset"] : undefined
    if (!isRecord(ruleset) && ruleset !== "") return Either.left(`${file.path} is not a PHP_CodeSniffer ruleset (no <ruleset>)`)
    const body = isRecord(ruleset) ? ruleset : {}
    for (const config of listOf(body["config"])) {
      problems.push(`${file.path}: <config name="${attributeOf(config, "name") ?? ""}"> is not followed (it may name standards or programs outside the checkout)`)
    }
    for (const ini of listOf(body["ini"])) problems.push(`${file.path}: <ini name="${attributeOf(ini, "name") ?? ""}"> is not followed (PHP's settings are the server's)`)
    for (const autoload of listOf(body["autoload"])) problems.push(`${file.path}: <autoload>${textOf(autoload)}</autoload>: the repository's PHP is never run here: left out`)
    for (const arg of listOf(body["arg"])) readArg(file, arg)
    for (const entry of listOf(body["file"])) {
      const path = posix.normalize(posix.join(posix.dirname(file.path), textOf(entry)))
      if (path.startsWith("../") || posix.isAbsolute(path)) problems.push(`${file.path}: <file>${textOf(entry)}</file> is outside the checkout: left out`)
      else gathered.files.push(path === "." ? "" : path.replace(/\/$/, ""))
    }
    gathered.excludePatterns.push(...patternsOf(body["exclude-pattern"]))
    for (const rule of listOf(body["rule"])) readRule(file, rule, depth)
    return Either.right(undefined)
  }

  return Either.map(read(root, 0), () => ({
    plan: {
      rules: gathered.rules,
      args: gathered.args,
      extensions: gathered.extensions ?? defaultPhpExtensions,
      files: gathered.files.length === 0 ? undefined : gathered.files,
      excludePatterns: gathered.excludePatterns,
      typed: [...gathered.typed].sort()
    },
    problems
  }))
}

/** The plan of the enabled patterns (their sniffs' codes): those sniffs alone, over the default PHP files. */
export const patternsPlan = (sniffs: ReadonlyArray<string>): PhpcsPlan => ({
  rules: sniffs.filter((sniff) => phpcsSniffCodes.has(sniff)).map((ref) => ({
    ref,
    excludes: [],
    severity: undefined,
    type: undefined,
    message: undefined,
    properties: [],
    excludePatterns: [],
    includePatterns: []
  })),
  args: [],
  extensions: defaultPhpExtensions,
  files: undefined,
  excludePatterns: [],
  typed: []
})

const escaped = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;")

const attributes = (pairs: ReadonlyArray<readonly [string, string | undefined]>): string =>
  pairs.flatMap(([name, value]) => (value === undefined ? [] : [` ${name}="${escaped(value)}"`])).join("")

const patternLines = (tag: string, patterns: ReadonlyArray<PathPattern>): ReadonlyArray<string> =>
  patterns.map((p) => `  <${tag}${attributes([["type", p.relative ? "relative" : undefined]])}>${escaped(p.pattern)}</${tag}>`)

const propertyLines = (property: RuleProperty): ReadonlyArray<string> => {
  const head = `<property${attributes([["name", property.name], ["type", property.type], ["extend", property.extend], ["value", property.value]])}`
  if (property.elements.length === 0) return [`   ${head}/>`]
  return [`   ${head}>`, ...property.elements.map((e) => `    <element${attributes([["key", e.key], ["value", e.value]])}/>`), "   </property>"]
}

/** A rule as phpcs is given it; a rule over Zend's standard or its Debug category leaves its external analyser out. */
const ruleLines = (rule: RuleRef): ReadonlyArray<string> => {
  const refused = refusedSniffs.filter((sniff) => sniff.startsWith(`${rule.ref}.`))
  const body = [
    ...[...rule.excludes, ...refused].map((name) => `  <exclude${attributes([["name", name]])}/>`),
    ...(rule.severity === undefined ? [] : [`  <severity>${escaped(rule.severity)}</severity>`]),
    ...(rule.type === undefined ? [] : [`  <type>${escaped(rule.type)}</type>`]),
    ...(rule.message === undefined ? [] : [`  <message>${escaped(rule.message)}</message>`]),
    ...(rule.properties.length === 0 ? [] : ["  <properties>", ...rule.properties.flatMap(propertyLines), "  </properties>"]),
    ...patternLines("exclude-pattern", rule.excludePatterns),
    ...patternLines("include-pattern", rule.includePatterns)
  ]
  const open = ` <rule${attributes([["ref", rule.ref]])}`
  return body.length === 0 ? [`${open}/>`] : [`${open}>`, ...body.map((line) => ` ${line}`), " </rule>"]
}

/** The ruleset phpcs is given: the plan's rules and arguments, nothing it would load or run. */
export const rulesetText = (plan: PhpcsPlan): string =>
  [
    "<?xml version=\"1.0\"?>",
    "<ruleset name=\"Tidemark\">",
    ...plan.args.map((arg) => ` <arg${attributes([["name", arg.name], ["value", arg.value]])}/>`),
    ...plan.rules.flatMap(ruleLines),
    "</ruleset>",
    ""
  ].join("\n")

const regexOf = (pattern: string): RegExp | undefined => {
  try {
    // phpcs's own reading: `\,` is a comma, `*` any run of characters, matched anywhere, in any case.
    return new RegExp(pattern.replace(/\\,/g, ",").replace(/\*/g, ".*"), "i")
  } catch {
    return undefined
  }
}

/** Whether phpcs checks a file of the tree under the plan: among its `<file>`s, not excluded, of its extensions (checked apart). */
export const selectedBy = (plan: PhpcsPlan, root: string) => {
  const excludes = plan.excludePatterns.flatMap((p) => {
    const regex = regexOf(p.pattern)
    return regex === undefined ? [] : [{ regex, relative: p.relative }]
  })
  return (path: string): boolean =>
    (plan.files === undefined || plan.files.some((named) => named === "" || path === named || path.startsWith(`${named}/`))) &&
    !excludes.some((exclude) => exclude.regex.test(exclude.relative ? path : posix.join(root, path)))
}
