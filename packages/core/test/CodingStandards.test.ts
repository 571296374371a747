import { describe, expect, it } from "@effect/vitest"
import {
  Bodies,
  CodingStandards,
  Common,
  Errors,
  PatternConfiguration,
  Records,
  RepositoryAnalysis,
  ToolConfiguration
} from "@tidemark/core"
import { Effect, Either, Schema, TestClock } from "effect"
import { lintA2Uuid, lintAUuid, pyCheckUuid } from "./fixtures/TestCatalogue.js"
import {
  acme,
  addRepository,
  adminCaller,
  applyStandard,
  callerWith,
  createStandard,
  globex,
  parameters,
  repo,
  standardBody,
  unapplyStandard,
  withServices
} from "./fixtures/TestLayer.js"

const create = (body: Bodies.CreateStandardBody) => Effect.flatMap(CodingStandards.CodingStandards, (s) => s.create(adminCaller, acme, body))
const listStandards = Effect.flatMap(CodingStandards.CodingStandards, (s) => s.list(adminCaller, acme))
const standardsOf = (name: string) =>
  Effect.map(Effect.flatMap(RepositoryAnalysis.RepositoryAnalysis, (a) => a.get(adminCaller, repo(name), undefined)), (r) => r.repository)
const enabledPatterns = (name: string, toolUuid = lintAUuid) =>
  Effect.map(
    Effect.flatMap(PatternConfiguration.PatternConfiguration, (p) => p.list(adminCaller, repo(name), toolUuid, { enabled: true })),
    (page) => page.data.map((c) => [c.patternDefinition.id, c.parameters.map((v) => `${v.name}=${v.value}`).join(",")])
  )

describe("CodingStandards", () => {
  describe("create from a list", () => {
    it.effect("stores the standard in the organization, with the current time", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          yield* TestClock.adjust("1 day")
          const standard = yield* createStandard("Baseline", [
            { uuid: lintAUuid, patterns: [{ id: "LintA_no-eval" }, { id: "LintA_max-len", enabled: false, parameters: { max: "100" } }] },
            { uuid: pyCheckUuid, enabled: false }
          ])
          expect(standard).toEqual(
            new Records.CodingStandard({
              id: 1,
              organizationId: 1,
              name: "Baseline",
              createdAt: "1970-01-02T00:00:00.000Z",
              tools: [
                new Records.StandardTool({
                  uuid: lintAUuid,
                  enabled: true,
                  patterns: [
                    new Records.StandardPattern({ id: "LintA_no-eval", enabled: true, parameters: [] }),
                    new Records.StandardPattern({ id: "LintA_max-len", enabled: false, parameters: parameters({ max: "100" }) })
                  ]
                }),
                new Records.StandardTool({ uuid: pyCheckUuid, enabled: false, patterns: [] })
              ]
            })
          )
          expect(yield* listStandards).toEqual([standard])
        })
      ))

    it("decodes the body with defaults: tools and patterns enabled, no patterns, no parameters", () => {
      const decode = Schema.decodeUnknownEither(Bodies.CreateStandardBody)
      const decoded = decode({ name: "Baseline", tools: [{ uuid: lintAUuid, patterns: [{ id: "LintA_no-eval" }] }] })
      expect(decoded).toEqual(Either.right(standardBody("Baseline", [{ uuid: lintAUuid, patterns: [{ id: "LintA_no-eval" }] }])))
      expect(Either.isLeft(decode({ name: "" }))).toBe(true)
      expect(Either.isLeft(decode({ name: "x".repeat(201) }))).toBe(true)
      expect(Either.isRight(decode({ name: "x".repeat(200), fromRepository: "widgets" }))).toBe(true)
      expect(Either.isLeft(decode({ name: "Baseline", fromRepository: "" }))).toBe(true)
    })

    it.effect("refuses a body with both or neither of tools and fromRepository", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const invalid = new Errors.InvalidInput({ field: "body", reason: "give exactly one of 'tools' and 'fromRepository'" })
          expect(yield* Effect.flip(create(new Bodies.CreateStandardBody({ name: "Empty" })))).toEqual(invalid)
          expect(yield* Effect.flip(create(new Bodies.CreateStandardBody({ name: "Both", tools: [], fromRepository: "widgets" }))))
            .toEqual(invalid)
        })
      ))

    it.effect("refuses unknown tools, patterns of another tool and unknown parameters, storing nothing", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const refused = (tools: Parameters<typeof standardBody>[1]) => Effect.flip(create(standardBody("Broken", tools)))
          expect(yield* refused([{ uuid: "nope" }])).toEqual(new Errors.Unprocessable({ reason: "Unknown tool 'nope'" }))
          expect(yield* refused([{ uuid: lintAUuid, patterns: [{ id: "LintA2_no-eval" }] }])).toEqual(
            new Errors.Unprocessable({ reason: "Pattern 'LintA2_no-eval' does not belong to tool LintA" })
          )
          expect(yield* refused([{ uuid: lintAUuid, patterns: [{ id: "LintA_max-len", parameters: { min: "1" } }] }])).toEqual(
            new Errors.Unprocessable({ reason: "Pattern 'LintA_max-len' has no parameter 'min'" })
          )
          expect(yield* refused([{ uuid: pyCheckUuid }, { uuid: lintA2Uuid, patterns: [{ id: "LintA2_max-params", parameters: { max: "4", min: "1" } }] }]))
            .toEqual(new Errors.Unprocessable({ reason: "Pattern 'LintA2_max-params' has no parameter 'min'" }))
          expect(yield* refused([{ uuid: lintAUuid }, { uuid: lintAUuid }])).toEqual(
            new Errors.Unprocessable({ reason: `'${lintAUuid}' appears twice` })
          )
          expect(yield* refused([{ uuid: lintAUuid, patterns: [{ id: "LintA_max-len" }, { id: "LintA_max-len" }] }]))
            .toEqual(new Errors.Unprocessable({ reason: "'LintA_max-len' appears twice" }))
          expect(yield* listStandards).toEqual([])
        })
      ))

    it.effect("needs the admin permission on the organization", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const writer = yield* callerWith("write")
          const standards = yield* CodingStandards.CodingStandards
          expect(yield* Effect.flip(standards.create(writer, acme, standardBody("Mine", [{ uuid: lintAUuid }])))).toEqual(
            new Errors.PermissionDenied({ kind: "permission", needed: "admin", held: "write", reason: "This operation needs the 'admin' permission; the token has 'write'" })
          )
          const owner = yield* callerWith("admin")
          const created = yield* standards.create(owner, acme, standardBody("Mine", [{ uuid: lintAUuid }]))
          const reader = yield* callerWith("read")
          expect(yield* standards.list(reader, acme)).toEqual([created])
          expect(yield* standards.get(reader, acme, created.id)).toEqual(created)
          expect(yield* Effect.flip(standards.apply(reader, acme, created.id, "widgets"))).toEqual(
            new Errors.PermissionDenied({ kind: "permission", needed: "admin", held: "read", reason: "This operation needs the 'admin' permission; the token has 'read'" })
          )
        })
      ))
  })

  describe("create from a repository", () => {
    it.effect("takes the repository's enabled tools with their enabled patterns and parameters", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const tools = yield* ToolConfiguration.ToolConfiguration
          yield* tools.configureTool(adminCaller, repo("widgets"), lintAUuid, new Bodies.ConfigureToolBody({
            patterns: [
              new Bodies.PatternChange({ id: "LintA_max-len", enabled: true, parameters: parameters({ max: "120" }) }),
              new Bodies.PatternChange({ id: "LintA_no-eval", enabled: false })
            ]
          }))
          yield* tools.configureTool(adminCaller, repo("widgets"), pyCheckUuid, new Bodies.ConfigureToolBody({ enabled: true }))
          const standard = yield* create(new Bodies.CreateStandardBody({ name: "Like widgets", fromRepository: "widgets" }))
          expect(standard.tools).toEqual([
            new Records.StandardTool({
              uuid: lintAUuid,
              enabled: true,
              patterns: [
                new Records.StandardPattern({ id: "LintA_max-len", enabled: true, parameters: parameters({ max: "120", ignoreUrls: "true" }) }),
                new Records.StandardPattern({ id: "LintA_no-unused-vars", enabled: true, parameters: [] }),
                new Records.StandardPattern({ id: "LintA_py-compat", enabled: true, parameters: [] })
              ]
            }),
            new Records.StandardTool({
              uuid: pyCheckUuid,
              enabled: true,
              patterns: [new Records.StandardPattern({ id: "PyCheck_bare-except", enabled: true, parameters: [] })]
            })
          ])
        })
      ))

    it.effect("gives another repository the same analysis once applied", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          yield* addRepository("gadgets")
          yield* Effect.flatMap(ToolConfiguration.ToolConfiguration, (t) =>
            t.configureTool(adminCaller, repo("widgets"), lintAUuid, new Bodies.ConfigureToolBody({
              patterns: [new Bodies.PatternChange({ id: "LintA_complexity", enabled: true, parameters: parameters({ threshold: "15" }) })]
            })))
          const standard = yield* create(new Bodies.CreateStandardBody({ name: "Like widgets", fromRepository: "widgets" }))
          yield* applyStandard(standard.id, "gadgets")
          expect(yield* enabledPatterns("gadgets")).toEqual(yield* enabledPatterns("widgets"))
          expect(yield* enabledPatterns("gadgets")).toEqual([
            ["LintA_complexity", "threshold=15"],
            ["LintA_no-eval", ""],
            ["LintA_no-unused-vars", ""],
            ["LintA_py-compat", ""]
          ])
        })
      ))

    it.effect("answers NotFound for an unknown repository", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          expect(yield* Effect.flip(create(new Bodies.CreateStandardBody({ name: "Ghost", fromRepository: "gadgets" })))).toEqual(
            new Errors.NotFound({ what: "repository", id: "gadgets" })
          )
        })
      ))
  })

  describe("list and get", () => {
    it.effect("list the organization's standards and get one by id", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const first = yield* createStandard("First", [{ uuid: lintAUuid }])
          const second = yield* createStandard("Second", [{ uuid: pyCheckUuid }])
          expect(yield* listStandards).toEqual([first, second])
          expect(yield* Effect.flatMap(CodingStandards.CodingStandards, (s) => s.get(adminCaller, acme, second.id))).toEqual(second)
          expect(yield* Effect.flip(Effect.flatMap(CodingStandards.CodingStandards, (s) => s.get(adminCaller, acme, 99)))).toEqual(
            new Errors.NotFound({ what: "standard", id: "99" })
          )
        })
      ))

    it.effect("do not find a standard of another organization", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          yield* addRepository("rockets", { owner: "globex" })
          const standards = yield* CodingStandards.CodingStandards
          const theirs = yield* standards.create(adminCaller, globex, standardBody("Theirs", [{ uuid: lintAUuid }]))
          expect(yield* listStandards).toEqual([])
          expect(yield* Effect.flip(standards.get(adminCaller, acme, theirs.id))).toEqual(
            new Errors.NotFound({ what: "standard", id: String(theirs.id) })
          )
          expect(yield* Effect.flip(standards.apply(adminCaller, acme, theirs.id, "widgets"))).toEqual(
            new Errors.NotFound({ what: "standard", id: String(theirs.id) })
          )
          expect(yield* standards.list(adminCaller, globex)).toEqual([theirs])
        })
      ))
  })

  describe("apply and unapply", () => {
    it.effect("list the applied standards on the repository, the latest as its coding standard", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const first = yield* createStandard("First", [{ uuid: lintAUuid }])
          const second = yield* createStandard("Second", [{ uuid: pyCheckUuid }])
          yield* applyStandard(first.id, "widgets")
          yield* applyStandard(second.id, "widgets")
          const both = yield* standardsOf("widgets")
          expect(both.standards).toEqual([new Common.StandardRef({ id: first.id, name: "First" }), new Common.StandardRef({ id: second.id, name: "Second" })])
          expect([both.codingStandardId, both.codingStandardName]).toEqual([second.id, "Second"])
          yield* applyStandard(first.id, "widgets")
          const reapplied = yield* standardsOf("widgets")
          expect(reapplied.standards.map((s) => s.name)).toEqual(["Second", "First"])
          expect(reapplied.codingStandardName).toBe("First")
          yield* unapplyStandard(first.id, "widgets")
          expect((yield* standardsOf("widgets")).standards.map((s) => s.name)).toEqual(["Second"])
          yield* unapplyStandard(second.id, "widgets")
          const none = yield* standardsOf("widgets")
          expect(none.standards).toEqual([])
          expect(none.codingStandardId).toBeUndefined()
          // Unapplying a standard that is not applied changes nothing.
          yield* unapplyStandard(second.id, "widgets")
          expect((yield* standardsOf("widgets")).standards).toEqual([])
        })
      ))

    it.effect("governs the tools it lists while applied", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const quiet = yield* createStandard("Quiet", [{ uuid: lintAUuid, enabled: false }])
          yield* applyStandard(quiet.id, "widgets")
          const tools = yield* Effect.flatMap(ToolConfiguration.ToolConfiguration, (t) => t.listTools(adminCaller, repo("widgets")))
          expect(tools.map((t) => [t.name, t.settings.isEnabled, t.settings.followsStandard])).toEqual([
            ["LintA", false, true],
            ["LintA2", false, false],
            ["PyCheck", false, false]
          ])
          yield* unapplyStandard(quiet.id, "widgets")
          const after = yield* Effect.flatMap(ToolConfiguration.ToolConfiguration, (t) => t.listTools(adminCaller, repo("widgets")))
          expect(after.map((t) => [t.name, t.settings.isEnabled, t.settings.followsStandard])).toEqual([
            ["LintA", true, false],
            ["LintA2", false, false],
            ["PyCheck", false, false]
          ])
        })
      ))

    it.effect("answer NotFound for an unknown standard or repository", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const standard = yield* createStandard("First", [{ uuid: lintAUuid }])
          expect(yield* Effect.flip(applyStandard(standard.id, "gadgets"))).toEqual(new Errors.NotFound({ what: "repository", id: "gadgets" }))
          expect(yield* Effect.flip(applyStandard(42, "widgets"))).toEqual(new Errors.NotFound({ what: "standard", id: "42" }))
          expect(yield* Effect.flip(unapplyStandard(42, "widgets"))).toEqual(new Errors.NotFound({ what: "standard", id: "42" }))
        })
      ))
  })
})
