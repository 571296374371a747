import { Array as Arr } from "effect"
import { type Dependency, dependenciesOf, type ManifestError } from "./ManifestDependencies.js"
import { type StackRule, stackRules } from "./StackRules.js"

export interface Manifest {
  readonly path: string
  readonly content: string
}

export interface Stack {
  /** `<kind>:<name>` tags, sorted and without repeats. */
  readonly tags: ReadonlyArray<string>
  /** Manifests that could not be read: one broken file does not hide the rest of the stack. */
  readonly unreadable: ReadonlyArray<ManifestError>
}

// Third-party code checked into the repository is not the team's stack.
const isVendored = (path: string): boolean => /(^|\/)(node_modules|vendor|third_party)\//.test(path)

const escape = (text: string): string => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&")

/** A `files` pattern as a regular expression over the path (see StackRules for the syntax). */
export const filePattern = (pattern: string): RegExp => {
  const body = pattern.split("**").map((part) => part.split("*").map(escape).join("[^/]*")).join(".*")
  return new RegExp(pattern.includes("/") ? `^${body}$` : `(^|/)${body}$`)
}

const dependencyMatches = (pattern: string, declared: ReadonlySet<string>): boolean =>
  pattern.endsWith("*")
    ? [...declared].some((dependency) => dependency.startsWith(pattern.slice(0, -1)))
    : declared.has(pattern)

const applies = (rule: StackRule, paths: ReadonlyArray<string>, declared: ReadonlySet<string>): boolean => {
  const patterns = (rule.files ?? []).map(filePattern)
  return patterns.some((pattern) => paths.some((path) => pattern.test(path))) ||
    (rule.dependencies ?? []).some((dependency) => dependencyMatches(dependency, declared))
}

/**
 * The stack of a repository from the paths of its files (relative to the root) and the contents
 * of its manifests (those for which `isManifest` holds), by the rules of `stackRules`.
 */
export const detectStack = (
  paths: ReadonlyArray<string>,
  manifests: ReadonlyArray<Manifest>,
  rules: ReadonlyArray<StackRule> = stackRules
): Stack => {
  const own = paths.filter((path) => !isVendored(path))
  const [unreadable, declaredLists] = Arr.partitionMap(
    manifests.filter((manifest) => !isVendored(manifest.path)),
    (manifest) => dependenciesOf(manifest.path, manifest.content)
  )
  const declared = new Set(declaredLists.flat().map((dependency: Dependency) => `${dependency.ecosystem}:${dependency.name}`))
  const tags = [...new Set(rules.filter((rule) => applies(rule, own, declared)).map((rule) => rule.tag))].sort()
  return { tags, unreadable }
}
