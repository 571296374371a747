/**
 * Issue 27, badges: a repository's grade and coverage as SVG images a README shows, open for a
 * Public repository and behind a badge token for another; where they are, and the token's rotation.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { RepositoryBadgesBody } from "./fixtures/Bodies.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, issueToken, newOrganization, type Organization, untilAnalysed } from "./fixtures/Scenario.js"
import { analysingTestLayer } from "./fixtures/TestLayer.js"
import { adminToken } from "./fixtures/TestServer.js"

const segment = encodeURIComponent
const badgesPath = (org: Organization, repository: string) =>
  `/api/v3/admin/organizations/${org.provider}/${segment(org.name)}/repositories/${segment(repository)}/badges`

const files = { "src/index.js": "const unused = 1\nexport const answer = () => 42\n" }

/** The badge's SVG as a README's reader's browser gets it: an image, no script, its text in the title. */
const image = (path: string, headers: Record<string, string> = {}) =>
  Effect.map(Http.get(path, { headers: { accept: "image/svg+xml,*/*", ...headers } }), (reply) => {
    if (reply.status === 200) {
      expect(reply.contentType).toBe("image/svg+xml; charset=utf-8")
      expect(reply.headers["cache-control"]).toBe("public, max-age=300")
      expect(reply.headers["etag"]).toMatch(/^"[\w-]+"$/)
      expect(reply.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
      expect(reply.text.toLowerCase()).not.toMatch(/<script|on\w+=|javascript:|<foreignobject/)
    }
    return reply
  })

const titleOf = (svg: string) => /<title>([^<]*)<\/title>/.exec(svg)?.[1]

layer(analysingTestLayer, { excludeTestServices: true, timeout: "180 seconds" })("badges", (it) => {
  describe("GET /badges/{provider}/{org}/{repo}/grade.svg and coverage.svg", () => {
    it.effect("a Public repository's: its default branch's grade once analysed, coverage unknown without a report; 304 to its ETag", () =>
      Effect.gen(function*() {
        const org = newOrganization("badges")
        const added = yield* addRepository(org, "open", { files, visibility: "Public" })
        const token = yield* issueToken(org, "read")
        const where = Http.expectBody(yield* Http.get(badgesPath(org, "open"), { token }), 200, RepositoryBadgesBody).data
        expect(where).toEqual({
          public: true,
          gradePath: `/badges/gh/${segment(org.name)}/open/grade.svg`,
          coveragePath: `/badges/gh/${segment(org.name)}/open/coverage.svg`
        })
        yield* untilAnalysed(org, "open", token, added.git.mainSha)
        const grade = yield* image(where.gradePath ?? "")
        expect(grade.status).toBe(200)
        expect(titleOf(grade.text)).toMatch(/^grade: [A-F]$/)
        expect(titleOf((yield* image(`${where.gradePath}?branch=main`)).text)).toBe(titleOf(grade.text))
        expect(titleOf((yield* image(where.coveragePath ?? "")).text)).toBe("coverage: unknown")
        const again = yield* Http.get(where.gradePath ?? "", { headers: { "if-none-match": grade.headers["etag"] ?? "" } })
        expect([again.status, again.text]).toEqual([304, ""])
        // A branch the repository does not have is the API's 404 body.
        const nowhere = yield* Http.get(`${where.gradePath}?branch=nowhere`)
        expect(nowhere.status).toBe(404)
        expect(nowhere.body).toMatchObject({ error: "NotFound" })
      }))

    it.effect("a Private repository's: refused alike without a token, with a wrong one and for a repository that does not exist; shown with its token until the admin rotates it", () =>
      Effect.gen(function*() {
        const org = newOrganization("badges")
        yield* addRepository(org, "closed", { files })
        const base = `/badges/gh/${segment(org.name)}`
        const refusals = [
          yield* Http.get(`${base}/closed/grade.svg`),
          yield* Http.get(`${base}/closed/grade.svg?token=tmb_guess`),
          yield* Http.get(`${base}/absent/grade.svg`)
        ]
        expect(refusals.map((r) => r.status)).toEqual([404, 404, 404])
        expect(refusals[0]?.text.replace("closed", "X")).toBe(refusals[2]?.text.replace("absent", "X"))

        const writer = yield* issueToken(org, "write")
        expect(Http.expectBody(yield* Http.get(badgesPath(org, "closed"), { token: writer }), 200, RepositoryBadgesBody).data).toEqual({ public: false })
        expect((yield* Http.post(`${badgesPath(org, "closed")}/token`, { token: writer })).status).toBe(403)
        expect((yield* Http.get(badgesPath(org, "closed"))).status).toBe(401)

        const first = Http.expectBody(yield* Http.post(`${badgesPath(org, "closed")}/token`, { token: adminToken }), 201, RepositoryBadgesBody).data
        expect(first.token).toMatch(/^tmb_/)
        expect(first.gradePath).toBe(`${base}/closed/grade.svg?token=${first.token}`)
        expect(Http.expectBody(yield* Http.get(badgesPath(org, "closed"), { token: writer }), 200, RepositoryBadgesBody).data).toEqual(first)
        const shown = yield* image(first.gradePath ?? "")
        expect(shown.status).toBe(200)
        expect(titleOf(shown.text)).toMatch(/^grade: ([A-F]|pending)$/)

        const second = Http.expectBody(yield* Http.post(`${badgesPath(org, "closed")}/token`, { token: adminToken }), 201, RepositoryBadgesBody).data
        expect(second.token).not.toBe(first.token)
        expect((yield* Http.get(first.coveragePath ?? "")).status).toBe(404)
        expect((yield* image(second.coveragePath ?? "")).status).toBe(200)
      }))
  })
})
