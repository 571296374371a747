import type { ISpectralDiagnostic, Ruleset, RulesetDefinition } from "@stoplight/spectral-core"
import { Either } from "effect"
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join, posix } from "node:path"
import { canonicalJson } from "../CanonicalJson.js"
import { parseJsonc } from "../JsoncText.js"
import { parseYaml } from "../YamlText.js"
import { isYamlPath } from "./SpectralDocument.js"
import { misread } from "./SpectralMisreadings.js"

/**
 * Spectral in process, with its `spectral:oas` and `spectral:asyncapi` rulesets. A `$ref` to
 * another file is followed to the tree's own files, in memory; one that leaves the tree or names
 * a URL is never followed (nothing is read from disk or the network), and the document is then
 * not linted: its rules would read the `$ref` itself as the object it stands for.
 */

/** A ruleset's mode as Spectral's `extends` takes it. */
export type RulesetMode = "off" | "recommended" | "all"

/** A rule's severity as a ruleset file writes it; `true` is the rule's own. */
export type RuleSeverity = "error" | "warn" | "info" | "hint" | "off" | true

/** What Spectral lints with: each shipped ruleset's mode, then rules turned on or off by id. */
export interface SpectralConfiguration {
  readonly oas: RulesetMode
  readonly asyncapi: RulesetMode
  readonly rules: Readonly<Record<string, RuleSeverity>>
}

interface Loaded {
  readonly Spectral: typeof import("@stoplight/spectral-core").Spectral
  readonly Document: typeof import("@stoplight/spectral-core").Document
  readonly Ruleset: typeof import("@stoplight/spectral-core").Ruleset
  readonly Parsers: typeof import("@stoplight/spectral-parsers")
  readonly Resolver: typeof import("@stoplight/spectral-ref-resolver").Resolver
  readonly rulesets: typeof import("@stoplight/spectral-rulesets")
  readonly rules: ReadonlySet<string>
  readonly version: string
}

/**
 * The version of the package a resolved module file belongs to: its `package.json` is the first
 * above it with the package's name (Spectral's packages do not export their `package.json`).
 */
const packageVersion = (moduleFile: string, name: string): string => {
  for (let folder = dirname(moduleFile); folder !== dirname(folder); folder = dirname(folder)) {
    const manifest = join(folder, "package.json")
    if (!existsSync(manifest)) continue
    const parsed = JSON.parse(readFileSync(manifest, "utf8")) as { readonly name?: string; readonly version?: string }
    if (parsed.name === name && parsed.version !== undefined) return parsed.version
  }
  return "unknown"
}

// Loaded at the first API document: most of a second of an analysis thread's start otherwise.
let loaded: Loaded | undefined
const spectral = (): Loaded => {
  if (loaded === undefined) {
    const require = createRequire(import.meta.url)
    const core = require("@stoplight/spectral-core") as typeof import("@stoplight/spectral-core")
    const versions = ["@stoplight/spectral-core", "@stoplight/spectral-rulesets"].map((name) => packageVersion(require.resolve(name), name))
    const rulesets = require("@stoplight/spectral-rulesets") as typeof import("@stoplight/spectral-rulesets")
    loaded = {
      Spectral: core.Spectral,
      Document: core.Document,
      Ruleset: core.Ruleset,
      Parsers: require("@stoplight/spectral-parsers") as typeof import("@stoplight/spectral-parsers"),
      Resolver: (require("@stoplight/spectral-ref-resolver") as typeof import("@stoplight/spectral-ref-resolver")).Resolver,
      rulesets,
      rules: new Set([...Object.keys(rulesets.oas.rules), ...Object.keys(rulesets.asyncapi.rules)]),
      version: `core ${versions[0]}, rulesets ${versions[1]}`
    }
  }
  return loaded
}

/** Spectral's and its rulesets' versions, as the cache keys name them. */
export const spectralVersion = (): string => spectral().version

/** Every rule of the shipped rulesets, by id. */
export const shippedRules = (): ReadonlySet<string> => spectral().rules

const rulesetOf = (configuration: SpectralConfiguration): RulesetDefinition => {
  const { asyncapi, oas } = spectral().rulesets
  return {
    extends: [[oas as RulesetDefinition, configuration.oas], [asyncapi as RulesetDefinition, configuration.asyncapi]],
    // A duplicate key is yamllint's to report, and a number as a key (`200:` of a responses map)
    // is how most YAML specifications are written: neither makes a document unreadable.
    parserOptions: { duplicateKeys: "off", incompatibleValues: "off" },
    rules: configuration.rules
  }
}

// One ruleset per configuration a thread has seen: building one takes longer than linting a small document.
const rulesets = new Map<string, Ruleset>()
const maxRulesets = 16

const rulesetFor = (configuration: SpectralConfiguration): Ruleset => {
  const key = canonicalJson(configuration)
  const known = rulesets.get(key)
  if (known !== undefined) return known
  // Throws on a rule id no ruleset has: the configuration's reader lets none through.
  const made = new (spectral().Ruleset)(rulesetOf(configuration))
  if (rulesets.size >= maxRulesets) rulesets.clear()
  rulesets.set(key, made)
  return made
}

/** Checks once that Spectral takes the configuration, so that it fails here rather than at every document. */
export const checkConfiguration = (configuration: SpectralConfiguration): void => {
  rulesetFor(configuration)
}

// Where the tree's files appear to Spectral: a `$ref` is resolved against a document's place under it.
const treeRoot = "/tree"

const treePathOf = (path: string): string | undefined => {
  const normal = posix.normalize(path)
  return normal.startsWith(`${treeRoot}/`) ? normal.slice(treeRoot.length + 1) : undefined
}

/** A diagnostic where it is: `file` when it is in another file of the tree than the document linted. */
export interface SpectralFinding {
  readonly code: string
  readonly severity: number
  readonly line: number
  readonly message: string
  readonly file: string | undefined
}

/** What Spectral said of a document, and the `$ref`s it could not follow (out of the tree, or a URL). */
export interface LintedDocument {
  readonly findings: ReadonlyArray<SpectralFinding>
  readonly unfollowed: ReadonlyArray<string>
}

/**
 * A document's diagnostics but those Spectral makes of what the specification or common practice
 * allows (SpectralMisreadings): the caller keeps those of a rule. `tree` is the text of every file
 * a `$ref` may name, by path.
 */
export const lintDocument = async (
  configuration: SpectralConfiguration,
  path: string,
  content: string,
  tree: ReadonlyMap<string, string>
): Promise<LintedDocument> => {
  const { Document, Parsers, Resolver, Spectral } = spectral()
  const unfollowed: Array<string> = []
  // Every scheme a `$ref` may name goes to the tree: a file of it is read, anything else refused and noted.
  const inTree = {
    resolve: (ref: { readonly path: () => string; readonly toString: () => string }) => {
      const target = treePathOf(ref.path())
      const text = target === undefined ? undefined : tree.get(target)
      if (text !== undefined) return Promise.resolve(text)
      unfollowed.push(ref.toString())
      return Promise.reject(new Error(`${ref.toString()} is not a file of the repository`))
    }
  }
  const resolver = new Resolver({ resolvers: { file: inTree, http: inTree, https: inTree } })
  const linter = new Spectral({ resolver })
  linter.setRuleset(rulesetFor(configuration))
  const source = `${treeRoot}/${path}`
  const document = isYamlPath(path) ? new Document(content, Parsers.Yaml, source) : new Document(content, Parsers.Json, source)
  const diagnostics: ReadonlyArray<ISpectralDiagnostic> = await linter.run(document)
  const dataOf = (file: string | undefined): unknown => {
    const path = file === undefined || file === source ? undefined : treePathOf(file)
    const text = path === undefined ? undefined : tree.get(path)
    return text === undefined ? document.data : Either.getOrUndefined(/\.json$/i.test(path ?? "") ? parseJsonc(text) : parseYaml(text))
  }
  const kept = diagnostics.filter((diagnostic) => !misread(document.data, dataOf, diagnostic))
  const findings = kept.map((diagnostic) => {
    const file = diagnostic.source === undefined ? undefined : treePathOf(diagnostic.source)
    return {
      code: String(diagnostic.code),
      severity: diagnostic.severity,
      line: diagnostic.range.start.line + 1,
      message: diagnostic.message,
      file: file === path ? undefined : file
    }
  })
  return { findings, unfollowed }
}
