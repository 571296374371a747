import { describe, expect, it } from "@effect/vitest"
import { Bodies, Common, Errors, type Records, RepositoryTools, ToolConfiguration } from "@tidemark/core"
import { Effect, Layer, Ref } from "effect"
import { AnalysedLanguages, drain, workerLayer } from "./fixtures/FakeAnalysis.js"
import { FakeGitRemotes, pythonSnapshot } from "./fixtures/FakeGitReader.js"
import { storedRepository } from "./fixtures/AddedRepositoryRecords.js"
import { lintA2Uuid, lintAPatternIds, lintAUuid } from "./fixtures/TestCatalogue.js"
import { addRepository, adminCaller, applyStandard, createStandard, parameters, repo, testLayer } from "./fixtures/TestLayer.js"

const withTools = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provide(effect, RepositoryTools.RepositoryTools.Default.pipe(Layer.provideMerge(testLayer())))

const withToolsAndWorker = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provide(effect, RepositoryTools.RepositoryTools.Default.pipe(Layer.provideMerge(workerLayer)))

const widgets = Effect.zipRight(addRepository("widgets"), storedRepository("widgets"))

const configure = (toolUuid: string, body: ConstructorParameters<typeof Bodies.ConfigureToolBody>[0]) =>
  Effect.flatMap(ToolConfiguration.ToolConfiguration, (t) => t.configureTool(adminCaller, repo("widgets"), toolUuid, new Bodies.ConfigureToolBody(body)))

/** Each tool's name, whether it is enabled, follows a standard, is the repository's own choice. */
const states = (repository: Records.RepositoryRecord) =>
  Effect.map(Effect.flatMap(RepositoryTools.RepositoryTools, (tools) => tools.tools(repository)), (all) =>
    all.map((t) => [t.definition.name, t.view.settings.isEnabled, t.view.settings.followsStandard, t.view.settings.isCustom]))

/** The tool's patterns, enabled ones only, with their parameters as `name=value`. */
const enabledPatterns = (repository: Records.RepositoryRecord, uuid: string) =>
  Effect.gen(function*() {
    const tools = yield* RepositoryTools.RepositoryTools
    const patterns = yield* tools.patterns(repository, yield* tools.tool(repository, uuid))
    return patterns.filter((p) => p.enabled).map((p) => [p.pattern.definition.id, ...p.configured.parameters.map((v) => `${v.name}=${v.value}`)])
  })

describe("RepositoryTools.tools and tool", () => {
  it.effect("by default: the catalogue's tools on by default whose languages the repository uses, in the catalogue's order", () =>
    withTools(Effect.gen(function*() {
      const repository = yield* widgets
      expect(yield* states(repository)).toEqual([
        ["LintA", true, false, false],
        ["LintA2", false, false, false],
        ["PyCheck", false, false, false]
      ])
      const lintA = yield* Effect.flatMap(RepositoryTools.RepositoryTools, (tools) => tools.tool(repository, lintAUuid))
      // `.linta.json` is at the root: the tool has a configuration file, not used unless asked.
      expect([lintA.view.settings.hasConfigurationFile, lintA.view.settings.usesConfigurationFile, lintA.governing]).toEqual([true, false, []])
      yield* Effect.flatMap(FakeGitRemotes, (r) => r.serve("https://github.com/acme/analytics.git", pythonSnapshot))
      yield* addRepository("analytics")
      expect(yield* states(yield* storedRepository("analytics"))).toEqual([
        ["LintA", false, false, false],
        ["LintA2", false, false, false],
        ["PyCheck", true, false, false]
      ])
    })))

  it.effect("the repository's own settings override the defaults; a standard that lists a tool governs it over them", () =>
    withTools(Effect.gen(function*() {
      const repository = yield* widgets
      yield* configure(lintAUuid, { enabled: false })
      yield* configure(lintA2Uuid, { enabled: true })
      expect(yield* states(repository)).toEqual([
        ["LintA", false, false, true],
        ["LintA2", true, false, true],
        ["PyCheck", false, false, false]
      ])
      const strict = yield* createStandard("Strict", [{ uuid: lintAUuid, patterns: [{ id: "LintA_max-len", parameters: { max: "120" } }] }])
      const lax = yield* createStandard("Lax", [{ uuid: lintA2Uuid, enabled: false }])
      yield* applyStandard(strict.id, "widgets")
      yield* applyStandard(lax.id, "widgets")
      expect(yield* states(repository)).toEqual([
        ["LintA", true, true, false],
        ["LintA2", false, true, false],
        ["PyCheck", false, false, false]
      ])
      const tools = yield* RepositoryTools.RepositoryTools
      expect((yield* tools.tool(repository, lintAUuid)).view.settings.enabledBy).toEqual([new Common.StandardRef({ id: strict.id, name: "Strict" })])
      // Disabled by the standard that governs it: enabled by none.
      expect((yield* tools.tool(repository, lintA2Uuid)).view.settings.enabledBy).toEqual([])
    })))

  it.effect("a tool the catalogue does not have is NotFound", () =>
    withTools(Effect.gen(function*() {
      const repository = yield* widgets
      const unknown = "0d000000-0000-4000-8000-00000000000d"
      expect(yield* Effect.flip(Effect.flatMap(RepositoryTools.RepositoryTools, (tools) => tools.tool(repository, unknown)))).toEqual(
        new Errors.NotFound({ what: "tool", id: unknown })
      )
    })))
})

describe("RepositoryTools.patterns", () => {
  it.effect("the catalogue's defaults, then the repository's own pattern settings with every parameter given a value", () =>
    withTools(Effect.gen(function*() {
      const repository = yield* widgets
      expect(yield* enabledPatterns(repository, lintAUuid)).toEqual([["LintA_no-eval"], ["LintA_no-unused-vars"], ["LintA_py-compat"]])
      yield* configure(lintAUuid, {
        patterns: [
          new Bodies.PatternChange({ id: "LintA_no-eval", enabled: false }),
          new Bodies.PatternChange({ id: "LintA_max-len", enabled: true, parameters: parameters({ max: "100" }) })
        ]
      })
      // In the catalogue's order; a parameter left out keeps its default.
      expect(yield* enabledPatterns(repository, lintAUuid)).toEqual([
        ["LintA_max-len", "max=100", "ignoreUrls=true"],
        ["LintA_no-unused-vars"],
        ["LintA_py-compat"]
      ])
      const all = yield* Effect.flatMap(RepositoryTools.RepositoryTools, (tools) =>
        Effect.flatMap(tools.tool(repository, lintAUuid), (tool) => tools.patterns(repository, tool)))
      expect(all.map((p) => p.pattern.definition.id).toSorted()).toEqual([...lintAPatternIds])
      expect(all.filter((p) => p.configured.isCustom).map((p) => p.pattern.definition.id)).toEqual(["LintA_no-eval", "LintA_max-len"])
      expect(all.some((p) => p.governed)).toBe(false)
    })))

  it.effect("under a standard, only the patterns it lists are enabled, with its parameters; the repository's own are set aside", () =>
    withTools(Effect.gen(function*() {
      const repository = yield* widgets
      yield* configure(lintAUuid, { patterns: [new Bodies.PatternChange({ id: "LintA_jsdoc", enabled: true })] })
      const strict = yield* createStandard("Strict", [{
        uuid: lintAUuid,
        patterns: [{ id: "LintA_max-len", parameters: { max: "120" } }, { id: "LintA_no-eval", enabled: false }]
      }])
      yield* applyStandard(strict.id, "widgets")
      expect(yield* enabledPatterns(repository, lintAUuid)).toEqual([["LintA_max-len", "max=120", "ignoreUrls=true"]])
      const all = yield* Effect.flatMap(RepositoryTools.RepositoryTools, (tools) =>
        Effect.flatMap(tools.tool(repository, lintAUuid), (tool) => tools.patterns(repository, tool)))
      expect(all.every((p) => p.governed)).toBe(true)
      expect(all.find((p) => p.pattern.definition.id === "LintA_max-len")?.configured.enabledBy).toEqual([
        new Common.StandardRef({ id: strict.id, name: "Strict" })
      ])
    })))
})

describe("RepositoryTools.stack", () => {
  it.effect("the languages read from the file names until the default branch is analysed, then the analysis's languages and tags", () =>
    withToolsAndWorker(Effect.gen(function*() {
      const repository = yield* widgets
      const stack = Effect.flatMap(RepositoryTools.RepositoryTools, (tools) => tools.stack(repository))
      expect(yield* stack).toEqual([...repository.languages, ...repository.languages.map((l) => `language:${l.toLowerCase()}`)])
      expect(repository.languages).toContain("TypeScript")
      yield* Effect.flatMap(AnalysedLanguages, (languages) => Ref.set(languages, ["Python"]))
      yield* drain
      expect(yield* stack).toEqual(["Python", "language:python", "tool:eslint"])
    })))
})
