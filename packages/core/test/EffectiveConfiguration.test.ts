import { describe, expect, it } from "@effect/vitest"
import { Common, EffectiveConfiguration, Records, ToolDefinitions } from "@tidemark/core"
import { Option } from "effect"
import { lintA, lintA2, lintAUuid, lintA2Uuid, pyCheck, pyCheckUuid } from "./fixtures/TestCatalogue.js"
import { parameters, repositoryRecord } from "./fixtures/TestLayer.js"

const typeScriptRepository = repositoryRecord({ rootFiles: ["README.md", ".linta.json"] })
const pythonRepository = repositoryRecord({ languages: ["Python"], rootFiles: ["setup.py"] })

interface PatternSpec {
  readonly id: string
  readonly enabled?: boolean
  readonly parameters?: Readonly<Record<string, string>>
}

const applied = (
  id: number,
  sequence: number,
  tools: ReadonlyArray<{ readonly uuid: string; readonly enabled?: boolean; readonly patterns?: ReadonlyArray<PatternSpec> }>
) =>
  new Records.AppliedStandard({
    standard: new Records.CodingStandard({
      id,
      organizationId: 1,
      name: `Standard ${id}`,
      createdAt: "2024-01-01T00:00:00.000Z",
      tools: tools.map((t) =>
        new Records.StandardTool({
          uuid: t.uuid,
          enabled: t.enabled ?? true,
          patterns: (t.patterns ?? []).map((p) =>
            new Records.StandardPattern({ id: p.id, enabled: p.enabled ?? true, parameters: parameters(p.parameters ?? {}) })
          )
        })
      )
    }),
    appliedAt: "2024-01-02T00:00:00.000Z",
    sequence
  })

const ref = (id: number) => new Common.StandardRef({ id, name: `Standard ${id}` })
const setting = (enabled: boolean | undefined, usesConfigurationFile = false) =>
  Option.some(new Records.ToolSetting({ toolUuid: lintAUuid, usesConfigurationFile, ...(enabled === undefined ? {} : { enabled }) }))

describe("EffectiveConfiguration", () => {
  describe("catalogue defaults", () => {
    it("enables a tool by default when the catalogue says so and the repository uses one of its languages", () => {
      expect(EffectiveConfiguration.enabledByDefault(lintA, typeScriptRepository)).toBe(true)
      expect(EffectiveConfiguration.enabledByDefault(lintA2, typeScriptRepository)).toBe(false)
      expect(EffectiveConfiguration.enabledByDefault(pyCheck, typeScriptRepository)).toBe(false)
      expect(EffectiveConfiguration.enabledByDefault(pyCheck, pythonRepository)).toBe(true)
      expect(EffectiveConfiguration.enabledByDefault(lintA, pythonRepository)).toBe(false)
    })

    it("detects a configuration file at the repository's root", () => {
      expect(EffectiveConfiguration.hasConfigurationFile(lintA, typeScriptRepository)).toBe(true)
      expect(EffectiveConfiguration.hasConfigurationFile(lintA2, typeScriptRepository)).toBe(false)
      expect(EffectiveConfiguration.hasConfigurationFile(lintA, repositoryRecord({ rootFiles: ["linta.json"] }))).toBe(false)
    })
  })

  describe("effectiveTool", () => {
    it("reports the default state when nothing configures the tool", () => {
      const tool = EffectiveConfiguration.effectiveTool(lintA, typeScriptRepository, Option.none(), [])
      expect(tool.view.uuid).toBe(lintAUuid)
      expect(tool.view.name).toBe("LintA")
      expect(tool.view.isClientSide).toBe(false)
      expect(tool.view.settings).toEqual({
        name: "LintA",
        isEnabled: true,
        followsStandard: false,
        isCustom: false,
        hasConfigurationFile: true,
        usesConfigurationFile: false,
        enabledBy: []
      })
    })

    it("without a choice, uses the configuration the tool reads as data: by its root file's name, or as the last analysis followed it", () => {
      const readable = new ToolDefinitions.ToolDefinition({ ...lintA, readableConfigurationFiles: [".linta.json"] })
      const byName = EffectiveConfiguration.effectiveTool(readable, typeScriptRepository, Option.none(), [])
      expect(byName.view.settings).toMatchObject({ hasConfigurationFile: true, usesConfigurationFile: true })
      expect(byName.configurationFileChosen).toBe(false)
      // A package.json's standard: no root name tells it; the analysis that followed it does.
      const bare = repositoryRecord({ rootFiles: ["package.json"] })
      expect(EffectiveConfiguration.effectiveTool(lintA, bare, Option.none(), []).view.settings.usesConfigurationFile).toBe(false)
      const followed = EffectiveConfiguration.effectiveTool(lintA, bare, Option.none(), [], new Set([lintAUuid]))
      expect(followed.view.settings).toMatchObject({ hasConfigurationFile: true, usesConfigurationFile: true })
      // A choice wins over both.
      const chosen = EffectiveConfiguration.effectiveTool(readable, typeScriptRepository, setting(undefined, false), [], new Set([lintAUuid]))
      expect(chosen.view.settings.usesConfigurationFile).toBe(false)
      expect(chosen.configurationFileChosen).toBe(true)
    })

    it("uses the repository's own choice and marks it custom", () => {
      const off = EffectiveConfiguration.effectiveTool(lintA, typeScriptRepository, setting(false, true), [])
      expect(off.view.settings.isEnabled).toBe(false)
      expect(off.view.settings.isCustom).toBe(true)
      expect(off.view.settings.usesConfigurationFile).toBe(true)
      // Only the configuration-file choice stored: the state stays the default, not custom.
      const fileOnly = EffectiveConfiguration.effectiveTool(lintA, typeScriptRepository, setting(undefined, true), [])
      expect(fileOnly.view.settings.isEnabled).toBe(true)
      expect(fileOnly.view.settings.isCustom).toBe(false)
    })

    it("lets a governing standard decide over the repository's choice", () => {
      const tool = EffectiveConfiguration.effectiveTool(lintA, typeScriptRepository, setting(false), [applied(1, 1, [{ uuid: lintAUuid }])])
      expect(tool.view.settings.isEnabled).toBe(true)
      expect(tool.view.settings.followsStandard).toBe(true)
      expect(tool.view.settings.isCustom).toBe(false)
      expect(tool.view.settings.enabledBy).toEqual([ref(1)])
    })

    it("ignores standards that do not list the tool", () => {
      const tool = EffectiveConfiguration.effectiveTool(lintA, typeScriptRepository, Option.none(), [applied(1, 1, [{ uuid: lintA2Uuid }])])
      expect(tool.governing).toEqual([])
      expect(tool.view.settings.followsStandard).toBe(false)
      expect(tool.view.settings.isEnabled).toBe(true)
    })

    it("takes the state of the most recently applied standard, whatever the order given", () => {
      const enabling = applied(1, 5, [{ uuid: lintAUuid, enabled: true }])
      const disabling = applied(2, 3, [{ uuid: lintAUuid, enabled: false }])
      const tool = EffectiveConfiguration.effectiveTool(lintA, typeScriptRepository, Option.none(), [enabling, disabling])
      expect(tool.view.settings.isEnabled).toBe(true)
      expect(tool.view.settings.enabledBy).toEqual([ref(1)])
      const reversed = EffectiveConfiguration.effectiveTool(lintA, typeScriptRepository, Option.none(), [
        applied(1, 3, [{ uuid: lintAUuid, enabled: true }]),
        applied(2, 5, [{ uuid: lintAUuid, enabled: false }])
      ])
      expect(reversed.view.settings.isEnabled).toBe(false)
      expect(reversed.view.settings.followsStandard).toBe(true)
      // A disabled tool names no standard as enabling it, though an older one did.
      expect(reversed.view.settings.enabledBy).toEqual([])
    })

    it("names no enabling standard for a pattern the latest standard disables", () => {
      const tool = EffectiveConfiguration.effectiveTool(lintA, typeScriptRepository, Option.none(), [
        applied(1, 1, [{ uuid: lintAUuid, patterns: [{ id: "LintA_max-len" }] }]),
        applied(2, 2, [{ uuid: lintAUuid, patterns: [{ id: "LintA_max-len", enabled: false }] }])
      ])
      const maxLen = EffectiveConfiguration.effectivePatterns(tool, []).find((p) => p.pattern.definition.id === "LintA_max-len")
      expect(maxLen?.configured.enabled).toBe(false)
      expect(maxLen?.configured.enabledBy).toEqual([])
    })

    it("orders governing standards by application", () => {
      const standards = [applied(3, 9, [{ uuid: lintAUuid }]), applied(1, 2, [{ uuid: lintAUuid }]), applied(2, 4, [])]
      expect(EffectiveConfiguration.governingStandards(lintA, standards).map((g) => g.applied.standard.id)).toEqual([1, 3])
    })
  })

  describe("effectivePatterns", () => {
    const byId = (list: ReturnType<typeof EffectiveConfiguration.effectivePatterns>) => new Map(list.map((p) => [p.pattern.definition.id, p.configured]))

    it("lists every parameter with its default when nothing sets it", () => {
      const patterns = byId(EffectiveConfiguration.effectivePatterns(EffectiveConfiguration.effectiveTool(lintA, typeScriptRepository, Option.none(), []), []))
      expect(patterns.get("LintA_max-len")?.parameters).toEqual([
        new Common.ParameterValue({ name: "max", value: "80" }),
        new Common.ParameterValue({ name: "ignoreUrls", value: "true" })
      ])
      expect(patterns.get("LintA_no-eval")?.parameters).toEqual([])
      expect(patterns.get("LintA_max-len")?.enabled).toBe(false)
      expect(patterns.get("LintA_max-len")?.isCustom).toBe(false)
    })

    it("applies the repository's settings and marks them custom", () => {
      const patterns = byId(
        EffectiveConfiguration.effectivePatterns(EffectiveConfiguration.effectiveTool(lintA, typeScriptRepository, Option.none(), []), [
          new Records.PatternSetting({ patternId: "LintA_max-len", enabled: true, parameters: parameters({ max: "120" }) })
        ])
      )
      expect(patterns.get("LintA_max-len")).toMatchObject({
        enabled: true,
        isCustom: true,
        enabledBy: [],
        parameters: [new Common.ParameterValue({ name: "max", value: "120" }), new Common.ParameterValue({ name: "ignoreUrls", value: "true" })]
      })
    })

    it("takes a governed tool's patterns from the standards only", () => {
      const tool = EffectiveConfiguration.effectiveTool(lintA, typeScriptRepository, Option.none(), [
        applied(1, 1, [{ uuid: lintAUuid, patterns: [{ id: "LintA_max-len", parameters: { max: "100" } }, { id: "LintA_jsdoc" }] }]),
        applied(2, 2, [{ uuid: lintAUuid, patterns: [{ id: "LintA_max-len", parameters: { max: "120" } }, { id: "LintA_jsdoc", enabled: false }] }])
      ])
      const patterns = EffectiveConfiguration.effectivePatterns(tool, [
        new Records.PatternSetting({ patternId: "LintA_no-eval", enabled: true, parameters: [] })
      ])
      expect(patterns.every((p) => p.governed)).toBe(true)
      const configured = byId(patterns)
      expect(configured.get("LintA_max-len")).toMatchObject({
        enabled: true,
        isCustom: false,
        enabledBy: [ref(1), ref(2)],
        parameters: [new Common.ParameterValue({ name: "max", value: "120" }), new Common.ParameterValue({ name: "ignoreUrls", value: "true" })]
      })
      expect(configured.get("LintA_jsdoc")?.enabled).toBe(false)
      // Not listed by any governing standard: disabled, whatever the repository or catalogue says.
      expect(configured.get("LintA_no-eval")).toMatchObject({ enabled: false, isCustom: false, enabledBy: [] })
      expect(configured.get("LintA_no-unused-vars")).toMatchObject({ enabled: false, enabledBy: [] })
    })
  })

  describe("conflicts", () => {
    it("standardsDisagree: the same pattern with different parameters or states", () => {
      const agree = EffectiveConfiguration.effectiveTool(lintA, typeScriptRepository, Option.none(), [
        applied(1, 1, [{ uuid: lintAUuid, patterns: [{ id: "LintA_max-len", parameters: { max: "100", ignoreUrls: "false" } }] }]),
        applied(2, 2, [{ uuid: lintAUuid, patterns: [{ id: "LintA_max-len", parameters: { ignoreUrls: "false", max: "100" } }, { id: "LintA_jsdoc" }] }])
      ])
      expect(EffectiveConfiguration.standardsDisagree(agree)).toBe(false)
      const parametersDiffer = EffectiveConfiguration.effectiveTool(lintA, typeScriptRepository, Option.none(), [
        applied(1, 1, [{ uuid: lintAUuid, patterns: [{ id: "LintA_max-len", parameters: { max: "100" } }] }]),
        applied(2, 2, [{ uuid: lintAUuid, patterns: [{ id: "LintA_max-len", parameters: { max: "120" } }] }])
      ])
      expect(EffectiveConfiguration.standardsDisagree(parametersDiffer)).toBe(true)
      const statesDiffer = EffectiveConfiguration.effectiveTool(lintA, typeScriptRepository, Option.none(), [
        applied(1, 1, [{ uuid: lintAUuid, patterns: [{ id: "LintA_jsdoc" }] }]),
        applied(2, 2, [{ uuid: lintAUuid, patterns: [{ id: "LintA_jsdoc", enabled: false }] }])
      ])
      expect(EffectiveConfiguration.standardsDisagree(statesDiffer)).toBe(true)
    })

    it("conflictingTools: two enabled members of one family, and tools whose standards disagree", () => {
      const none = [lintA, lintA2, pyCheck].map((t) => EffectiveConfiguration.effectiveTool(t, typeScriptRepository, Option.none(), []))
      expect(EffectiveConfiguration.conflictingTools(none)).toEqual([])
      const bothLintA = [lintA, lintA2, pyCheck].map((t) =>
        EffectiveConfiguration.effectiveTool(t, typeScriptRepository, Option.none(), [applied(1, 1, [{ uuid: lintA2Uuid }])])
      )
      expect(EffectiveConfiguration.conflictingTools(bothLintA)).toEqual([lintAUuid, lintA2Uuid])
      const disagreeing = [lintA, lintA2, pyCheck].map((t) =>
        EffectiveConfiguration.effectiveTool(t, pythonRepository, Option.none(), [
          applied(1, 1, [{ uuid: pyCheckUuid, patterns: [{ id: "PyCheck_bare-except" }] }]),
          applied(2, 2, [{ uuid: pyCheckUuid, patterns: [{ id: "PyCheck_bare-except", enabled: false }] }])
        ])
      )
      expect(EffectiveConfiguration.conflictingTools(disagreeing)).toEqual([pyCheckUuid])
    })
  })
})
