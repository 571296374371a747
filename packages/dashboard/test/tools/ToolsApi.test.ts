import { describe, expect, it } from "vitest"
import { ApiError } from "../../src/shared/ApiRequest.js"
import { installedText, toolUrls, versionOf } from "../../src/tools/ToolsApi.js"
import { fakeServer } from "../FakeServer.js"

const shellCheck = { uuid: "233f", name: "ShellCheck", version: "0.9.0", languages: ["Shell"], enabledByDefault: true }
const ruff = { uuid: "9a1b", name: "Ruff", version: "0.17.3", languages: ["Python"], enabledByDefault: true }

describe("the tools URLs", () => {
  it("read the catalogue and the patterns of a tool a page at a time, and the installation's tools", () => {
    expect(toolUrls.tools(undefined)).toBe("/api/v3/tools?limit=100")
    expect(toolUrls.tools("c")).toBe("/api/v3/tools?cursor=c&limit=100")
    expect(toolUrls.patterns("a/b", "c")).toBe("/api/v3/tools/a%2Fb/patterns?cursor=c&limit=50")
    expect(toolUrls.installations).toBe("/api/v3/installation/tools")
  })
})

describe("the tools calls", () => {
  it("join each catalogue tool with what runs here: the program's version when it runs one, why not when it does not", async () => {
    const { api, sent } = fakeServer({
      "/api/v3/tools": [200, { data: [shellCheck, ruff, { ...ruff, uuid: "ffff", name: "Gone" }], pagination: { limit: 100, total: 3 } }],
      "/api/v3/installation/tools": [200, {
        data: [
          { toolUuid: "233f", name: "ShellCheck", installed: false, reason: "shellcheck is not on the search path", install: "apt-get install shellcheck" },
          { toolUuid: "9a1b", name: "Ruff", installed: true, version: "0.17.3" }
        ]
      }]
    })
    const rows = await api.listToolRows()
    expect(rows.map((row) => [row.name, versionOf(row), installedText(row.installation)])).toEqual([
      ["ShellCheck", "0.9.0", "Not installed: shellcheck is not on the search path; apt-get install shellcheck"],
      ["Ruff", "0.17.3", "Installed"],
      ["Gone", "0.17.3", "Unknown"]
    ])
    expect(sent.map((s) => s.url).sort()).toEqual(["/api/v3/installation/tools", "/api/v3/tools?limit=100"])
  })

  it("show an installed program's own version over the catalogue's", async () => {
    const { api } = fakeServer({
      "/api/v3/tools": [200, { data: [shellCheck], pagination: { limit: 100, total: 1 } }],
      "/api/v3/installation/tools": [200, { data: [{ toolUuid: "233f", name: "ShellCheck", installed: true, version: "0.10.0" }] }]
    })
    const [row] = await api.listToolRows()
    expect(row === undefined ? undefined : versionOf(row)).toBe("0.10.0")
  })

  it("read a tool's patterns, and refuse an answer that is not one", async () => {
    const pattern = { id: "ShellCheck_SC2086", title: "Double quote to prevent globbing", category: "ErrorProne", level: "Info", enabled: true }
    const { api } = fakeServer({ "/api/v3/tools/233f/patterns": [200, { data: [pattern], pagination: { limit: 50, total: 1 } }] })
    expect((await api.listToolPatterns("233f", undefined)).data).toEqual([pattern])
    const broken = fakeServer({ "/api/v3/tools/233f/patterns": [200, { data: [{ ...pattern, enabled: "yes" }], pagination: { limit: 50, total: 1 } }] }).api
    await expect(broken.listToolPatterns("233f", undefined)).rejects.toEqual(
      new ApiError(200, "Unexpected answer from the server: data[0].enabled: expected a boolean")
    )
  })
})
