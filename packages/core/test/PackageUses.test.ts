import { describe, expect, it } from "@effect/vitest"
import { Dependency } from "../src/domain/Dependency.js"
import { compareBySeverity, findingsOf, highestOf, packageUses, repositoryFindings } from "../src/domain/PackageUses.js"

const dep = (name: string, version: string, licence?: string) =>
  Dependency.make({ purl: `pkg:npm/${name}@${version}`, ecosystem: "npm", name, version, direct: true, path: "package-lock.json", ...(licence === undefined ? {} : { licence }) })

describe("packageUses", () => {
  const uses = packageUses(
    [
      { id: 1, name: "api", dependencies: [dep("lodash", "4.17.11", "MIT"), dep("lodash", "4.9.0", "MIT"), dep("react", "18.2.0", "MIT")] },
      { id: 2, name: "web", dependencies: [dep("lodash", "4.17.21", "MIT")] }
    ],
    [
      { repositoryId: 1, packagePurl: "pkg:npm/lodash", priority: "Critical" },
      { repositoryId: 1, packagePurl: "pkg:npm/lodash", priority: "High" }
    ]
  )
  const lodash = uses.find((u) => u.fullName === "npm/lodash")!

  it("gathers each package's versions per repository in the ecosystem's order, its licences and open findings", () => {
    expect([...lodash.versionsByRepository]).toEqual([[1, ["4.9.0", "4.17.11"]], [2, ["4.17.21"]]])
    expect(lodash.licences).toEqual(["MIT"])
    expect(findingsOf(lodash.findings)).toEqual([
      { severity: "Critical", open: 1 },
      { severity: "High", open: 1 },
      { severity: "Medium", open: 0 },
      { severity: "Low", open: 0 }
    ])
    expect([highestOf(lodash.findingsByRepository.get(1)), highestOf(lodash.findingsByRepository.get(2))]).toEqual(["Critical", undefined])
    expect(repositoryFindings(uses, 1)).toEqual({ Critical: 1, High: 1, Medium: 0, Low: 0 })
  })

  it("orders by severity: more criticals first, then highs", () => {
    const react = uses.find((u) => u.fullName === "npm/react")!
    expect([...uses].sort((a, b) => compareBySeverity(a.findings, b.findings)).map((u) => u.fullName)).toEqual(["npm/lodash", "npm/react"])
    expect(compareBySeverity(react.findings, react.findings)).toBe(0)
  })
})
