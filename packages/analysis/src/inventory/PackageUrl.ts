/**
 * Package URLs (https://github.com/package-url/purl-spec): how a dependency is named whatever its
 * ecosystem, `pkg:type/namespace/name@version`, each part percent-encoded as the specification says
 * (a scope's `@` too: `pkg:npm/%40babel/core@7.24.0`).
 */

import { Dependency } from "@tidemark/core"

/** The purl types of the ecosystems whose lockfiles Tidemark reads. */
export type PurlType = Dependency.DependencyEcosystem

export interface PackageUrlParts {
  readonly type: PurlType
  readonly namespace?: string | undefined
  readonly name: string
  readonly version: string
}

// encodeURIComponent leaves `!'()*` as they are; the specification's percent-encoding does too, except
// that a purl keeps `:` only in the scheme, so it is encoded like any other reserved character.
const encodePart = (part: string) => encodeURIComponent(part)

/**
 * PyPI names are compared after PEP 503 normalisation (lower case, runs of `-_.` as one `-`), which
 * the purl specification asks of the `pypi` type; npm, Cargo, RubyGems and Composer names stay as
 * written (Composer's are lower case by rule), Go's module paths too.
 */
export const normalisedName: (type: PurlType, name: string) => string = Dependency.comparableName

export const packageUrl = ({ name, namespace, type, version }: PackageUrlParts): string => {
  const path = [...(namespace === undefined || namespace === "" ? [] : namespace.split("/")), normalisedName(type, name)]
  return `pkg:${type}/${path.map(encodePart).join("/")}@${encodePart(version)}`
}

/** An npm package name (`@scope/name` or `name`) as a purl's namespace and name. */
export const npmParts = (packageName: string): { readonly namespace?: string; readonly name: string } => {
  const slash = packageName.startsWith("@") ? packageName.indexOf("/") : -1
  return slash < 0 ? { name: packageName } : { namespace: packageName.slice(0, slash), name: packageName.slice(slash + 1) }
}

/** A Go module path as a purl's namespace (all but its last segment) and name. */
export const goParts = (modulePath: string): { readonly namespace?: string; readonly name: string } => {
  const slash = modulePath.lastIndexOf("/")
  return slash < 0 ? { name: modulePath } : { namespace: modulePath.slice(0, slash), name: modulePath.slice(slash + 1) }
}
