import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { GateBody, GoalsBody, RepositoryData } from "./fixtures/Bodies.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, defaultGoals, issueToken, newOrganization, type Organization, paths, world } from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"
import { adminToken } from "./fixtures/TestServer.js"

/**
 * The original API's quality settings (issue 14): the repository's settings, which are its goals,
 * and the gates of its pull requests and commits.
 */

/** The original's default gate, for pull requests and commits alike. */
const defaultGate = { qualityGate: { issueThreshold: { threshold: 0, minimumSeverity: "Info" } } }

const everyRule = {
  issueThreshold: { threshold: 3, minimumSeverity: "Warning" },
  securityIssueThreshold: 1,
  securityIssueMinimumSeverity: "High",
  duplicationThreshold: 2,
  coverageThresholdWithDecimals: -0.75,
  diffCoverageThreshold: 70,
  complexityThreshold: 15
}

type Part = "repository" | "commits" | "pull-requests"
const gates = ["commits", "pull-requests"] as const

const settings = (org: Organization, repo: string, part: Part, token: string) =>
  Http.get(paths.qualitySettings(org, repo, part), { token })
const gateOf = (org: Organization, repo: string, part: Part, token: string) =>
  Effect.map(settings(org, repo, part, token), (reply) => Http.expectBody(reply, 200, GateBody).data)
const goalsOf = (org: Organization, repo: string, token: string) =>
  Effect.map(settings(org, repo, "repository", token), (reply) => Http.expectBody(reply, 200, GoalsBody).data)
const put = (org: Organization, repo: string, part: Part, token: string, json: unknown) =>
  Http.put(paths.qualitySettings(org, repo, part), { token, json })
const reset = (org: Organization, repo: string, part: Part, token: string) =>
  Http.post(`${paths.qualitySettings(org, repo, part)}/reset`, { token })

layer(testLayer, { excludeTestServices: true })("quality settings", (it) => {
  describe("repository settings: the goals", () => {
    it.effect("a new repository answers the original's default goals, every field in a data envelope", () =>
      Effect.gen(function*() {
        const w = yield* world({ permission: "read" })
        const reply = yield* settings(w.org, w.repo, "repository", w.token)
        expect(reply.body).toEqual({ data: defaultGoals })
      }))

    it.effect("PUT changes the fields given and keeps the others; the repository view and the goals operation see the same goals", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const changed = yield* put(w.org, w.repo, "repository", w.token, { maxIssuePercentage: 35, fileComplexityValueThreshold: 8 })
        const expected = { ...defaultGoals, maxIssuePercentage: 35, fileComplexityValueThreshold: 8 }
        expect(Http.expectBody(changed, 200, GoalsBody)).toEqual({ data: expected })
        expect(yield* goalsOf(w.org, w.repo, w.token)).toEqual(expected)
        const view = Http.expectBody(yield* Http.get(paths.repository(w.org, w.repo), { token: w.token }), 200, RepositoryData).data
        expect(view.goals).toEqual(expected)

        // Every field at once, then the goals operation: one stored copy.
        const all = {
          maxIssuePercentage: 1,
          maxDuplicatedFilesPercentage: 2,
          minCoveragePercentage: 3,
          maxComplexFilesPercentage: 4,
          fileDuplicationBlockThreshold: 5,
          fileComplexityValueThreshold: 6
        }
        expect(Http.expectBody(yield* put(w.org, w.repo, "repository", w.token, all), 200, GoalsBody).data).toEqual(all)
        yield* Http.patch(paths.goals(w.org, w.repo), { token: w.token, json: { minCoveragePercentage: 90 } })
        expect(yield* goalsOf(w.org, w.repo, w.token)).toEqual({ ...all, minCoveragePercentage: 90 })
        expect(Http.expectBody(yield* put(w.org, w.repo, "repository", w.token, {}), 200, GoalsBody).data)
          .toEqual({ ...all, minCoveragePercentage: 90 })
      }))

    it.effect("reset returns every goal to the defaults, and the repository view follows", () =>
      Effect.gen(function*() {
        const w = yield* world()
        yield* put(w.org, w.repo, "repository", w.token, { maxIssuePercentage: 50, minCoveragePercentage: 10, fileDuplicationBlockThreshold: 4 })
        expect(Http.expectBody(yield* reset(w.org, w.repo, "repository", w.token), 200, GoalsBody)).toEqual({ data: defaultGoals })
        expect(yield* goalsOf(w.org, w.repo, w.token)).toEqual(defaultGoals)
        const view = Http.expectBody(yield* Http.get(paths.repository(w.org, w.repo), { token: w.token }), 200, RepositoryData).data
        expect(view.goals).toEqual(defaultGoals)
      }))

    it.effect("answers 400 with the spec's error body to a negative, fractional, out-of-range or mistyped value, and keeps the goals", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const refused = [
          { fileComplexityValueThreshold: -1 },
          { fileDuplicationBlockThreshold: -3 },
          { maxIssuePercentage: -1 },
          { minCoveragePercentage: 101 },
          { maxComplexFilesPercentage: 2.5 },
          { maxDuplicatedFilesPercentage: "10" },
          [1, 2]
        ]
        for (const json of refused) {
          const message = yield* Http.expectError(yield* put(w.org, w.repo, "repository", w.token, json), "BadRequest")
          if (!Array.isArray(json)) expect(message).toContain(Object.keys(json)[0])
        }
        expect(yield* goalsOf(w.org, w.repo, w.token)).toEqual(defaultGoals)
      }))
  })

  describe("gates", () => {
    it.effect("a new repository answers the original's defaults for both: new issues over 0 of at least Info, every other rule off", () =>
      Effect.gen(function*() {
        const w = yield* world({ permission: "read" })
        for (const part of gates) {
          const reply = yield* settings(w.org, w.repo, part, w.token)
          expect(reply.body, part).toEqual({ data: defaultGate })
        }
      }))

    it.effect("pull requests: PUT answers every rule and GET reads each back; the deprecated coverageThreshold is the variation rounded", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const expected = { qualityGate: { ...everyRule, coverageThreshold: -1 } }
        expect(Http.expectBody(yield* put(w.org, w.repo, "pull-requests", w.token, everyRule), 200, GateBody)).toEqual({ data: expected })
        expect(yield* gateOf(w.org, w.repo, "pull-requests", w.token)).toEqual(expected)
        // The commits' gate is another gate.
        expect(yield* gateOf(w.org, w.repo, "commits", w.token)).toEqual(defaultGate)
      }))

    it.effect("commits: every rule but diff coverage, which commits do not have, is kept", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const { diffCoverageThreshold: _, ...commitRules } = everyRule
        const expected = { qualityGate: { ...commitRules, coverageThreshold: -1 } }
        expect(Http.expectBody(yield* put(w.org, w.repo, "commits", w.token, everyRule), 200, GateBody)).toEqual({ data: expected })
        expect(yield* gateOf(w.org, w.repo, "commits", w.token)).toEqual(expected)
        expect(yield* gateOf(w.org, w.repo, "pull-requests", w.token)).toEqual(defaultGate)
      }))

    it.effect("PUT replaces the whole gate: a rule left out is off, an issue rule without severity counts every severity", () =>
      Effect.gen(function*() {
        const w = yield* world()
        for (const part of gates) {
          yield* put(w.org, w.repo, part, w.token, everyRule)
          const partial = yield* put(w.org, w.repo, part, w.token, { securityIssueThreshold: 2, issueThreshold: { threshold: 5 } })
          const expected = { qualityGate: { securityIssueThreshold: 2, issueThreshold: { threshold: 5 } } }
          expect(Http.expectBody(partial, 200, GateBody).data, part).toEqual(expected)
          expect(yield* gateOf(w.org, w.repo, part, w.token), part).toEqual(expected)
          // Every rule off.
          expect(Http.expectBody(yield* put(w.org, w.repo, part, w.token, {}), 200, GateBody).data, part).toEqual({ qualityGate: {} })
          expect(yield* gateOf(w.org, w.repo, part, w.token), part).toEqual({ qualityGate: {} })
        }
      }))

    it.effect("the deprecated integer coverageThreshold given alone sets the variation; given both, the decimals win", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const alone = yield* put(w.org, w.repo, "pull-requests", w.token, { coverageThreshold: 0 })
        expect(Http.expectBody(alone, 200, GateBody).data).toEqual({ qualityGate: { coverageThreshold: 0, coverageThresholdWithDecimals: 0 } })
        const both = yield* put(w.org, w.repo, "commits", w.token, { coverageThreshold: 1, coverageThresholdWithDecimals: -2.4 })
        expect(Http.expectBody(both, 200, GateBody).data).toEqual({ qualityGate: { coverageThreshold: -2, coverageThresholdWithDecimals: -2.4 } })
        expect(yield* gateOf(w.org, w.repo, "commits", w.token)).toEqual({
          qualityGate: { coverageThreshold: -2, coverageThresholdWithDecimals: -2.4 }
        })
      }))

    it.effect("reset returns one gate to the defaults and leaves the other and the goals alone", () =>
      Effect.gen(function*() {
        const w = yield* world()
        yield* put(w.org, w.repo, "repository", w.token, { maxIssuePercentage: 44 })
        for (const part of gates) yield* put(w.org, w.repo, part, w.token, everyRule)
        expect(Http.expectBody(yield* reset(w.org, w.repo, "pull-requests", w.token), 200, GateBody)).toEqual({ data: defaultGate })
        expect(yield* gateOf(w.org, w.repo, "pull-requests", w.token)).toEqual(defaultGate)
        expect((yield* gateOf(w.org, w.repo, "commits", w.token)).qualityGate.complexityThreshold).toBe(15)
        expect(Http.expectBody(yield* reset(w.org, w.repo, "commits", w.token), 200, GateBody)).toEqual({ data: defaultGate })
        expect(yield* gateOf(w.org, w.repo, "commits", w.token)).toEqual(defaultGate)
        expect((yield* goalsOf(w.org, w.repo, w.token)).maxIssuePercentage).toBe(44)
        // Resetting what was never set answers the defaults too.
        const other = yield* addRepository(w.org, "untouched")
        expect(Http.expectBody(yield* reset(w.org, other.name, "commits", w.token), 200, GateBody)).toEqual({ data: defaultGate })
      }))

    it.effect("answers 400 with the spec's error body to negative thresholds, an unknown severity or a value out of range, and keeps the gate", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const refused: ReadonlyArray<readonly [unknown, string]> = [
          [{ issueThreshold: { threshold: -1 } }, "threshold"],
          [{ issueThreshold: { threshold: 1, minimumSeverity: "Critical" } }, "minimumSeverity"],
          [{ issueThreshold: { minimumSeverity: "Info" } }, "threshold"],
          [{ issueThreshold: 3 }, "issueThreshold"],
          [{ securityIssueThreshold: -1 }, "securityIssueThreshold"],
          [{ securityIssueMinimumSeverity: "Minor" }, "securityIssueMinimumSeverity"],
          [{ duplicationThreshold: -2 }, "duplicationThreshold"],
          [{ complexityThreshold: -5 }, "complexityThreshold"],
          [{ complexityThreshold: 1.5 }, "complexityThreshold"],
          [{ coverageThresholdWithDecimals: 1.5 }, "coverageThresholdWithDecimals"],
          [{ coverageThreshold: 2 }, "coverageThreshold"],
          [{ diffCoverageThreshold: 101 }, "diffCoverageThreshold"],
          [{ diffCoverageThreshold: -1 }, "diffCoverageThreshold"],
          [[], ""],
          ["{}", ""]
        ]
        for (const part of gates) {
          for (const [json, field] of refused) {
            const message = yield* Http.expectError(yield* put(w.org, w.repo, part, w.token, json), "BadRequest")
            expect(message, `${part} ${JSON.stringify(json)}`).toContain(field)
          }
          expect(yield* gateOf(w.org, w.repo, part, w.token), part).toEqual(defaultGate)
        }
        const malformed = yield* Http.request("PUT", paths.qualitySettings(w.org, w.repo, "commits"), {
          token: w.token,
          body: "{\"complexityThreshold\": ",
          headers: { "content-type": "application/json" }
        })
        yield* Http.expectError(malformed, "BadRequest")
      }))
  })

  describe("access, as the repository's tool configuration", () => {
    it.effect("a read token reads all three; every change and reset answers 403 and changes nothing", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const reader = yield* issueToken(w.org, "read")
        const parts = ["repository", ...gates] as const
        for (const part of parts) {
          expect((yield* settings(w.org, w.repo, part, reader)).status, part).toBe(200)
          yield* Http.expectError(yield* put(w.org, w.repo, part, reader, part === "repository" ? { maxIssuePercentage: 1 } : {}), "Forbidden")
          yield* Http.expectError(yield* reset(w.org, w.repo, part, reader), "Forbidden")
        }
        expect(yield* goalsOf(w.org, w.repo, reader)).toEqual(defaultGoals)
        for (const part of gates) expect(yield* gateOf(w.org, w.repo, part, reader)).toEqual(defaultGate)
        // The admin token may change any organization's settings.
        const byAdmin = yield* put(w.org, w.repo, "commits", adminToken, { complexityThreshold: 9 })
        expect(Http.expectBody(byAdmin, 200, GateBody).data).toEqual({ qualityGate: { complexityThreshold: 9 } })
      }))

    it.effect("no token or another organization's token: 401; an unknown repository or organization: 404; a Public repository is not opened", () =>
      Effect.gen(function*() {
        const w = yield* world({ visibility: "Public" })
        const stranger = yield* world()
        for (const part of ["repository", ...gates] as const) {
          yield* Http.expectError(yield* Http.get(paths.qualitySettings(w.org, w.repo, part)), "Unauthorized")
          yield* Http.expectError(yield* settings(w.org, w.repo, part, stranger.token), "Unauthorized")
          yield* Http.expectError(yield* put(w.org, w.repo, part, stranger.token, {}), "Unauthorized")
          yield* Http.expectError(yield* reset(w.org, w.repo, part, stranger.token), "Unauthorized")
          yield* Http.expectError(yield* settings(w.org, "missing", part, w.token), "NotFound")
          yield* Http.expectError(yield* put(w.org, "missing", part, w.token, {}), "NotFound")
          yield* Http.expectError(yield* reset(w.org, "missing", part, w.token), "NotFound")
          yield* Http.expectError(yield* settings(newOrganization(), w.repo, part, adminToken), "NotFound")
        }
        expect(yield* goalsOf(w.org, w.repo, w.token)).toEqual(defaultGoals)
        for (const part of gates) expect(yield* gateOf(w.org, w.repo, part, w.token)).toEqual(defaultGate)
      }))
  })
})
