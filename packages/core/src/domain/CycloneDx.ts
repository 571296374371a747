import { Schema } from "effect"
import type { Dependency } from "./Dependency.js"

/**
 * A repository's inventory as a CycloneDX 1.5 JSON document (https://cyclonedx.org/docs/1.5/json/):
 * the repository as the application it describes, each pinned package as a library component with
 * its purl and licence, a package pinned by two lockfiles once per version.
 */

const Property = Schema.Struct({ name: Schema.String, value: Schema.String })

export const CycloneDxComponent = Schema.Struct({
  type: Schema.Literal("library"),
  "bom-ref": Schema.String,
  name: Schema.String,
  group: Schema.optional(Schema.String),
  version: Schema.String,
  purl: Schema.String,
  scope: Schema.Literal("required"),
  licenses: Schema.optional(Schema.Array(Schema.Struct({ expression: Schema.String }))),
  properties: Schema.Array(Property)
}).annotations({ identifier: "CycloneDxComponent" })
export type CycloneDxComponent = typeof CycloneDxComponent.Type

export const CycloneDxDocument = Schema.Struct({
  bomFormat: Schema.Literal("CycloneDX"),
  specVersion: Schema.Literal("1.5"),
  serialNumber: Schema.String,
  version: Schema.Literal(1),
  metadata: Schema.Struct({
    timestamp: Schema.String,
    tools: Schema.Struct({ components: Schema.Array(Schema.Struct({ type: Schema.Literal("application"), name: Schema.String })) }),
    component: Schema.Struct({ type: Schema.Literal("application"), "bom-ref": Schema.String, name: Schema.String, version: Schema.String })
  }),
  components: Schema.Array(CycloneDxComponent)
}).annotations({ identifier: "CycloneDxDocument", description: "A CycloneDX 1.5 JSON document" })
export type CycloneDxDocument = typeof CycloneDxDocument.Type

// A scoped npm package or a Go module path names its group apart, as CycloneDX's examples do.
const nameParts = (dependency: Dependency): { readonly group?: string; readonly name: string } => {
  const slash = dependency.name.lastIndexOf("/")
  return slash > 0 && dependency.ecosystem !== "pypi"
    ? { group: dependency.name.slice(0, slash), name: dependency.name.slice(slash + 1) }
    : { name: dependency.name }
}

export const cycloneDxOf = (input: {
  readonly repository: string
  readonly commitSha: string
  readonly analysedAt: string
  readonly serial: string
  readonly dependencies: ReadonlyArray<Dependency>
}): CycloneDxDocument => {
  const byPurl = new Map<string, { dependency: Dependency; paths: Set<string> }>()
  for (const dependency of input.dependencies) {
    const seen = byPurl.get(dependency.purl)
    if (seen === undefined) byPurl.set(dependency.purl, { dependency, paths: new Set([dependency.path]) })
    else seen.paths.add(dependency.path)
  }
  const components = [...byPurl.values()]
    .sort((a, b) => (a.dependency.purl < b.dependency.purl ? -1 : a.dependency.purl > b.dependency.purl ? 1 : 0))
    .map(({ dependency, paths }): CycloneDxComponent => ({
      type: "library",
      "bom-ref": dependency.purl,
      ...nameParts(dependency),
      version: dependency.version,
      purl: dependency.purl,
      scope: "required",
      ...(dependency.licence === undefined ? {} : { licenses: [{ expression: dependency.licence }] }),
      properties: [
        { name: "tidemark:direct", value: String(dependency.direct) },
        ...[...paths].sort().map((path) => ({ name: "tidemark:lockfile", value: path }))
      ]
    }))
  return {
    bomFormat: "CycloneDX",
    specVersion: "1.5",
    serialNumber: `urn:uuid:${input.serial}`,
    version: 1,
    metadata: {
      timestamp: input.analysedAt,
      tools: { components: [{ type: "application", name: "Tidemark" }] },
      component: { type: "application", "bom-ref": input.repository, name: input.repository, version: input.commitSha }
    },
    components
  }
}
