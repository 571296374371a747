import { posix } from "node:path"
import { rubocopSeverities } from "@tidemark/catalogue/ToolHeads"
import { Either } from "effect"
import type { SourceFile } from "../SourceTree.js"
import { parseYaml } from "../YamlText.js"

/**
 * A repository's `.rubocop.yml`, read as data. RuboCop itself never reads it: RuboCop runs each
 * configuration file through ERB (Ruby code between `<% %>`) and loads the gems its `require:`
 * names, and `inherit_gem` and an `inherit_from` URL fetch configurations from outside the
 * checkout. Here the file is parsed as YAML, those keys are taken out and named, the local files
 * it inherits from (in the checkout) are read the same way, and what is left is written for
 * RuboCop as JSON (which is YAML) with every `<%` escaped (`<%%`), so that ERB finds no code.
 *
 * A cop or department this RuboCop does not have (an extension's, `RSpec/…`, `Rails`, or a newer
 * RuboCop's) is left out and named: RuboCop refuses a whole configuration that names one.
 *
 * RuboCop reads a configuration's paths (`Exclude`, `Include`) from the folder of a file named
 * `.rubocop*`, from its working folder otherwise: the files written here are named otherwise, and
 * RuboCop runs at the checkout's root, so the paths of the root's `.rubocop.yml` (and of a file it
 * inherits from at the root) mean what they meant.
 */

export const configName = ".rubocop.yml"

/** One configuration document made safe: its data, and the documents it inherits from, by their index. */
export interface SafeDocument {
  readonly data: Readonly<Record<string, unknown>>
  readonly inherits: ReadonlyArray<number>
}

export interface SafeConfiguration {
  /** The root's configuration first, then the files it inherits from. */
  readonly documents: ReadonlyArray<SafeDocument>
  /** What was not followed, each in words. */
  readonly problems: ReadonlyArray<string>
}

// Keys that load Ruby code or fetch a configuration from outside the checkout.
const refusedKeys: Readonly<Record<string, string>> = {
  require: "is not loaded: RuboCop's extensions (and the repository's own Ruby) are not run here, nor are their cops",
  plugins: "is not loaded: RuboCop's extensions are not run here, nor are their cops",
  inherit_gem: "is not followed: a gem's configuration is outside the checkout"
}

/** The cops of the RuboCop Tidemark runs (the catalogue's), and their departments. */
const knownCops: ReadonlySet<string> = new Set(rubocopSeverities.keys())
const knownDepartments: ReadonlySet<string> = new Set([...knownCops].map((cop) => cop.slice(0, cop.indexOf("/"))))
const generalKeys: ReadonlySet<string> = new Set(["AllCops", "inherit_mode"])

/** Whether RuboCop 1.39 knows the key: its general settings, one of its departments or cops. */
const isKnownKey = (key: string): boolean => generalKeys.has(key) || knownDepartments.has(key) || knownCops.has(key)

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

const listOf = (value: unknown): ReadonlyArray<unknown> => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value])

/** A path the inheriting file names, as a path of the tree, if it stays in the checkout. */
const treePathOf = (from: string, target: string): string | undefined => {
  if (posix.isAbsolute(target)) return undefined
  const path = posix.normalize(posix.join(posix.dirname(from), target))
  return path === ".." || path.startsWith("../") ? undefined : path
}

/** The root's `.rubocop.yml` made safe, with the files it inherits from; why not when the root's is not a YAML mapping. */
export const safeConfigurationOf = (root: SourceFile, files: ReadonlyMap<string, SourceFile>): Either.Either<SafeConfiguration, string> => {
  const documents: Array<SafeDocument> = []
  const problems: Array<string> = []
  const indexOf = new Map<string, number>()

  const read = (file: SourceFile): Either.Either<number, string> => {
    const known = indexOf.get(file.path)
    if (known !== undefined) return Either.right(known)
    const parsed = parseYaml(file.content)
    if (Either.isLeft(parsed)) return Either.left(`${file.path} is not YAML: ${parsed.left}`)
    const value = parsed.right ?? {}
    if (!isRecord(value)) return Either.left(`${file.path} is not a mapping of RuboCop's settings`)
    if (file.content.includes("<%")) problems.push(`${file.path}: ERB (<% %>) is not run: it is read as written`)
    const index = documents.length
    indexOf.set(file.path, index)
    const data: Record<string, unknown> = {}
    const inherits: Array<number> = []
    const unknown: Array<string> = []
    // Placed before the files it inherits from are read, so that a cycle ends on this index.
    documents.push({ data, inherits })
    for (const [key, entry] of Object.entries(value)) {
      const refused = refusedKeys[key]
      if (refused !== undefined) {
        problems.push(`${file.path}: ${key}: ${listOf(entry).map(String).join(", ")} ${refused}`)
      } else if (key === "inherit_from") {
        for (const target of listOf(entry).map(String)) {
          const path = /^https?:\/\//i.test(target) ? undefined : treePathOf(file.path, target)
          const inherited = path === undefined ? undefined : files.get(path)
          if (inherited === undefined) {
            problems.push(`${file.path}: inherit_from: ${target} is not followed: ${path === undefined ? "it is outside the checkout" : "no such file in the checkout"}`)
            continue
          }
          const found = read(inherited)
          if (Either.isLeft(found)) problems.push(`${file.path}: inherit_from: ${found.left}`)
          else inherits.push(found.right)
        }
      } else if (isKnownKey(key)) {
        data[key] = entry
      } else {
        unknown.push(key)
      }
    }
    if (unknown.length > 0) problems.push(`${file.path}: ${unknown.join(", ")}: not cops of this RuboCop (an extension's, or a newer RuboCop's): left out`)
    return Either.right(index)
  }

  return Either.map(read(root), () => ({ documents, problems }))
}

/** A document's name in the folder the configuration is written to (not `.rubocop*`: see above). */
export const documentName = (index: number): string => `tidemark-rubocop-${index}.yml`

/**
 * A document as RuboCop is given it, its `inherit_from` the written documents in `folder`: JSON,
 * with every `<%` escaped for ERB. The root's asks RuboCop not to suggest extensions (a line on
 * its standard output, which must be the report alone).
 */
export const documentText = (configuration: SafeConfiguration, index: number, folder: string): string => {
  const document = configuration.documents[index]
  if (document === undefined) return "{}\n"
  const { AllCops, ...rest } = document.data
  const data = {
    ...(document.inherits.length === 0 ? {} : { inherit_from: document.inherits.map((i) => posix.join(folder, documentName(i))) }),
    ...(index === 0 ? { AllCops: { ...(isRecord(AllCops) ? AllCops : {}), SuggestExtensions: false } } : AllCops === undefined ? {} : { AllCops }),
    ...rest
  }
  return `${JSON.stringify(data, null, 1).replaceAll("<%", "<%%")}\n`
}

/**
 * The configuration Tidemark writes when the repository has none, or it is not followed: RuboCop's
 * defaults, never a file of the checkout or above it (RuboCop would look for one up the folders).
 */
export const patternsConfiguration: SafeConfiguration = { documents: [{ data: {}, inherits: [] }], problems: [] }

/**
 * The newest Ruby RuboCop 1.39 parses for (its known versions end at 3.2; later releases keep it).
 * A repository whose `.ruby-version`, `.tool-versions` or `Gemfile.lock` (or configuration) names a
 * newer Ruby makes RuboCop stop on every file ("RuboCop found unknown Ruby version: 4.0"): it is
 * then told to parse for this one, and a file of newer syntax is named as not parsed.
 */
export const newestKnownRuby = 3.2

/** The configuration with RuboCop told which Ruby to parse for, over what the repository's files and configuration say. */
export const targetingRuby = (configuration: SafeConfiguration, version: number): SafeConfiguration => {
  const [root, ...inherited] = configuration.documents
  const data = root?.data ?? {}
  const allCops = isRecord(data["AllCops"]) ? data["AllCops"] : {}
  return { ...configuration, documents: [{ inherits: root?.inherits ?? [], data: { ...data, AllCops: { ...allCops, TargetRubyVersion: version } } }, ...inherited] }
}

/** The Rubies RuboCop 1.39 parses for, oldest first. */
const knownRubies: ReadonlyArray<number> = [2.0, 2.1, 2.2, 2.3, 2.4, 2.5, 2.6, 2.7, 3.0, 3.1, 3.2]

type Segments = ReadonlyArray<number>

const compared = (a: Segments, b: Segments): number => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0)
    if (difference !== 0) return difference
  }
  return 0
}

// RubyGems' `Version#bump`: the last segment dropped (unless it is the only one), the new last one plus one.
const bumped = (bound: Segments): Segments => {
  const kept = bound.length > 1 ? bound.slice(0, -1) : bound
  return [...kept.slice(0, -1), (kept[kept.length - 1] ?? 0) + 1]
}

// RubyGems' operators; `~> 2.7` is `>= 2.7, < 3`, `~> 2.7.1` is `>= 2.7.1, < 2.8`.
const satisfies = (version: Segments, operator: string, bound: Segments): boolean => {
  const order = compared(version, bound)
  switch (operator) {
    case ">=": return order >= 0
    case ">": return order > 0
    case "<=": return order <= 0
    case "<": return order < 0
    case "!=": return order !== 0
    case "~>": return order >= 0 && compared(version, bumped(bound)) < 0
    default: return order === 0
  }
}

/**
 * The oldest Ruby RuboCop knows that a gemspec's `required_ruby_version` allows (`">= 3.0.0"`,
 * `"~> 2.7"`, `[">= 2.7", "< 4"]`), read as RuboCop reads one (each known Ruby as its last patch
 * release, `3.0.99`); undefined when the gemspec names none or none fits. A gem's code must run on
 * the oldest Ruby it supports, which is the Ruby RuboCop's documentation says to parse for.
 */
export const oldestRubyOfGemspec = (content: string): number | undefined => {
  const statement = /\brequired_ruby_version\s*=\s*([^\n]+)/.exec(content)?.[1]
  if (statement === undefined) return undefined
  const requirements = [...statement.matchAll(/["']\s*(>=|<=|~>|>|<|!=|=)?\s*(\d+(?:\.\d+)*)\s*["']/g)]
    .map((match) => ({ operator: match[1] ?? "=", bound: match[2]!.split(".").map(Number) }))
  if (requirements.length === 0) return undefined
  return knownRubies.find((ruby) => {
    const version = [...ruby.toFixed(1).split(".").map(Number), 99]
    return requirements.every(({ bound, operator }) => satisfies(version, operator, bound))
  })
}

/** The Ruby version RuboCop says it does not know, from its standard error. */
export const unknownRubyOf = (stderr: string): string | undefined => /RuboCop found unknown Ruby version:? "?(\d+(?:\.\d+)*)/.exec(stderr)?.[1]
