import { Schema } from "effect"

/**
 * A repository's dependencies as its lockfiles pin them: the software bill of materials (SBOM)
 * and what vulnerable-dependency findings are matched against.
 */

/** The ecosystems whose lockfiles are read, by their package URL type. */
export const DependencyEcosystem = Schema.Literal("npm", "pypi", "golang", "cargo", "gem", "composer")
export type DependencyEcosystem = typeof DependencyEcosystem.Type

/** The ecosystem's name in OSV records (`affected[].package.ecosystem`). */
export const osvEcosystemOf: Readonly<Record<DependencyEcosystem, string>> = {
  npm: "npm",
  pypi: "PyPI",
  golang: "Go",
  cargo: "crates.io",
  gem: "RubyGems",
  composer: "Packagist"
}

const byOsvName = new Map(Object.entries(osvEcosystemOf).map(([ecosystem, osv]) => [osv, ecosystem as DependencyEcosystem]))

/** The ecosystem of an OSV record's package, if it is one Tidemark reads (`PyPI`, `crates.io`, …). */
export const ecosystemOfOsv = (osvEcosystem: string): DependencyEcosystem | undefined => byOsvName.get(osvEcosystem)

/**
 * A package's name as two writings of it are compared: PEP 503's for PyPI (lower case, runs of
 * `-_.` as one `-`), lower case for Composer (its names are, by rule); others as written.
 */
export const comparableName = (ecosystem: DependencyEcosystem, name: string): string =>
  ecosystem === "pypi"
    ? name.toLowerCase().replace(/[-_.]+/g, "-")
    : ecosystem === "composer"
    ? name.toLowerCase()
    : name

/** A package as advisories name it and are looked up by: its ecosystem and comparable name. */
export interface PackageKey {
  readonly ecosystem: DependencyEcosystem
  readonly name: string
}

/** The text of a package's key, for maps and sets. */
export const packageKeyText = (ecosystem: DependencyEcosystem, name: string): string =>
  `${ecosystem}\u0000${comparableName(ecosystem, name)}`

/** Each package of the list once, by its comparable name, whatever its versions. */
export const distinctPackages = (packages: Iterable<{ readonly ecosystem: DependencyEcosystem; readonly name: string }>): ReadonlyArray<PackageKey> => {
  const keys = new Map<string, PackageKey>()
  for (const { ecosystem, name } of packages) keys.set(packageKeyText(ecosystem, name), { ecosystem, name: comparableName(ecosystem, name) })
  return [...keys.values()]
}

/** One package of a repository at one version, as a lockfile pins it. */
export class Dependency extends Schema.Class<Dependency>("Dependency")({
  /** `pkg:npm/%40babel/core@7.24.0`. */
  purl: Schema.String,
  ecosystem: DependencyEcosystem,
  /** As the ecosystem writes it: `@babel/core`, `requests`, `golang.org/x/text`. */
  name: Schema.String,
  version: Schema.String,
  /** Asked for by the project itself, not only through another package. */
  direct: Schema.Boolean,
  /** The licence expression the lockfile or manifest gives (`MIT`, `MIT OR Apache-2.0`). */
  licence: Schema.optional(Schema.String),
  /** The lockfile that pins it. */
  path: Schema.String
}) {}

/** `npm/@babel/core`: a package across versions, as the SBOM operations name it (`fullName`). */
export const fullNameOf = (dependency: { readonly ecosystem: DependencyEcosystem; readonly name: string }): string =>
  `${dependency.ecosystem}/${dependency.name}`

/** `pkg:npm/%40babel/core`: a package URL without its version. */
export const purlWithoutVersion = (purl: string): string => {
  const at = purl.lastIndexOf("@")
  // A scope's `@` is encoded (`%40`) in a purl: the last `@` is the version's.
  return at < 0 ? purl : purl.slice(0, at)
}
