import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { readdirSync, readFileSync } from "node:fs"
import { advisoryOfOsv, affects, type Advisory, cveOf, fixedVersionsAbove, OsvRecord } from "../src/domain/Advisory.js"
import { Dependency } from "../src/domain/Dependency.js"
import { dependencyFindings, indexAdvisories, vulnerableDependencies } from "../src/domain/VulnerableDependencies.js"

// Real records of GitHub's and PyPA's advisory databases (fixtures/osv/README.md says where each is from).
const folder = new URL("fixtures/osv/", import.meta.url)
const record = (id: string) => Schema.decodeUnknownSync(OsvRecord)(JSON.parse(readFileSync(new URL(`${id}.json`, folder), "utf8")))
const advisory = (id: string): Advisory => advisoryOfOsv(record(id))!
const all = readdirSync(folder).filter((name) => name.endsWith(".json")).map((name) => advisoryOfOsv(record(name.slice(0, -5)))).filter((a) => a !== undefined)

const dependency = (ecosystem: Dependency["ecosystem"], name: string, version: string, path = "lock") =>
  Dependency.make({ purl: `pkg:${ecosystem}/${name}@${version}`, ecosystem, name, version, direct: true, path })

const affected = (id: string, name?: string) => {
  const found = advisory(id).affected.find((entry) => name === undefined || entry.name === name)!
  return (version: string) => affects(found, version)
}

describe("advisories from OSV records", () => {
  it("keeps a record's packages, ranges in the ecosystem's order, identifiers and CWEs", () => {
    const lodash = advisory("GHSA-jf85-cpcp-j695")
    expect(lodash.affected.map((a) => [a.ecosystem, a.name])).toEqual([["npm", "lodash"], ["npm", "lodash-es"], ["npm", "lodash-amd"], ["npm", "lodash.defaultsdeep"]])
    expect(cveOf(lodash)).toBe("CVE-2019-10744")
    expect(lodash.cwes).toEqual(["CWE-1321", "CWE-20"])
    expect(lodash.summary).toBe("Prototype Pollution in lodash")
  })

  it("takes the priority from the newest CVSS vector, else the database's word, else Medium", () => {
    // CVSS 3.1 alone: 9.1, Critical.
    expect([advisory("GHSA-jf85-cpcp-j695").priority, advisory("GHSA-jf85-cpcp-j695").cvssScore]).toEqual(["Critical", 9.1])
    // CVSS 4.0 beside 3.1 (9.1): 4.0 scores 8.8, High, as GitHub's own severity says.
    const cryptography = advisory("GHSA-rhm9-p9w5-fwm7")
    expect([cryptography.priority, cryptography.cvssScore, cryptography.cvssVector?.slice(0, 8)]).toEqual(["High", 8.8, "CVSS:4.0"])
    // An empty severity list: GitHub's LOW.
    expect([advisory("GHSA-54rr-7fvw-6x8f").priority, advisory("GHSA-54rr-7fvw-6x8f").cvssScore]).toEqual(["Low", undefined])
    // PyPA's record says nothing of severity.
    expect(advisory("PYSEC-2021-63").priority).toBe("Medium")
  })

  it("leaves out withdrawn records and those of ecosystems Tidemark does not read", () => {
    expect(advisoryOfOsv(record("GHSA-2jx3-fx5f-r2c6"))).toBeUndefined()
    const { withdrawn: _, ...maven } = record("GHSA-2jx3-fx5f-r2c6")
    expect(advisoryOfOsv(maven)).toBeUndefined()
  })

  it("decides a version by OSV's rule: introduced opens, fixed closes, last_affected is the last one in", () => {
    const cryptography = affected("GHSA-rhm9-p9w5-fwm7")
    expect(["3.0", "3.1", "3.2.1", "3.3.1", "3.3.2", "3.3.10", "41.0.0"].map(cryptography)).toEqual([false, true, true, true, false, false, false])
    const py = affected("GHSA-w596-4wvx-j9j6") // introduced 0, last_affected 1.11.0
    expect(["0.9", "1.11.0", "1.11.0.post1", "1.11.1"].map(py)).toEqual([true, true, false, false])
    const xtext = affected("GHSA-69ch-w2m2-3vjp") // Go: introduced 0, fixed 0.3.8
    expect(["v0.3.7", "v0.3.8", "v0.3.8-0.20220722155223-a9213eeb770e", "v0.14.0"].map(xtext)).toEqual([true, false, true, false])
    const gradio = affected("GHSA-9v2f-6vcg-3hgv") // a listed version, no ranges
    expect(["4.36.1", "4.36.0"].map(gradio)).toEqual([true, false])
    // A version the ecosystem does not accept is in no range.
    expect(affected("GHSA-jf85-cpcp-j695", "lodash")("github:lodash/lodash#master")).toBe(false)
  })

  it("reads each series of an advisory with several (tokio, guzzle, rack), each ecosystem in its order", () => {
    const tokio = advisory("GHSA-7rrj-xr53-82p7").affected.filter((a) => a.name === "tokio")
    const tokioAffected = (version: string) => tokio.some((a) => affects(a, version))
    expect(["1.6.9", "1.7.0", "1.18.4", "1.19.2", "1.20.3", "1.22.0", "1.23.1"].map(tokioAffected)).toEqual([false, true, false, true, false, true, false])
    const guzzle = advisory("GHSA-w248-ffj2-4v5q").affected
    const guzzleAffected = (version: string) => guzzle.some((a) => affects(a, version))
    expect(["6.5.6", "6.5.7", "7.4.3", "v7.4.4", "7.4.4-RC1"].map(guzzleAffected)).toEqual([true, false, true, false, true])
    const rack = advisory("GHSA-54rr-7fvw-6x8f").affected
    const rackAffected = (version: string) => rack.some((a) => affects(a, version))
    expect(["2.0.9.3", "2.0.9.4", "2.2.8", "2.2.8.1", "3.0.9", "3.0.9.1", "3.1.0"].map(rackAffected)).toEqual([true, false, true, false, true, false, false])
  })

  it("names the fixed versions above the one used", () => {
    const [lodash] = advisory("GHSA-jf85-cpcp-j695").affected
    expect(fixedVersionsAbove(lodash!, "4.17.11")).toEqual(["4.17.12"])
    expect(fixedVersionsAbove(lodash!, "4.17.12")).toEqual([])
  })
})

describe("vulnerable dependencies", () => {
  const index = indexAdvisories(all)

  it("matches PyPI names as PEP 503 compares them, one finding per vulnerability whichever database published it", () => {
    const found = vulnerableDependencies([dependency("pypi", "Cryptography", "3.2"), dependency("pypi", "DJANGO", "4.2.10")], index)
    // cryptography 3.2: GHSA-rhm9 and PYSEC-2021-63 are one CVE; the record with a CVSS score is shown.
    expect(found.map((f) => [f.dependency.name, f.advisory.id])).toEqual([
      ["Cryptography", "GHSA-rhm9-p9w5-fwm7"],
      ["DJANGO", "GHSA-5hgc-2vfp-mqvc"],
      ["DJANGO", "GHSA-vm8q-m57g-pff3"]
    ])
    expect(vulnerableDependencies([dependency("pypi", "cryptography", "3.3.2"), dependency("npm", "cryptography", "3.2")], index)).toEqual([])
  })

  it("makes one SCA finding per package and vulnerability, naming each affected version and where it is pinned", () => {
    const found = vulnerableDependencies([
      dependency("npm", "lodash", "4.17.11", "package-lock.json"),
      dependency("npm", "lodash", "4.17.4", "web/package-lock.json"),
      dependency("npm", "lodash", "4.17.21", "docs/package-lock.json")
    ], index)
    const findings = dependencyFindings(found)
    expect(findings).toHaveLength(1)
    expect(findings[0]).toMatchObject({
      key: "SCA:pkg:npm/lodash:CVE-2019-10744",
      scanType: "SCA",
      title: "lodash 4.17.11, 4.17.4: Prototype Pollution in lodash",
      securityCategory: "OutdatedDependencies",
      priority: "Critical",
      itemSourceId: "GHSA-jf85-cpcp-j695",
      cve: "CVE-2019-10744",
      cwe: "CWE-1321",
      cvssScore: 9.1,
      affectedVersion: "4.17.11, 4.17.4",
      fixedVersion: ["4.17.12"],
      filePath: "package-lock.json",
      additionalInfo: "pkg:npm/lodash@4.17.11 in package-lock.json, web/package-lock.json"
    })
  })
})
