import { describe, expect, it } from "vitest"
import { badgeMarkdown } from "../../src/repositories/Badges.js"

describe("badgeMarkdown", () => {
  it("links each badge, at this server's address, to the repository's page", () => {
    const paths = { gradePath: "/badges/gh/acme/app/grade.svg?token=tmb_x", coveragePath: "/badges/gh/acme/app/coverage.svg?token=tmb_x" }
    expect(badgeMarkdown("https://tidemark.example", "https://tidemark.example/#/gh/acme/app", { public: false, token: "tmb_x", ...paths })).toBe(
      "[![grade](https://tidemark.example/badges/gh/acme/app/grade.svg?token=tmb_x)](https://tidemark.example/#/gh/acme/app)\n" +
        "[![coverage](https://tidemark.example/badges/gh/acme/app/coverage.svg?token=tmb_x)](https://tidemark.example/#/gh/acme/app)"
    )
  })

  it("has none for a repository whose badges need a token it does not have yet", () => {
    expect(badgeMarkdown("https://tidemark.example", "https://tidemark.example/", { public: false })).toBeUndefined()
  })
})
