import { describe, expect, it } from "@effect/vitest"
import { compareIn } from "../src/domain/VersionOrder.js"

/** Sorts with the ecosystem's order; a version it refuses would throw here. */
const sorted = (ecosystem: Parameters<typeof compareIn>[0], versions: ReadonlyArray<string>) =>
  [...versions].sort((a, b) => compareIn(ecosystem)(a, b)!)

describe("compareIn", () => {
  it("orders npm and Cargo versions by Semantic Versioning: prereleases before their release", () => {
    expect(sorted("npm", ["4.17.21", "4.17.12", "4.17.12-beta.1", "4.2.0", "10.0.0"]))
      .toEqual(["4.2.0", "4.17.12-beta.1", "4.17.12", "4.17.21", "10.0.0"])
    expect(sorted("cargo", ["0.3.0", "0.2.23", "0.3.0-alpha.1"])).toEqual(["0.2.23", "0.3.0-alpha.1", "0.3.0"])
  })

  it("orders Go module versions with or without their v, pseudo-versions before the release they precede", () => {
    const compare = compareIn("golang")
    expect(compare("v0.3.7", "0.3.8")).toBe(-1)
    expect(compare("v0.3.8", "0.3.8")).toBe(0)
    // A pseudo-version of a commit after v0.3.7: before v0.3.8.
    expect(sorted("golang", ["v0.3.8", "v0.3.8-0.20220722155223-a9213eeb770e", "v0.3.7"]))
      .toEqual(["v0.3.7", "v0.3.8-0.20220722155223-a9213eeb770e", "v0.3.8"])
    expect(compare("v2.0.0+incompatible", "2.0.0")).toBe(0)
  })

  it("orders PyPI versions by PEP 440: dev, pre, release, post; 3.3.2 after 3.3.10 would be wrong", () => {
    expect(sorted("pypi", ["3.3.10", "3.3.2", "1.0.post1", "1.0", "1.0rc1", "1.0.dev0", "1.0a1"]))
      .toEqual(["1.0.dev0", "1.0a1", "1.0rc1", "1.0", "1.0.post1", "3.3.2", "3.3.10"])
    expect(compareIn("pypi")("1.0", "1.0.0")).toBe(0)
  })

  it("orders RubyGems versions as Gem::Version does: a letter makes a prerelease", () => {
    expect(sorted("gem", ["1.16.0", "1.16.0.rc1", "1.9.0", "1.15.5"])).toEqual(["1.9.0", "1.15.5", "1.16.0.rc1", "1.16.0"])
  })

  it("orders Composer versions with their stabilities: dev, alpha, beta, RC, stable, patch", () => {
    expect(sorted("composer", ["7.4.5", "v7.4.5", "7.4.5-RC1", "7.4.5-beta2", "7.4.5-p1", "7.4.10", "7.4.5-alpha1"]))
      .toEqual(["7.4.5-alpha1", "7.4.5-beta2", "7.4.5-RC1", "7.4.5", "v7.4.5", "7.4.5-p1", "7.4.10"])
  })

  it("answers undefined for a version the ecosystem does not accept", () => {
    expect(compareIn("npm")("git+https://github.com/a/b.git", "1.0.0")).toBeUndefined()
    expect(compareIn("pypi")("banana", "1.0")).toBeUndefined()
    expect(compareIn("composer")("dev-main", "1.0")).toBeUndefined()
  })
})
