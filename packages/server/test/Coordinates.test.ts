import { describe, expect, it } from "@effect/vitest"
import { Either, Schema } from "effect"
import { OrganizationFromString, organizationPath, RepositoryFromString } from "../src/cli/Coordinates.js"

const organization = Schema.decodeEither(OrganizationFromString)
const repository = Schema.decodeEither(RepositoryFromString)

describe("Coordinates", () => {
  it("reads <provider>/<organization>", () => {
    expect(organization("gh/acme")).toEqual(Either.right({ provider: "gh", organization: "acme" }))
    expect(organization("gl/group/subgroup")).toEqual(Either.right({ provider: "gl", organization: "group/subgroup" }))
  })

  it("reads <provider>/<organization>/<name>, the name being the last segment", () => {
    expect(repository("gh/acme/widgets")).toEqual(Either.right({ provider: "gh", organization: "acme", name: "widgets" }))
    expect(repository("gl/group/subgroup/widgets"))
      .toEqual(Either.right({ provider: "gl", organization: "group/subgroup", name: "widgets" }))
  })

  it("refuses unknown providers and missing segments, saying what is expected", () => {
    for (const input of ["github/acme", "acme", "gh/", "gh"]) {
      expect(Either.isLeft(organization(input)), input).toBe(true)
    }
    for (const input of ["xx/acme/widgets", "gh/widgets", "gh/acme/", "gh//widgets"]) {
      expect(Either.isLeft(repository(input)), input).toBe(true)
    }
    const refused = Either.flip(repository("xx/acme/widgets"))
    expect(Either.getOrThrow(refused).message).toContain("provider one of gh, gl, bb")
  })

  it("escapes an organization's slash so that it stays one path segment", () => {
    expect(organizationPath({ provider: "gl", organization: "group/subgroup" }))
      .toEqual({ provider: "gl", remoteOrganizationName: "group%2Fsubgroup" })
  })
})
