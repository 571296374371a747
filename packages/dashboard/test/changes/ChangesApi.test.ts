import { describe, expect, it } from "vitest"
import { changeUrls } from "../../src/changes/ChangesApi.js"
import { acme, fakeServer } from "../FakeServer.js"

describe("a pull request's new security findings", () => {
  it("are read from our extension under the pull request, the most pressing first as the server lists them", async () => {
    const url = changeUrls.pullRequestSecurityFindings(acme, "my app", 12)
    expect(url).toBe("/api/v3/analysis/organizations/gh/acme/repositories/my%20app/pull-requests/12/security-findings")
    const { api } = fakeServer({
      [url]: [200, {
        data: [
          { title: "lodash 4.17.11: Prototype Pollution", priority: "Critical", scanType: "SCA", securityCategory: "OutdatedDependencies", itemSourceId: "GHSA-jf85-cpcp-j695", cve: "CVE-2019-10744" },
          { title: "found GitHub Token: ghp_****", priority: "High", scanType: "Secrets", securityCategory: "Secrets", itemSourceId: "github", filePath: "deploy/settings.py", line: 3, cwe: "CWE-798" }
        ]
      }]
    })
    const findings = await api.pullRequestSecurityFindings("my app", 12)
    expect(findings?.map((f) => [f.priority, f.scanType, f.cve ?? f.cwe, f.filePath, f.line])).toEqual([
      ["Critical", "SCA", "CVE-2019-10744", undefined, undefined],
      ["High", "Secrets", "CWE-798", "deploy/settings.py", 3]
    ])
  })

  it("are undefined from a server without the extension (404), so the page leaves the section out", async () => {
    const { api } = fakeServer({})
    expect(await api.pullRequestSecurityFindings("app", 1)).toBeUndefined()
  })
})
