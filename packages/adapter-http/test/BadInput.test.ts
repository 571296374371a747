/**
 * Input a security review found answered 500 (or stored as sent): each is the client's 400, on
 * every storage, and no answer ever quotes the database.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Http from "./fixtures/Http.js"
import { paths, type World, world } from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"
import { adminToken } from "./fixtures/TestServer.js"

const pullRequest = (w: World, number: string) => `${paths.repository(w.org, w.repo)}/pull-requests/${number}`

const uploadLcov = (w: World, commitSha: string, report: string) =>
  Http.post(paths.coverage(w.org, w.repo), { token: w.token, json: { commitSha, format: "lcov", report, root: "/ci" } })

/** Nothing PostgreSQL says (its error names, SQL) may reach a client. */
const expectNoDatabaseText = (reply: Http.Reply) =>
  expect(reply.text, reply.text).not.toMatch(/sql|postgres|statement|storage failed|out of range for type|0x00|byte sequence|escape sequence/i)

layer(testLayer, { excludeTestServices: true })("bad input", (it) => {
  describe("deeply nested JSON", () => {
    it.effect("answers 400 to a body nested 400 000 deep, not a stack overflow's 500", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const body = "[".repeat(400_000)
        for (const path of [`${paths.repository(w.org, w.repo)}/issues/search`, paths.search(w.org)]) {
          const reply = yield* Http.post(path, { token: w.token, body })
          const message = yield* Http.expectError(reply, "BadRequest")
          expect(message).toMatch(/^Invalid request body/)
        }
        // Nested deep but closed, and valid JSON: still refused, and the server still answers.
        const closed = `${"[".repeat(200_000)}${"]".repeat(200_000)}`
        yield* Http.expectError(yield* Http.post(paths.search(w.org), { token: w.token, body: closed }), "BadRequest")
        expect((yield* Http.get(paths.version)).status).toBe(200)
      }))
  })

  describe("pull-request numbers", () => {
    it.effect("refuses numbers outside 1..2^31 - 1 in paths with 400, on reads and on the PUT", () =>
      Effect.gen(function*() {
        const w = yield* world()
        for (const number of ["2147483648", "99999999999", "-1", "0", "1.5"]) {
          for (const path of [pullRequest(w, number), `${pullRequest(w, number)}/issues`]) {
            const reply = yield* Http.get(path, { token: w.token })
            yield* Http.expectError(reply, "BadRequest")
            expectNoDatabaseText(reply)
          }
          const put = yield* Http.put(pullRequest(w, number), {
            token: w.token,
            json: { title: "t", originBranch: "feature", targetBranch: "main" }
          })
          yield* Http.expectError(put, "BadRequest")
        }
        // The largest number there is reads as an unknown pull request.
        yield* Http.expectError(yield* Http.get(pullRequest(w, "2147483647"), { token: w.token }), "NotFound")
      }))
  })

  describe("NUL characters", () => {
    it.effect("refuses NUL in a JSON string that would be stored with 400", () =>
      Effect.gen(function*() {
        const w = yield* world({ permission: "admin" })
        const put = yield* Http.put(pullRequest(w, "7"), {
          token: w.token,
          json: { title: "nul \u0000 title", originBranch: "main", targetBranch: "main" }
        })
        expect(yield* Http.expectError(put, "BadRequest")).toMatch(/NUL/)
        expectNoDatabaseText(put)
        const standard = yield* Http.post(paths.standards(w.org), { token: adminToken, json: { name: "nul\u0000name", tools: [] } })
        expect(yield* Http.expectError(standard, "BadRequest")).toMatch(/NUL/)
        expectNoDatabaseText(standard)
      }))

    it.effect("refuses NUL in a coverage report's file names with 400", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const report = "SF:/ci/src/a\u0000.js\nDA:1,1\nend_of_record\n"
        const reply = yield* uploadLcov(w, "a".repeat(40), report)
        expect(yield* Http.expectError(reply, "BadRequest")).toMatch(/NUL/)
        expectNoDatabaseText(reply)
      }))
  })

  describe("coverage counts", () => {
    it.effect("refuses an LCOV line's hits past 2^53 - 1 at upload, naming the line", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const report = "SF:/ci/src/a.js\nDA:1,1\nDA:2,18446744073709551616\nend_of_record\n"
        const reply = yield* uploadLcov(w, "b".repeat(40), report)
        expect(yield* Http.expectError(reply, "BadRequest")).toMatch(/line 3: DA:2,18446744073709551616 counts more hits than/)
      }))
  })
})
