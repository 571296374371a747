import type { ISpectralDiagnostic, Ruleset, RulesetDefinition } from "@stoplight/spectral-core"
import { Either, Predicate } from "effect"
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join, posix } from "node:path"
import { canonicalJson } from "../CanonicalJson.js"
import { parseYaml } from "../YamlText.js"
import { isYamlPath } from "./SpectralDocument.js"

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
    loaded = {
      Spectral: core.Spectral,
      Document: core.Document,
      Ruleset: core.Ruleset,
      Parsers: require("@stoplight/spectral-parsers") as typeof import("@stoplight/spectral-parsers"),
      Resolver: (require("@stoplight/spectral-ref-resolver") as typeof import("@stoplight/spectral-ref-resolver")).Resolver,
      rulesets: require("@stoplight/spectral-rulesets") as typeof import("@stoplight/spectral-rulesets"),
      version: `core ${versions[0]}, rulesets ${versions[1]}`
    }
  }
  return loaded
}

/** Spectral's and its rulesets' versions, as the cache keys name them. */
export const spectralVersion = (): string => spectral().version

/** Every rule of the shipped rulesets, with the severity Spectral gives it when a ruleset file says `true`. */
export const shippedRules = (): ReadonlySet<string> => {
  const { asyncapi, oas } = spectral().rulesets
  return new Set([...Object.keys(oas.rules), ...Object.keys(asyncapi.rules)])
}

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

// The rules that validate the document against the specification's schema, before any `$ref` is resolved.
const schemaRules: ReadonlySet<string> = new Set(["oas2-schema", "oas3-schema", "asyncapi-schema", "asyncapi-3-document-unresolved"])

/**
 * Whether a schema rule's finding is about a `$ref` itself, where the specification allows none
 * (an operation or a description written as `$ref: ./operations/get.yml`): multi-file documents
 * are written so, and their bundlers put what the `$ref` names in its place. What it names is
 * linted by the other rules, which read the resolved document.
 */
const aboutReference = (data: unknown, diagnostic: ISpectralDiagnostic): boolean => {
  if (!schemaRules.has(String(diagnostic.code))) return false
  let node = data
  for (const segment of diagnostic.path) {
    if (Predicate.isRecord(node) && "$ref" in node) return true
    if (segment === "$ref") return true
    node = Predicate.isRecord(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[segment] : undefined
  }
  return Predicate.isRecord(node) && "$ref" in node
}

/**
 * Whether the finding is a scope listed for a scheme that is not OAuth 2 (`bearer_auth:
 * [droplet:read]`): OpenAPI 3.1 calls these role names and allows them, 3.0 asked for an empty
 * list, and APIs whose tokens carry scopes write them so in both. A scope an OAuth 2 scheme's
 * flows do not declare is still reported.
 */
const roleOfPlainScheme = (data: unknown, diagnostic: ISpectralDiagnostic): boolean => {
  if (diagnostic.code !== "oas3-operation-security-defined" || !diagnostic.message.endsWith("must be listed among scopes.")) return false
  const scheme = diagnostic.path[diagnostic.path.length - 2]
  const components = Predicate.isRecord(data) ? data["components"] : undefined
  const schemes = Predicate.isRecord(components) ? components["securitySchemes"] : undefined
  const definition = Predicate.isRecord(schemes) && scheme !== undefined ? schemes[scheme] : undefined
  return Predicate.isRecord(definition) && typeof definition["type"] === "string" && definition["type"] !== "oauth2"
}

const recordAt = (value: unknown, key: string): Record<string, unknown> | undefined => {
  const found = Predicate.isRecord(value) ? value[key] : undefined
  return Predicate.isRecord(found) && !Array.isArray(found) ? found : undefined
}

// A document's findings are filtered one by one: its mappings are gathered once.
const mappedOf = new WeakMap<object, ReadonlySet<string>>()

/** Every schema a discriminator's `mapping` names, by pointer or by name, anywhere in the document. */
const mappedSchemas = (data: unknown): ReadonlySet<string> => {
  const known = Predicate.isObject(data) ? mappedOf.get(data) : undefined
  if (known !== undefined) return known
  const names = new Set<string>()
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (!Predicate.isRecord(node)) return
    const mapping = recordAt(recordAt(node, "discriminator"), "mapping")
    for (const target of Object.values(mapping ?? {})) {
      if (typeof target === "string") names.add(target.replace(/^#\/components\/schemas\//, ""))
    }
    Object.values(node).forEach(visit)
  }
  visit(data)
  if (Predicate.isObject(data)) mappedOf.set(data, names)
  return names
}

/**
 * Whether an "unused" schema is a subtype a discriminator reaches: named by a `mapping`, or
 * extending (`allOf`) a schema with a discriminator, whose values name their subtypes. Spectral
 * counts only `$ref`s, and polymorphic APIs reach their subtypes so.
 */
const subtypeOfDiscriminator = (data: unknown, diagnostic: ISpectralDiagnostic): boolean => {
  const [components, kind, name] = diagnostic.path
  if (diagnostic.code !== "oas3-unused-component" || components !== "components" || kind !== "schemas" || typeof name !== "string") return false
  if (mappedSchemas(data).has(name)) return true
  const schemas = recordAt(recordAt(data, "components"), "schemas")
  // Up the `allOf` chain (a Terrier extends a Dog that extends a Pet with the discriminator), a few levels at most.
  const reachesDiscriminator = (schema: string, depth: number): boolean => {
    const parts = recordAt(schemas, schema)?.["allOf"]
    return depth < 8 && Array.isArray(parts) && parts.some((part) => {
      const ref = Predicate.isRecord(part) ? part["$ref"] : undefined
      if (typeof ref !== "string" || !ref.startsWith("#/components/schemas/")) return false
      const base = ref.slice("#/components/schemas/".length)
      return recordAt(schemas, base)?.["discriminator"] !== undefined || reachesDiscriminator(base, depth + 1)
    })
  }
  return reachesDiscriminator(name, 0)
}

const nodeAt = (data: unknown, path: ReadonlyArray<string | number>): unknown =>
  path.reduce<unknown>((node, segment) => (Predicate.isRecord(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[segment] : undefined), data)

/**
 * A deprecated operation without a success response: one that is retired, and answers 410 Gone
 * by design. `dataOf` gives the data of the file the finding is in (its path is that file's).
 */
const retired = (dataOf: (source: string | undefined) => unknown, diagnostic: ISpectralDiagnostic): boolean => {
  if (diagnostic.code !== "operation-success-response" || diagnostic.path[diagnostic.path.length - 1] !== "responses") return false
  const operation = nodeAt(dataOf(diagnostic.source), diagnostic.path.slice(0, -1))
  return Predicate.isRecord(operation) && operation["deprecated"] === true
}

/** A diagnostic where it is: `file` when it is in another file of the tree than the document linted. */
export interface SpectralFinding {
  readonly code: string
  readonly severity: number
  readonly line: number
  readonly message: string
  readonly file: string | undefined
}

/**
 * A document's diagnostics but those Spectral makes of what the specification or common practice
 * allows (above): the caller keeps those of a rule. `tree` is the text of every file a `$ref` may
 * name, by path.
 */
export const lintDocument = async (
  configuration: SpectralConfiguration,
  path: string,
  content: string,
  tree: ReadonlyMap<string, string>
): Promise<ReadonlyArray<SpectralFinding>> => {
  const { Document, Parsers, Resolver, Spectral } = spectral()
  const resolver = new Resolver({
    resolvers: {
      file: {
        resolve: (ref) => {
          const target = treePathOf(ref.path())
          const text = target === undefined ? undefined : tree.get(target)
          return text === undefined ? Promise.reject(new Error(`${ref.toString()} is not a file of the repository`)) : Promise.resolve(text)
        }
      }
    }
  })
  const linter = new Spectral({ resolver })
  linter.setRuleset(rulesetFor(configuration))
  const source = `${treeRoot}/${path}`
  const document = isYamlPath(path) ? new Document(content, Parsers.Yaml, source) : new Document(content, Parsers.Json, source)
  const diagnostics: ReadonlyArray<ISpectralDiagnostic> = await linter.run(document)
  const dataOf = (file: string | undefined): unknown => {
    const path = file === undefined || file === source ? undefined : treePathOf(file)
    const text = path === undefined ? undefined : tree.get(path)
    return text === undefined ? document.data : Either.getOrUndefined(/\.json$/i.test(path ?? "") ? Either.try(() => JSON.parse(text) as unknown) : parseYaml(text))
  }
  const misread = [aboutReference, roleOfPlainScheme, subtypeOfDiscriminator]
  const kept = diagnostics.filter((diagnostic) => !misread.some((test) => test(document.data, diagnostic)) && !retired(dataOf, diagnostic))
  return kept.map((diagnostic) => {
    const file = diagnostic.source === undefined ? undefined : treePathOf(diagnostic.source)
    return {
      code: String(diagnostic.code),
      severity: diagnostic.severity,
      line: diagnostic.range.start.line + 1,
      message: diagnostic.message,
      file: file === path ? undefined : file
    }
  })
}
