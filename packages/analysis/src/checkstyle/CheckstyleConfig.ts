import { posix } from "node:path"
import { checkstyleModules } from "@tidemark/catalogue/ToolHeads"
import { Either } from "effect"
import type { SourceFile } from "../SourceTree.js"
import { parseXml } from "../XmlDocument.js"

/**
 * A repository's Checkstyle configuration, read as XML data and written again for Checkstyle, so
 * that Checkstyle reads no file but the one Tidemark wrote: no DTD fetched (the one written names
 * Checkstyle's own, which its jar holds), no entity, no suppressions file, header file or cache.
 * What it says is followed as far as this Checkstyle (8.36.1) can:
 *
 * - `${name}` in a value: the folders the build plug-ins define (`config_loc`, `basedir`, …) where
 *   a path is meant, else the property's `default`; a property left without a value is left out;
 * - a module by its name, its class name (`EmptyBlockCheck`) or Checkstyle's full class name; one
 *   this Checkstyle does not have (a custom check, a newer release's) is left out, as is a property
 *   its module does not have (a newer release's `accessModifiers`): Checkstyle refuses a whole
 *   configuration for either;
 * - a module under the wrong parent (`LineLength` under TreeWalker, where Checkstyle before 8.24
 *   wanted it) moved to its own;
 * - a SuppressionFilter's (and SuppressionXpathFilter's) file read from the checkout as data and
 *   written as the single filters it stands for; a Header's `headerFile` read into its `header`;
 *   an ImportControl's file, which Checkstyle would read, is not followed (the module is left out);
 * - a module of severity `ignore` left out (it reports nothing); `cacheFile` and `basedir` dropped
 *   (a cache written into the checkout; paths reported relative to another folder); the messages
 *   in English whatever `localeLanguage` says; a file Checkstyle cannot parse named, not fatal.
 *
 * Each thing not followed is said in words (the plug-in's ToolProblem).
 */

export interface ModuleConfig {
  readonly name: string
  readonly properties: ReadonlyArray<readonly [string, string]>
  /** Custom messages (`<message key value>`), as written. */
  readonly messages: ReadonlyArray<readonly [string, string]>
  readonly children: ReadonlyArray<ModuleConfig>
}

export interface CheckstylePlan {
  readonly checker: ModuleConfig
  /** A module's `id` → its check: Checkstyle reports a finding under the id of the module that has one. */
  readonly ids: Readonly<Record<string, string>>
}

export interface ReadConfiguration {
  readonly plan: CheckstylePlan
  /** What was not followed, each in words. */
  readonly problems: ReadonlyArray<string>
}

/** Where Checkstyle's build plug-ins say a configuration is (Gradle's `config_loc`, Eclipse-CS's `samedir`) or the project is. */
const folderProperties: ReadonlySet<string> = new Set(["config_loc", "config_dir", "configDir", "samedir", "workspace_loc"])
const rootProperties: ReadonlySet<string> = new Set(["basedir", "project.basedir", "rootDir", "rootProject.projectDir", "projectDir", "session.executionRootDirectory"])

/** Properties any module has (AutomaticBean's and AbstractViolationReporter's). */
const commonProperties: ReadonlySet<string> = new Set(["id", "severity"])
const checkerProperties: ReadonlySet<string> = new Set(["charset", "fileExtensions", "haltOnException", "severity", "tabWidth"])
const treeWalkerProperties: ReadonlySet<string> = new Set(["fileExtensions", "tabWidth"])

/** Checker's settings Tidemark chooses whatever the repository says: findings in English, a file that does not parse named rather than fatal. */
const forcedCheckerProperties: ReadonlyArray<readonly [string, string]> = [["haltOnException", "false"], ["localeLanguage", "en"], ["localeCountry", "US"]]

/** Settings dropped without a word: they change where Checkstyle writes or how it names files, never what it finds. */
const droppedQuietly: ReadonlySet<string> = new Set(["cacheFile", "basedir", "localeLanguage", "localeCountry"])

const checkstylePackage = "com.puppycrawl.tools.checkstyle."

const visibilities: ReadonlyArray<string> = ["public", "protected", "package", "private"]

/**
 * A newer Checkstyle's `accessModifiers` (8.42: the set of visibilities checked) as 8.36's `scope`
 * (the least visible one checked, with every more visible one) and `excludeScope` (the more visible
 * ones left out), where the set is a run of visibilities (`public`; `protected`; `protected,
 * package`); undefined for a set they cannot say (`public, package`). Left out, the check would
 * read every method (commons-collections' `protected` JavadocMethod: 143 findings on private and
 * package methods).
 */
export const scopeOfAccessModifiers = (value: string): ReadonlyArray<readonly [string, string]> | undefined => {
  const listed = visibilities.filter((visibility) => value.split(",").some((part) => part.trim() === visibility))
  const first = visibilities.indexOf(listed[0] ?? "")
  const last = listed.at(-1)
  if (last === undefined || visibilities.slice(first, first + listed.length).join() !== listed.join()) return undefined
  const excluded = visibilities[first - 1]
  return [["scope", last], ...(excluded === undefined ? [] : [["excludeScope", excluded] as const])]
}

/** A module's name as this Checkstyle knows it, or undefined for one it does not have. */
export const moduleNameOf = (written: string): string | undefined => {
  const simple = written.startsWith(checkstylePackage) ? written.slice(written.lastIndexOf(".") + 1) : written
  if (simple === "Checker" || simple === "TreeWalker") return simple
  if (checkstyleModules.has(simple)) return simple
  const bare = simple.endsWith("Check") ? simple.slice(0, -"Check".length) : simple
  return checkstyleModules.has(bare) ? bare : undefined
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

const listOf = (value: unknown): ReadonlyArray<Record<string, unknown>> => (Array.isArray(value) ? value.filter(isRecord) : isRecord(value) ? [value] : [])

const textOf = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined)

interface Context {
  readonly config: SourceFile
  readonly files: ReadonlyMap<string, SourceFile>
  /** The build's properties (CheckstyleBuild), by name. */
  readonly properties: Readonly<Record<string, string>>
  /** The suppressions files already written as filters, by path: one the build applies too is not written twice. */
  readonly suppressionsRead: Set<string>
  readonly problems: Array<string>
}

/** `${name}` resolved: a folder where a path is meant, or the build's property, else undefined (the caller takes the property's default). */
const resolved = (value: string, context: Context): string | undefined => {
  let missing = false
  const text = value.replace(/\$\{([^}]*)\}/g, (_, name: string) => {
    if (folderProperties.has(name)) return posix.dirname(context.config.path)
    if (rootProperties.has(name)) return "."
    const built = context.properties[name]
    if (built !== undefined) return built
    missing = true
    return ""
  })
  return missing ? undefined : text
}

/** A path a configuration names, as a file of the checkout: relative to the root, else to the configuration's folder. */
const fileNamed = (path: string, context: Context): SourceFile | undefined => {
  if (/^[a-z]+:/i.test(path) || posix.isAbsolute(path)) return undefined
  const candidates = [posix.normalize(path), posix.normalize(posix.join(posix.dirname(context.config.path), path))]
  return candidates.filter((candidate) => !candidate.startsWith("../")).map((candidate) => context.files.get(candidate)).find((file) => file !== undefined)
}

const suppressionProperties: ReadonlyArray<string> = ["checks", "files", "lines", "columns", "id", "message"]
const xpathProperties: ReadonlyArray<string> = ["checks", "files", "id", "message", "query"]

/** A suppressions file's entries as the single filters they stand for (`<suppress>` under Checker, `<suppress-xpath>` under TreeWalker). */
const suppressionsOf = (file: SourceFile, context: Context): { checker: Array<ModuleConfig>; treeWalker: Array<ModuleConfig> } | undefined => {
  if (context.suppressionsRead.has(file.path)) return { checker: [], treeWalker: [] }
  context.suppressionsRead.add(file.path)
  const parsed = parseXml(file.content, new Set(["suppress", "suppress-xpath"]))
  const root = Either.isRight(parsed) && isRecord(parsed.right) ? parsed.right["suppressions"] : undefined
  if (Either.isLeft(parsed) || root === undefined) {
    context.problems.push(`${file.path}: not a Checkstyle suppressions file${Either.isLeft(parsed) ? ` (${parsed.left.reason})` : ""}: not followed`)
    return undefined
  }
  const entries = isRecord(root) ? root : {}
  const filterOf = (name: string, keys: ReadonlyArray<string>) => (entry: Record<string, unknown>): ModuleConfig => ({
    name,
    properties: keys.flatMap((key) => {
      const value = textOf(entry[key])
      return value === undefined ? [] : [[key, value] as const]
    }),
    messages: [],
    children: []
  })
  return {
    checker: listOf(entries["suppress"]).map(filterOf("SuppressionSingleFilter", suppressionProperties)),
    treeWalker: listOf(entries["suppress-xpath"]).map(filterOf("SuppressionXpathSingleFilter", xpathProperties))
  }
}

interface ReadModule {
  /** The module as written for Checkstyle, or nothing when left out. */
  readonly module: ModuleConfig | undefined
  /** Modules that belong under the other parent (Checker's under TreeWalker and back), or filters a file stood for. */
  readonly toChecker: ReadonlyArray<ModuleConfig>
  readonly toTreeWalker: ReadonlyArray<ModuleConfig>
}

const nothing: ReadModule = { module: undefined, toChecker: [], toTreeWalker: [] }

/** A `<module>` element read as one of this Checkstyle's, its properties resolved, under `parent` (the module it was written under). */
const readModule = (element: Record<string, unknown>, parent: string, context: Context): ReadModule => {
  const written = textOf(element["name"]) ?? ""
  const name = moduleNameOf(written)
  const where = `${context.config.path}: ${written}`
  if (name === undefined) {
    context.problems.push(`${where}: not a module of Checkstyle 8.36.1 (a custom check, or a newer release's): left out`)
    return nothing
  }
  const known = name === "Checker" || name === "TreeWalker" ? undefined : checkstyleModules.get(name)
  const allowed = name === "Checker" ? checkerProperties : name === "TreeWalker" ? treeWalkerProperties : undefined
  const properties: Array<readonly [string, string]> = []
  let headerFile: string | undefined
  let suppressionsFile: string | undefined
  let optional = false
  for (const property of listOf(element["property"])) {
    const key = textOf(property["name"]) ?? ""
    const raw = textOf(property["value"]) ?? ""
    const value = resolved(raw, context) ?? textOf(property["default"])
    if (droppedQuietly.has(key)) continue
    if (value === undefined) {
      context.problems.push(`${where}: ${key}="${raw}" names a property this analysis does not define: left at Checkstyle's default`)
      continue
    }
    if (key === "severity" && value.trim() === "ignore") return nothing
    const scopes = key === "accessModifiers" && known?.properties.includes("scope") && known.properties.includes("excludeScope") && !known.properties.includes(key) ? scopeOfAccessModifiers(value) : undefined
    if (scopes !== undefined) {
      properties.push(...scopes)
      continue
    }
    const has = commonProperties.has(key) || (allowed?.has(key) ?? (known?.properties.includes(key) ?? false))
    if (!has) {
      context.problems.push(`${where}: ${key} is not a property of ${name} in Checkstyle 8.36.1: left out`)
      continue
    }
    if (key === "headerFile") headerFile = value
    else if (key === "file" && (name === "SuppressionFilter" || name === "SuppressionXpathFilter")) suppressionsFile = value
    else if (key === "optional" && (name === "SuppressionFilter" || name === "SuppressionXpathFilter")) optional = value.trim() === "true"
    else if (key === "file" && name === "ImportControl") {
      context.problems.push(`${where}: its import-control file is not followed (Checkstyle would read it): left out`)
      return nothing
    } else properties.push([key, value])
  }
  if (suppressionsFile !== undefined) {
    const file = fileNamed(suppressionsFile, context)
    if (file === undefined) {
      if (!optional) context.problems.push(`${where}: ${suppressionsFile} is not a file of the checkout: its suppressions are not followed`)
      return nothing
    }
    const filters = suppressionsOf(file, context)
    return filters === undefined ? nothing : { module: undefined, toChecker: filters.checker, toTreeWalker: filters.treeWalker }
  }
  if (headerFile !== undefined) {
    const file = fileNamed(headerFile, context)
    if (file === undefined) {
      context.problems.push(`${where}: ${headerFile} is not a file of the checkout: left out`)
      return nothing
    }
    // Checkstyle's inline header: its lines separated by the two characters `\n`.
    properties.push(["header", file.content.replace(/\r?\n$/, "").split(/\r?\n/).join("\\n")])
  }
  const messages = listOf(element["message"]).flatMap((message) => {
    const key = textOf(message["key"])
    const value = textOf(message["value"])
    return key === undefined || value === undefined ? [] : [[key, value] as const]
  })
  const toChecker: Array<ModuleConfig> = []
  const toTreeWalker: Array<ModuleConfig> = []
  const children: Array<ModuleConfig> = []
  for (const child of listOf(element["module"])) {
    const read = readModule(child, name, context)
    children.push(...(name === "Checker" ? read.toChecker : []), ...(name === "TreeWalker" ? read.toTreeWalker : []))
    if (name !== "Checker") toChecker.push(...read.toChecker)
    if (name !== "TreeWalker") toTreeWalker.push(...read.toTreeWalker)
    if (read.module !== undefined) children.push(read.module)
  }
  const module: ModuleConfig = { name, properties, messages, children }
  // A module under the wrong parent goes to its own, which Checker and TreeWalker gather.
  const wants = name === "TreeWalker" ? "Checker" : known?.parent
  if (wants !== undefined && wants !== parent && parent !== "") {
    context.problems.push(`${where}: belongs under ${wants}, not ${parent} (as Checkstyle 8.36.1 wants it): moved`)
    return wants === "Checker" ? { module: undefined, toChecker: [module, ...toChecker], toTreeWalker } : { module: undefined, toChecker, toTreeWalker: [module, ...toTreeWalker] }
  }
  return { module, toChecker, toTreeWalker }
}

/** The Checker with Tidemark's settings, what TreeWalker's children were moved out of it gathered into a TreeWalker. */
const withTidemarkSettings = (checker: ModuleConfig, toTreeWalker: ReadonlyArray<ModuleConfig>): ModuleConfig => {
  const own = checker.properties.filter(([key]) => !forcedCheckerProperties.some(([forced]) => forced === key))
  const charset = own.some(([key]) => key === "charset") ? [] : [["charset", "UTF-8"] as const]
  const walkers = checker.children.filter((child) => child.name === "TreeWalker")
  const others = checker.children.filter((child) => child.name !== "TreeWalker")
  const [first, ...rest] = walkers
  const walker: ModuleConfig = first === undefined
    ? { name: "TreeWalker", properties: [], messages: [], children: toTreeWalker }
    : { ...first, children: [...first.children, ...toTreeWalker] }
  return { ...checker, properties: [...own, ...charset, ...forcedCheckerProperties], children: [...others, walker, ...rest] }
}

const idsOf = (module: ModuleConfig, into: Record<string, string> = {}): Record<string, string> => {
  const id = module.properties.find(([key]) => key === "id")?.[1]
  if (id !== undefined) into[id] = module.name
  for (const child of module.children) idsOf(child, into)
  return into
}

/** What the build around the configuration adds (CheckstyleBuild): a suppressions file it applies beside it, its properties. */
export interface BuildAdditions {
  readonly suppressions?: string | undefined
  readonly properties?: Readonly<Record<string, string>> | undefined
}

/** The configuration file's plan, or why it cannot be followed at all (not XML, no Checker). */
export const readConfiguration = (
  config: SourceFile,
  files: ReadonlyMap<string, SourceFile>,
  build: BuildAdditions = {}
): Either.Either<ReadConfiguration, string> => {
  const problems: Array<string> = []
  const context: Context = { config, files, properties: build.properties ?? {}, suppressionsRead: new Set(), problems }
  const { suppressions } = build
  if (/<!ENTITY/i.test(config.content)) {
    problems.push(`${config.path}: its DOCTYPE declares entities, which are not read (an external entity would have Checkstyle read another file): what they stand for is left out`)
  }
  // The DOCTYPE is never read: its internal subset (entities) goes with it, the written file names Checkstyle's own DTD.
  const parsed = parseXml(config.content.replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/i, "").replace(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)[A-Za-z_][\w.-]*;/gi, ""), new Set(["module", "property", "message"]))
  if (Either.isLeft(parsed)) return Either.left(`${config.path} is not XML: ${parsed.left.reason}${parsed.left.line === undefined ? "" : ` (line ${parsed.left.line})`}`)
  const roots = isRecord(parsed.right) ? listOf(parsed.right["module"]) : []
  const root = roots[0]
  if (root === undefined || moduleNameOf(textOf(root["name"]) ?? "") !== "Checker") return Either.left(`${config.path} is not a Checkstyle configuration: its root is not <module name="Checker">`)
  const read = readModule(root, "", context)
  const checker = read.module ?? { name: "Checker", properties: [], messages: [], children: [] }
  const buildFile = suppressions === undefined ? undefined : files.get(suppressions)
  if (suppressions !== undefined && buildFile === undefined) problems.push(`pom.xml: suppressionsLocation ${suppressions} is not a file of the checkout: not followed`)
  const built = buildFile === undefined ? undefined : suppressionsOf(buildFile, context)
  const whole = withTidemarkSettings(
    { ...checker, children: [...checker.children, ...read.toChecker, ...(built?.checker ?? [])] },
    [...read.toTreeWalker, ...(built?.treeWalker ?? [])]
  )
  return Either.right({ plan: { checker: whole, ids: idsOf(whole) }, problems })
}

/**
 * The plan of the enabled patterns: those checks with Checkstyle's defaults, each under its parent,
 * and the filter that honours the code's own `// CHECKSTYLE:OFF` … `// CHECKSTYLE:ON` comments. Not
 * SuppressWarningsHolder (which would honour `@SuppressWarnings("checkstyle:…")`): in 8.36.1 it
 * throws on an annotation inside an annotation element's `default`, and the whole file is lost
 * (4 of google/auto's sources).
 */
export const patternsPlan = (rules: ReadonlyArray<string>): CheckstylePlan => {
  const module = (name: string): ModuleConfig => ({ name, properties: [], messages: [], children: [] })
  const checks = rules.filter((rule) => checkstyleModules.get(rule)?.kind === "check")
  const walker = { ...module("TreeWalker"), children: [...checks.filter((rule) => checkstyleModules.get(rule)?.parent === "TreeWalker").map(module), module("SuppressionCommentFilter")] }
  const atChecker = checks.filter((rule) => checkstyleModules.get(rule)?.parent === "Checker").map(module)
  const checker = withTidemarkSettings({ ...module("Checker"), children: [...atChecker, walker] }, [])
  return { checker, ids: {} }
}

const escaped = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;").replace(/\t/g, "&#9;")

const moduleText = (module: ModuleConfig, indent: string): string => {
  const inner = [
    ...module.properties.map(([key, value]) => `${indent}  <property name="${escaped(key)}" value="${escaped(value)}"/>`),
    ...module.messages.map(([key, value]) => `${indent}  <message key="${escaped(key)}" value="${escaped(value)}"/>`),
    ...module.children.map((child) => moduleText(child, `${indent}  `))
  ]
  return inner.length === 0 ? `${indent}<module name="${escaped(module.name)}"/>` : `${indent}<module name="${escaped(module.name)}">\n${inner.join("\n")}\n${indent}</module>`
}

/**
 * The configuration as Checkstyle is given it. Its DOCTYPE names Checkstyle's public id, which
 * Checkstyle resolves to the DTD in its jar (it validates a configuration against it, and refuses
 * one without): the system id is never fetched.
 */
export const configurationText = (plan: CheckstylePlan): string =>
  [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<!DOCTYPE module PUBLIC "-//Checkstyle//DTD Checkstyle Configuration 1.3//EN" "https://checkstyle.org/dtds/configuration_1_3.dtd">`,
    moduleText(plan.checker, ""),
    ""
  ].join("\n")
