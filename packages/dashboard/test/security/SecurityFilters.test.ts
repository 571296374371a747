import { describe, expect, it } from "vitest"
import { appendSecurityFilters, noSecurityFilters, securityFiltersOf, securitySearchBody } from "../../src/security/SecurityFilters.js"

describe("the Security page's filters", () => {
  it("read each filter's values from the URL once, leaving out unknown priorities, statuses and scan types", () => {
    const params = new URLSearchParams("priority=Low&priority=Low&priority=Urgent&status=Ignored&scanType=DAST&repository=x&repository=")
    expect(securityFiltersOf(params)).toEqual({ priorities: ["Low"], statuses: ["Ignored"], scanTypes: [], repositories: ["x"] })
  })

  it("write them back as repeated parameters", () => {
    const params = new URLSearchParams()
    appendSecurityFilters(params, { ...noSecurityFilters, priorities: ["High", "Critical"], repositories: ["a b"] })
    expect(params.toString()).toBe("priority=High&priority=Critical&repository=a+b")
  })

  it("send only the filters with a value in the search body", () => {
    expect(securitySearchBody(noSecurityFilters)).toEqual({})
    expect(securitySearchBody({ ...noSecurityFilters, scanTypes: ["SCA"] })).toEqual({ scanTypes: ["SCA"] })
  })
})
