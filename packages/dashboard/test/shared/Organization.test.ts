import { describe, expect, it } from "vitest"
import { formatOrganization, parseOrganization } from "../../src/shared/Organization.js"

describe("parseOrganization", () => {
  it("reads provider and name", () => {
    expect(parseOrganization("gh/acme")).toEqual({ provider: "gh", name: "acme" })
    expect(parseOrganization("  bb/acme-inc/ ")).toEqual({ provider: "bb", name: "acme-inc" })
  })

  it("keeps GitLab subgroups whole", () => {
    expect(parseOrganization("gl/group/sub")).toEqual({ provider: "gl", name: "group/sub" })
  })

  it("explains what is wrong", () => {
    expect(parseOrganization("github/acme")).toEqual({ error: expect.stringContaining("gh, gl or bb") })
    expect(parseOrganization("acme")).toEqual({ error: expect.stringContaining("gh, gl or bb") })
    expect(parseOrganization("gh/")).toEqual({ error: expect.stringContaining("Name the organization") })
    expect(parseOrganization("gh")).toEqual({ error: expect.stringContaining("Name the organization") })
  })

  it("formats back to the same text", () => {
    expect(formatOrganization({ provider: "gl", name: "group/sub" })).toBe("gl/group/sub")
  })
})
