import { describe, expect, it } from "@effect/vitest"
import {
  Bodies,
  Common,
  Errors,
  Pagination,
  Pattern,
  PatternConfiguration,
  type PatternQuery,
  ToolConfiguration
} from "@tidemark/core"
import { Effect } from "effect"
import { lintA, lintA2Uuid, lintAPatternIds, lintAUuid } from "./fixtures/TestCatalogue.js"
import {
  addRepository,
  adminCaller,
  allowConfigurationFiles,
  applyStandard,
  callerWith,
  createStandard,
  parameters,
  repo,
  unapplyStandard,
  withServices
} from "./fixtures/TestLayer.js"

const list = (query: PatternConfiguration.PatternPageQuery = {}, toolUuid = lintAUuid) =>
  Effect.flatMap(PatternConfiguration.PatternConfiguration, (p) => p.list(adminCaller, repo("widgets"), toolUuid, query))
const get = (id: string, toolUuid = lintAUuid) =>
  Effect.flatMap(PatternConfiguration.PatternConfiguration, (p) => p.get(adminCaller, repo("widgets"), toolUuid, id))
const update = (filters: PatternQuery.PatternFilters, enabled: boolean, toolUuid = lintAUuid) =>
  Effect.flatMap(PatternConfiguration.PatternConfiguration, (p) => p.update(adminCaller, repo("widgets"), toolUuid, filters, enabled))
const configure = (toolUuid: string, body: ConstructorParameters<typeof Bodies.ConfigureToolBody>[0]) =>
  Effect.flatMap(ToolConfiguration.ToolConfiguration, (t) => t.configureTool(adminCaller, repo("widgets"), toolUuid, new Bodies.ConfigureToolBody(body)))

const short = (id: string) => id.replace(/^LintA2?_/, "")
const ids = (patterns: ReadonlyArray<Pattern.ConfiguredPattern>) => patterns.map((p) => short(p.patternDefinition.id))
const enabledIds = Effect.map(list(), (page) => ids(page.data.filter((p) => p.enabled)))
const definition = (id: string) => {
  const found = lintA.patterns.find((p) => p.definition.id === id)
  if (found === undefined) throw new Error(`no pattern ${id} in the test catalogue`)
  return found.definition
}
const ref = (standard: { readonly id: number; readonly name: string }) => new Common.StandardRef({ id: standard.id, name: standard.name })

describe("PatternConfiguration", () => {
  describe("list", () => {
    it.effect("lists every pattern of the tool by id, with the count of enabled ones", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const page = yield* list()
          expect(page.data.map((p) => p.patternDefinition.id)).toEqual([...lintAPatternIds])
          expect(page.pagination).toEqual(new Pagination.Pagination({ limit: 100, total: 6 }))
          expect(page.totalEnabled).toBe(3)
          expect(page.data[0]).toEqual(
            new Pattern.ConfiguredPattern({
              patternDefinition: definition("LintA_complexity"),
              enabled: false,
              isCustom: false,
              parameters: parameters({ threshold: "10" }),
              enabledBy: []
            })
          )
        })
      ))

    it.effect("filters, and counts enabled patterns among those matching the filters only", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const styleOrSecurity = yield* list({ categories: ["Security", "CodeStyle"] })
          expect(ids(styleOrSecurity.data)).toEqual(["max-len", "no-eval"])
          expect(styleOrSecurity.totalEnabled).toBe(1)
          expect(styleOrSecurity.pagination.total).toBe(2)
          const disabled = yield* list({ enabled: false })
          expect(ids(disabled.data)).toEqual(["complexity", "jsdoc", "max-len"])
          expect(disabled.totalEnabled).toBe(0)
          // The repository uses TypeScript, JSON, JavaScript and Markdown.
          expect(ids((yield* list({ matchesStack: false })).data)).toEqual(["py-compat"])
          expect(ids((yield* list({ languages: ["typescript"], recommended: true })).data)).toEqual(["no-eval", "no-unused-vars"])
          expect(ids((yield* list({ severityLevels: ["Info"], tags: ["docs"] })).data)).toEqual(["jsdoc"])
          expect(ids((yield* list({ search: "eval" })).data)).toEqual(["no-eval"])
        })
      ))

    it.effect("sorts and pages; totalEnabled ignores cursor and limit", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const query: PatternConfiguration.PatternPageQuery = { sort: "severity", direction: "desc", limit: 4 }
          const first = yield* list(query)
          expect(ids(first.data)).toEqual(["no-eval", "complexity", "no-unused-vars", "py-compat"])
          expect(first.pagination.total).toBe(6)
          expect(first.pagination.limit).toBe(4)
          expect(first.totalEnabled).toBe(3)
          const second = yield* list({ ...query, cursor: first.pagination.cursor })
          expect(ids(second.data)).toEqual(["jsdoc", "max-len"])
          expect(second.pagination).toEqual(new Pagination.Pagination({ limit: 4, total: 6 }))
          expect(second.totalEnabled).toBe(3)
          const byCategory = yield* list({ sort: "category", limit: 3 })
          expect(ids(byCategory.data)).toEqual(["no-eval", "max-len", "py-compat"])
          const rest = yield* list({ sort: "category", limit: 3, cursor: encodeURIComponent(byCategory.pagination.cursor ?? "") })
          expect(ids(rest.data)).toEqual(["no-unused-vars", "complexity", "jsdoc"])
          expect(rest.pagination.cursor).toBeUndefined()
        })
      ))

    it.effect("refuses a malformed cursor; answers NotFound for an unknown tool", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          expect(yield* Effect.flip(list({ cursor: "%%%" }))).toEqual(new Errors.InvalidInput({ field: "cursor", reason: "invalid cursor" }))
          expect(yield* Effect.flip(list({}, "no-such-tool"))).toEqual(new Errors.NotFound({ what: "tool", id: "no-such-tool" }))
        })
      ))
  })

  describe("get", () => {
    it.effect("answers one configured pattern", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          expect(yield* get("LintA_no-eval")).toEqual(
            new Pattern.ConfiguredPattern({
              patternDefinition: definition("LintA_no-eval"),
              enabled: true,
              isCustom: false,
              parameters: [],
              enabledBy: []
            })
          )
          expect((yield* get("LintA2_prefer-const", lintA2Uuid)).enabled).toBe(true)
        })
      ))

    it.effect("answers NotFound for a pattern the tool does not have", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          expect(yield* Effect.flip(get("LintA_nope"))).toEqual(new Errors.NotFound({ what: "pattern", id: "LintA_nope" }))
          expect(yield* Effect.flip(get("LintA2_no-eval"))).toEqual(new Errors.NotFound({ what: "pattern", id: "LintA2_no-eval" }))
        })
      ))
  })

  describe("update (rule 4)", () => {
    it.effect("sets the patterns the filters select, and only those", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          yield* configure(lintAUuid, { patterns: [new Bodies.PatternChange({ id: "LintA_max-len", enabled: false, parameters: parameters({ max: "99" }) })] })
          yield* update({ categories: ["Documentation", "CodeStyle"] }, true)
          expect(yield* enabledIds).toEqual(["jsdoc", "max-len", "no-eval", "no-unused-vars", "py-compat"])
          expect(yield* get("LintA_jsdoc")).toMatchObject({ enabled: true, isCustom: true })
          // The parameters set before are kept.
          expect((yield* get("LintA_max-len")).parameters).toEqual(parameters({ max: "99", ignoreUrls: "true" }))
          yield* update({ matchesStack: false }, false)
          expect(yield* enabledIds).toEqual(["jsdoc", "max-len", "no-eval", "no-unused-vars"])
          yield* update({ search: "nothing matches this" }, false)
          expect(yield* enabledIds).toEqual(["jsdoc", "max-len", "no-eval", "no-unused-vars"])
        })
      ))

    it.effect("sets every pattern of the tool when no filter is given, and no other tool's", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          yield* update({}, false)
          expect(yield* enabledIds).toEqual([])
          expect((yield* list()).totalEnabled).toBe(0)
          expect((yield* get("LintA2_prefer-const", lintA2Uuid)).enabled).toBe(true)
          yield* update({}, true)
          expect(yield* enabledIds).toEqual(["complexity", "jsdoc", "max-len", "no-eval", "no-unused-vars", "py-compat"])
          expect((yield* list()).data.every((p) => p.isCustom)).toBe(true)
        })
      ))

    it.effect("is refused while the tool uses the repository's configuration file", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          yield* allowConfigurationFiles()
          yield* configure(lintAUuid, { useConfigurationFile: true })
          expect(yield* Effect.flip(update({}, false))).toEqual(
            new Errors.ConfigurationConflict({
              reason: "LintA uses the repository's configuration file; its patterns cannot be changed here"
            })
          )
          expect(yield* enabledIds).toEqual(["no-eval", "no-unused-vars", "py-compat"])
        })
      ))

    it.effect("is refused where an applied standard sets a selected pattern otherwise", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const baseline = yield* createStandard("Baseline", [{ uuid: lintAUuid, patterns: [{ id: "LintA_no-eval" }, { id: "LintA_jsdoc" }] }])
          yield* applyStandard(baseline.id, "widgets")
          expect(yield* Effect.flip(update({ categories: ["Security"] }, false))).toEqual(
            new Errors.ConfigurationConflict({ reason: "1 of the selected patterns are set by Baseline; change the standard instead" })
          )
          expect(yield* Effect.flip(update({}, true))).toEqual(
            new Errors.ConfigurationConflict({ reason: "4 of the selected patterns are set by Baseline; change the standard instead" })
          )
          // Asking for the state the standard already sets changes nothing and is no conflict.
          yield* update({ categories: ["Security", "Documentation"] }, true)
          yield* update({ categories: ["Complexity"] }, false)
          expect(yield* enabledIds).toEqual(["jsdoc", "no-eval"])
          // Another tool, not governed, stays configurable.
          yield* update({}, false, lintA2Uuid)
          expect((yield* list({}, lintA2Uuid)).totalEnabled).toBe(0)
        })
      ))

    it.effect("needs the write permission; listing needs read", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const reader = yield* callerWith("read")
          const patterns = yield* PatternConfiguration.PatternConfiguration
          expect(yield* Effect.flip(patterns.update(reader, repo("widgets"), lintAUuid, {}, false))).toEqual(
            new Errors.PermissionDenied({ kind: "permission", needed: "write", held: "read", reason: "This operation needs the 'write' permission; the token has 'read'" })
          )
          expect((yield* patterns.list(reader, repo("widgets"), lintAUuid, {})).totalEnabled).toBe(3)
          expect((yield* patterns.get(reader, repo("widgets"), lintAUuid, "LintA_no-eval")).enabled).toBe(true)
        })
      ))
  })

  describe("rule 3: a governing standard's configuration", () => {
    it.effect("replaces the repository's settings; patterns the standard does not list are disabled", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          yield* configure(lintAUuid, { patterns: [new Bodies.PatternChange({ id: "LintA_complexity", enabled: true })] })
          const baseline = yield* createStandard("Baseline", [
            { uuid: lintAUuid, patterns: [{ id: "LintA_no-eval" }, { id: "LintA_max-len", parameters: { max: "100" } }] }
          ])
          yield* applyStandard(baseline.id, "widgets")
          const page = yield* list()
          expect(page.totalEnabled).toBe(2)
          expect(page.data).toEqual([
            new Pattern.ConfiguredPattern({
              patternDefinition: definition("LintA_complexity"),
              enabled: false,
              isCustom: false,
              parameters: parameters({ threshold: "10" }),
              enabledBy: []
            }),
            new Pattern.ConfiguredPattern({
              patternDefinition: definition("LintA_jsdoc"),
              enabled: false,
              isCustom: false,
              parameters: [],
              enabledBy: []
            }),
            new Pattern.ConfiguredPattern({
              patternDefinition: definition("LintA_max-len"),
              enabled: true,
              isCustom: false,
              parameters: parameters({ max: "100", ignoreUrls: "true" }),
              enabledBy: [ref(baseline)]
            }),
            new Pattern.ConfiguredPattern({
              patternDefinition: definition("LintA_no-eval"),
              enabled: true,
              isCustom: false,
              parameters: [],
              enabledBy: [ref(baseline)]
            }),
            new Pattern.ConfiguredPattern({
              patternDefinition: definition("LintA_no-unused-vars"),
              enabled: false,
              isCustom: false,
              parameters: [],
              enabledBy: []
            }),
            new Pattern.ConfiguredPattern({
              patternDefinition: definition("LintA_py-compat"),
              enabled: false,
              isCustom: false,
              parameters: [],
              enabledBy: []
            })
          ])
          expect(yield* get("LintA_max-len")).toEqual(page.data[2])
          // Filters apply to the standard's configuration.
          expect(ids((yield* list({ enabled: true })).data)).toEqual(["max-len", "no-eval"])
          // Once unapplied, the repository's own settings are back.
          yield* unapplyStandard(baseline.id, "widgets")
          expect(yield* enabledIds).toEqual(["complexity", "no-eval", "no-unused-vars", "py-compat"])
          expect(yield* get("LintA_complexity")).toMatchObject({ enabled: true, isCustom: true, enabledBy: [] })
        })
      ))

    it.effect("takes each pattern from the most recently applied standard; re-applying moves a standard last", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const baseline = yield* createStandard("Baseline", [
            { uuid: lintAUuid, patterns: [{ id: "LintA_no-eval" }, { id: "LintA_max-len", parameters: { max: "100" } }] }
          ])
          const wide = yield* createStandard("Wide", [
            {
              uuid: lintAUuid,
              patterns: [{ id: "LintA_max-len", parameters: { max: "140", ignoreUrls: "false" } }, { id: "LintA_jsdoc" }, { id: "LintA_no-eval", enabled: false }]
            }
          ])
          yield* applyStandard(baseline.id, "widgets")
          yield* applyStandard(wide.id, "widgets")
          expect(yield* get("LintA_max-len")).toMatchObject({
            enabled: true,
            parameters: parameters({ max: "140", ignoreUrls: "false" }),
            enabledBy: [ref(baseline), ref(wide)]
          })
          expect((yield* get("LintA_no-eval")).enabled).toBe(false)
          expect(yield* get("LintA_jsdoc")).toMatchObject({ enabled: true, enabledBy: [ref(wide)] })

          yield* applyStandard(baseline.id, "widgets")
          expect(yield* get("LintA_max-len")).toMatchObject({
            enabled: true,
            parameters: parameters({ max: "100", ignoreUrls: "true" }),
            enabledBy: [ref(wide), ref(baseline)]
          })
          expect(yield* get("LintA_no-eval")).toMatchObject({ enabled: true, enabledBy: [ref(baseline)] })
          // A pattern only one standard lists keeps that standard's setting.
          expect(yield* get("LintA_jsdoc")).toMatchObject({ enabled: true, enabledBy: [ref(wide)] })
          expect(yield* enabledIds).toEqual(["jsdoc", "max-len", "no-eval"])
        })
      ))

    it.effect("leaves tools the standard does not list to the repository (isCustom)", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const baseline = yield* createStandard("Baseline", [{ uuid: lintAUuid, patterns: [{ id: "LintA_no-eval" }] }])
          yield* applyStandard(baseline.id, "widgets")
          yield* update({ categories: ["Complexity"] }, true, lintA2Uuid)
          expect(yield* get("LintA2_max-params", lintA2Uuid)).toMatchObject({ enabled: true, isCustom: true, enabledBy: [] })
          expect(yield* get("LintA2_no-eval", lintA2Uuid)).toMatchObject({ enabled: true, isCustom: false, enabledBy: [] })
        })
      ))
  })
})
