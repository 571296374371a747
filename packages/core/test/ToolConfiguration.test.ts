import { describe, expect, it } from "@effect/vitest"
import {
  Bodies,
  Common,
  Errors,
  OrganizationSettings,
  Organizations,
  PatternConfiguration,
  Tool,
  ToolConfiguration
} from "@tidemark/core"
import { Effect } from "effect"
import { FakeGitRemotes, pythonSnapshot } from "./fixtures/FakeGitReader.js"
import { lintA2Uuid, lintAUuid, pyCheckUuid } from "./fixtures/TestCatalogue.js"
import {
  acme,
  addRepository,
  adminCaller,
  allowConfigurationFiles,
  anonymous,
  applyStandard,
  callerWith,
  createStandard,
  parameters,
  repo,
  unapplyStandard,
  withServices
} from "./fixtures/TestLayer.js"

const listTools = (name = "widgets") => Effect.flatMap(ToolConfiguration.ToolConfiguration, (t) => t.listTools(adminCaller, repo(name)))
const conflicts = (name = "widgets") => Effect.flatMap(ToolConfiguration.ToolConfiguration, (t) => t.conflicts(adminCaller, repo(name)))
const configure = (toolUuid: string, body: ConstructorParameters<typeof Bodies.ConfigureToolBody>[0], name = "widgets") =>
  Effect.flatMap(ToolConfiguration.ToolConfiguration, (t) => t.configureTool(adminCaller, repo(name), toolUuid, new Bodies.ConfigureToolBody(body)))
const change = (id: string, enabled: boolean, values?: Readonly<Record<string, string>>) =>
  new Bodies.PatternChange({ id, enabled, ...(values === undefined ? {} : { parameters: parameters(values) }) })
const settingsOf = (uuid: string, name = "widgets") =>
  Effect.map(listTools(name), (tools) => tools.find((t) => t.uuid === uuid)?.settings)
const enabledTools = (name = "widgets") =>
  Effect.map(listTools(name), (tools) => tools.filter((t) => t.settings.isEnabled).map((t) => t.name))
const pattern = (toolUuid: string, id: string) =>
  Effect.flatMap(PatternConfiguration.PatternConfiguration, (p) => p.get(adminCaller, repo("widgets"), toolUuid, id))

const defaults = {
  name: "LintA",
  isEnabled: true,
  followsStandard: false,
  isCustom: false,
  hasConfigurationFile: true,
  usesConfigurationFile: false,
  enabledBy: []
}

describe("ToolConfiguration", () => {
  describe("listTools", () => {
    it.effect("enables by default the tools marked so whose languages the repository uses", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          expect(yield* listTools()).toEqual([
            new Tool.Tool({ uuid: lintAUuid, name: "LintA", isClientSide: false, settings: new Tool.ToolSettings(defaults) }),
            new Tool.Tool({
              uuid: lintA2Uuid,
              name: "LintA2",
              isClientSide: false,
              settings: new Tool.ToolSettings({ ...defaults, name: "LintA2", isEnabled: false, hasConfigurationFile: false })
            }),
            new Tool.Tool({
              uuid: pyCheckUuid,
              name: "PyCheck",
              isClientSide: true,
              settings: new Tool.ToolSettings({ ...defaults, name: "PyCheck", isEnabled: false, hasConfigurationFile: false })
            })
          ])
          yield* Effect.flatMap(FakeGitRemotes, (r) => r.serve("https://github.com/acme/analytics.git", pythonSnapshot))
          yield* addRepository("analytics")
          expect(yield* enabledTools("analytics")).toEqual(["PyCheck"])
        })
      ))

    it.effect("needs no token for a Public repository, and one for any other", () =>
      withServices(
        Effect.gen(function*() {
          const tools = yield* ToolConfiguration.ToolConfiguration
          yield* addRepository("open", { visibility: "Public" })
          yield* addRepository("closed")
          expect((yield* tools.listTools(anonymous, repo("open"))).map((t) => t.name)).toEqual(["LintA", "LintA2", "PyCheck"])
          expect(yield* Effect.flip(tools.listTools(anonymous, repo("closed")))).toEqual(
            new Errors.Unauthenticated({ kind: "missing", reason: "Missing api-token header" })
          )
          expect(yield* Effect.flip(tools.conflicts(anonymous, repo("open")))).toEqual(
            new Errors.Unauthenticated({ kind: "missing", reason: "Missing api-token header" })
          )
        })
      ))

    it.effect("answers NotFound for an unknown repository", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          expect(yield* Effect.flip(listTools("gadgets"))).toEqual(new Errors.NotFound({ what: "repository", id: "gadgets" }))
        })
      ))
  })

  describe("configureTool", () => {
    it.effect("enables and disables a tool as the repository's own choice", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          yield* configure(lintAUuid, { enabled: false })
          expect(yield* settingsOf(lintAUuid)).toEqual(new Tool.ToolSettings({ ...defaults, isEnabled: false, isCustom: true }))
          yield* configure(pyCheckUuid, { enabled: true })
          expect(yield* enabledTools()).toEqual(["PyCheck"])
          yield* configure(lintAUuid, { enabled: true })
          expect(yield* settingsOf(lintAUuid)).toEqual(new Tool.ToolSettings({ ...defaults, isCustom: true }))
        })
      ))

    it.effect("refuses useConfigurationFile until the installation admin allows configuration files; only the admin may", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const refused = yield* Effect.flip(configure(lintAUuid, { useConfigurationFile: true }))
          expect(refused).toBeInstanceOf(Errors.PermissionDenied)
          expect(refused.message).toContain("allowConfigurationFiles")
          expect((yield* settingsOf(lintAUuid))?.usesConfigurationFile).toBe(false)
          const organizations = yield* Organizations.Organizations
          const organizationAdmin = yield* callerWith("admin")
          expect(yield* Effect.flip(organizations.updateSettings(organizationAdmin, acme, { allowConfigurationFiles: true })))
            .toBeInstanceOf(Errors.PermissionDenied)
          expect(yield* organizations.settings(organizationAdmin, acme)).toEqual(new OrganizationSettings.OrganizationSettings({ allowConfigurationFiles: false }))
          yield* allowConfigurationFiles()
          yield* configure(lintAUuid, { useConfigurationFile: true })
          expect((yield* settingsOf(lintAUuid))?.usesConfigurationFile).toBe(true)
        })
      ))

    it.effect("keeps the state when the body leaves `enabled` out", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          yield* allowConfigurationFiles()
          yield* configure(lintAUuid, { useConfigurationFile: true })
          expect(yield* settingsOf(lintAUuid)).toEqual(new Tool.ToolSettings({ ...defaults, usesConfigurationFile: true }))
          yield* configure(lintAUuid, { enabled: false })
          expect(yield* settingsOf(lintAUuid)).toEqual(
            new Tool.ToolSettings({ ...defaults, isEnabled: false, isCustom: true, usesConfigurationFile: true })
          )
        })
      ))

    it.effect("sets patterns with their parameters, keeping parameters a later change leaves out", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          yield* configure(lintAUuid, { patterns: [change("LintA_max-len", true, { max: "120" }), change("LintA_no-eval", false)] })
          expect(yield* pattern(lintAUuid, "LintA_max-len")).toMatchObject({
            enabled: true,
            isCustom: true,
            enabledBy: [],
            parameters: parameters({ max: "120", ignoreUrls: "true" })
          })
          expect(yield* pattern(lintAUuid, "LintA_no-eval")).toMatchObject({ enabled: false, isCustom: true })
          expect(yield* pattern(lintAUuid, "LintA_jsdoc")).toMatchObject({ enabled: false, isCustom: false })
          yield* configure(lintAUuid, { patterns: [change("LintA_max-len", false)] })
          expect(yield* pattern(lintAUuid, "LintA_max-len")).toMatchObject({
            enabled: false,
            parameters: parameters({ max: "120", ignoreUrls: "true" })
          })
          yield* configure(lintAUuid, { patterns: [change("LintA_max-len", true, { ignoreUrls: "false" })] })
          expect((yield* pattern(lintAUuid, "LintA_max-len")).parameters).toEqual(parameters({ max: "80", ignoreUrls: "false" }))
          // Changing patterns alone leaves the tool's state to its default.
          expect(yield* settingsOf(lintAUuid)).toEqual(new Tool.ToolSettings(defaults))
        })
      ))

    it.effect("answers Unprocessable for an unknown pattern or parameter, or a pattern named twice, and changes nothing", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const refused = (patterns: ReadonlyArray<Bodies.PatternChange>) => Effect.flip(configure(lintAUuid, { enabled: false, patterns }))
          expect(yield* refused([change("LintA_no-eval", false), change("LintA2_no-eval", true)])).toEqual(
            new Errors.Unprocessable({ reason: "Pattern 'LintA2_no-eval' does not belong to tool LintA" })
          )
          expect(yield* refused([change("LintA_max-len", true, { min: "3" })])).toEqual(
            new Errors.Unprocessable({ reason: "Pattern 'LintA_max-len' has no parameter 'min'" })
          )
          expect(yield* refused([change("LintA_no-eval", false), change("LintA_no-eval", true)])).toEqual(
            new Errors.Unprocessable({ reason: "Pattern 'LintA_no-eval' appears twice" })
          )
          expect(yield* refused([change("LintA_complexity", true, { max: "3" })])).toEqual(
            new Errors.Unprocessable({ reason: "Pattern 'LintA_complexity' has no parameter 'max'" })
          )
          expect(yield* settingsOf(lintAUuid)).toEqual(new Tool.ToolSettings(defaults))
          expect(yield* pattern(lintAUuid, "LintA_no-eval")).toMatchObject({ enabled: true, isCustom: false })
        })
      ))

    it.effect("refuses pattern changes while the tool uses the repository's configuration file", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          yield* allowConfigurationFiles()
          const conflict = new Errors.ConfigurationConflict({
            reason: "LintA uses the repository's configuration file; its patterns cannot be changed here"
          })
          expect(yield* Effect.flip(configure(lintAUuid, { useConfigurationFile: true, patterns: [change("LintA_jsdoc", true)] })))
            .toEqual(conflict)
          expect((yield* settingsOf(lintAUuid))?.usesConfigurationFile).toBe(false)
          yield* configure(lintAUuid, { useConfigurationFile: true })
          expect(yield* Effect.flip(configure(lintAUuid, { patterns: [change("LintA_jsdoc", true)] }))).toEqual(conflict)
          // Leaving the configuration file in the same call allows the change.
          yield* configure(lintAUuid, { useConfigurationFile: false, patterns: [change("LintA_jsdoc", true)] })
          expect((yield* settingsOf(lintAUuid))?.usesConfigurationFile).toBe(false)
          expect((yield* pattern(lintAUuid, "LintA_jsdoc")).enabled).toBe(true)
        })
      ))

    it.effect("refuses to enable a second member of a tool family", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          expect(yield* Effect.flip(configure(lintA2Uuid, { enabled: true }))).toEqual(
            new Errors.ConfigurationConflict({ reason: "LintA is enabled; disable it before enabling LintA2 (same linter family)" })
          )
          expect(yield* enabledTools()).toEqual(["LintA"])
          yield* configure(lintAUuid, { enabled: false })
          yield* configure(lintA2Uuid, { enabled: true })
          expect(yield* enabledTools()).toEqual(["LintA2"])
          expect(yield* Effect.flip(configure(lintAUuid, { enabled: true }))).toEqual(
            new Errors.ConfigurationConflict({ reason: "LintA2 is enabled; disable it before enabling LintA (same linter family)" })
          )
          // Re-enabling the member already enabled is no conflict.
          yield* configure(lintA2Uuid, { enabled: true })
          expect(yield* conflicts()).toEqual([])
        })
      ))

    it.effect("applies the change even where a standard governs the tool (rule 2)", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const standard = yield* createStandard("Baseline", [{ uuid: lintAUuid, patterns: [{ id: "LintA_no-eval" }] }])
          yield* applyStandard(standard.id, "widgets")
          yield* configure(lintAUuid, { enabled: false, patterns: [change("LintA_jsdoc", true)] })
          // The standard still decides what analysis uses while it is applied ...
          expect(yield* settingsOf(lintAUuid)).toEqual(
            new Tool.ToolSettings({ ...defaults, followsStandard: true, enabledBy: [new Common.StandardRef({ id: standard.id, name: "Baseline" })] })
          )
          expect((yield* pattern(lintAUuid, "LintA_jsdoc")).enabled).toBe(false)
          // ... and the repository's own choice shows once it is no longer applied.
          yield* unapplyStandard(standard.id, "widgets")
          expect(yield* settingsOf(lintAUuid)).toEqual(new Tool.ToolSettings({ ...defaults, isEnabled: false, isCustom: true }))
          expect((yield* pattern(lintAUuid, "LintA_jsdoc")).enabled).toBe(true)
        })
      ))

    it.effect("answers NotFound for an unknown tool", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const unknown = new Errors.NotFound({ what: "tool", id: "00000000-0000-0000-0000-000000000000" })
          expect(yield* Effect.flip(configure("00000000-0000-0000-0000-000000000000", { enabled: true }))).toEqual(unknown)
        })
      ))

    it.effect("needs the write permission", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const reader = yield* callerWith("read")
          const tools = yield* ToolConfiguration.ToolConfiguration
          expect(
            yield* Effect.flip(tools.configureTool(reader, repo("widgets"), lintAUuid, new Bodies.ConfigureToolBody({ enabled: false })))
          ).toEqual(new Errors.PermissionDenied({ kind: "permission", needed: "write", held: "read", reason: "This operation needs the 'write' permission; the token has 'read'" }))
          const writer = yield* callerWith("write")
          yield* tools.configureTool(writer, repo("widgets"), lintAUuid, new Bodies.ConfigureToolBody({ enabled: false }))
          expect(yield* enabledTools()).toEqual([])
        })
      ))
  })

  describe("conflicts", () => {
    it.effect("lists none for a repository on its defaults", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          expect(yield* conflicts()).toEqual([])
        })
      ))

    it.effect("lists both members of a family when a standard enables the second one", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const standard = yield* createStandard("Next linter", [{ uuid: lintA2Uuid, patterns: [{ id: "LintA2_no-eval" }] }])
          yield* applyStandard(standard.id, "widgets")
          expect(yield* enabledTools()).toEqual(["LintA", "LintA2"])
          expect(yield* conflicts()).toEqual([lintAUuid, lintA2Uuid])
          yield* configure(lintAUuid, { enabled: false })
          expect(yield* conflicts()).toEqual([])
        })
      ))

    it.effect("lists a tool whose applied standards set one pattern with different parameters", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const strict = yield* createStandard("Strict", [
            { uuid: lintAUuid, patterns: [{ id: "LintA_max-len", parameters: { max: "100" } }, { id: "LintA_no-eval" }] }
          ])
          const lax = yield* createStandard("Lax", [
            { uuid: lintAUuid, patterns: [{ id: "LintA_max-len", parameters: { max: "140" } }, { id: "LintA_no-eval" }] }
          ])
          const same = yield* createStandard("Same as strict", [
            { uuid: lintAUuid, patterns: [{ id: "LintA_max-len", parameters: { max: "100" } }] }
          ])
          yield* applyStandard(strict.id, "widgets")
          yield* applyStandard(same.id, "widgets")
          expect(yield* conflicts()).toEqual([])
          yield* applyStandard(lax.id, "widgets")
          expect(yield* conflicts()).toEqual([lintAUuid])
          yield* unapplyStandard(strict.id, "widgets")
          yield* unapplyStandard(same.id, "widgets")
          expect(yield* conflicts()).toEqual([])
        })
      ))
  })
})
