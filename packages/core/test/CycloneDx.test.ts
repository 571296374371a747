import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { CycloneDxDocument, cycloneDxOf } from "../src/domain/CycloneDx.js"
import { Dependency } from "../src/domain/Dependency.js"

const dependency = (fields: Partial<ConstructorParameters<typeof Dependency>[0]> & { readonly purl: string; readonly name: string; readonly version: string }) =>
  Dependency.make({ ecosystem: "npm", direct: true, path: "package-lock.json", ...fields })

describe("cycloneDxOf", () => {
  it("lists each package version once, sorted by purl, with its group, licence, directness and lockfiles", () => {
    const document = cycloneDxOf({
      repository: "acme/shop",
      commitSha: "a".repeat(40),
      analysedAt: "2026-11-28T10:00:00.000Z",
      serial: "00000000-0000-5000-8000-000000000000",
      dependencies: [
        dependency({ purl: "pkg:npm/lodash@4.17.11", name: "lodash", version: "4.17.11", licence: "MIT" }),
        dependency({ purl: "pkg:npm/%40babel/core@7.24.0", name: "@babel/core", version: "7.24.0", direct: false }),
        dependency({ purl: "pkg:npm/lodash@4.17.11", name: "lodash", version: "4.17.11", licence: "MIT", path: "web/package-lock.json" }),
        dependency({ purl: "pkg:golang/golang.org/x/text@v0.3.7", ecosystem: "golang", name: "golang.org/x/text", version: "v0.3.7", path: "go.mod" })
      ]
    })
    expect(Schema.is(CycloneDxDocument)(document)).toBe(true)
    expect(document.serialNumber).toBe("urn:uuid:00000000-0000-5000-8000-000000000000")
    expect(document.metadata.component).toEqual({ type: "application", "bom-ref": "acme/shop", name: "acme/shop", version: "a".repeat(40) })
    expect(document.components.map((c) => [c.purl, c.group, c.name, c.licenses, c.properties.map((p) => `${p.name}=${p.value}`)])).toEqual([
      ["pkg:golang/golang.org/x/text@v0.3.7", "golang.org/x", "text", undefined, ["tidemark:direct=true", "tidemark:lockfile=go.mod"]],
      ["pkg:npm/%40babel/core@7.24.0", "@babel", "core", undefined, ["tidemark:direct=false", "tidemark:lockfile=package-lock.json"]],
      ["pkg:npm/lodash@4.17.11", undefined, "lodash", [{ expression: "MIT" }], [
        "tidemark:direct=true",
        "tidemark:lockfile=package-lock.json",
        "tidemark:lockfile=web/package-lock.json"
      ]]
    ])
  })
})
