import { describe, expect, it } from "@effect/vitest"
import { LanguageCatalogue, LanguageDefinitions, LanguageTools, MeasureTools, ToolDefinitions } from "@tidemark/core"
import { Effect } from "effect"
import { lintA, lintA2Uuid, lintAUuid, pyCheck, pyCheckUuid } from "./fixtures/TestCatalogue.js"
import { withServices } from "./fixtures/TestLayer.js"

const kotlinTool = new ToolDefinitions.ToolDefinition({ ...pyCheck, uuid: "0d000000-0000-4000-8000-00000000000d", name: "KotlinCheck", languages: ["Kotlin", "python"] })

describe("LanguageCatalogue", () => {
  it.effect("lists every language some tool analyses, each with the catalogue's tools, the duplication and the metrics tools for it", () =>
    withServices(
      Effect.gen(function*() {
        const catalogue = yield* LanguageCatalogue.LanguageCatalogue
        const languages = yield* catalogue.languages
        // The metrics count lines of every language the analysis knows.
        expect(languages.map((l) => l.language.name)).toStrictEqual(LanguageDefinitions.languageDefinitions.map((d) => d.name))
        const of = (name: string) => languages.find((l) => l.language.name === name)
        expect(of("TypeScript")).toMatchObject({
          tools: [lintAUuid, lintA2Uuid],
          duplicationTools: [MeasureTools.jscpd.uuid],
          metricsTools: [MeasureTools.linesOfCode.uuid, MeasureTools.complexity.uuid]
        })
        expect(of("Python")?.tools).toStrictEqual([pyCheckUuid])
        expect(of("YAML")).toMatchObject({ tools: [], metricsTools: [MeasureTools.linesOfCode.uuid] })
        expect(of("HTML")?.language).toStrictEqual(LanguageTools.LanguageFileExtension.make({ name: "HTML", fileExtensions: [".html", ".htm"], files: [] }))
      })
    ))

  it.effect("a tool added to the catalogue brings its languages, one the analysis does not measure too (named by its file extensions)", () =>
    withServices(
      Effect.gen(function*() {
        const languages = yield* Effect.flatMap(LanguageCatalogue.LanguageCatalogue, (catalogue) => catalogue.languages)
        const kotlin = languages.find((l) => l.language.name === "Kotlin")
        expect(kotlin).toMatchObject({ tools: [kotlinTool.uuid], duplicationTools: [], metricsTools: [] })
        expect(kotlin?.language.fileExtensions).toStrictEqual([".kt", ".kts"])
        expect(languages.find((l) => l.language.name === "Python")?.tools).toStrictEqual([pyCheckUuid, kotlinTool.uuid])
        expect(languages.map((l) => l.language.name.toLowerCase())).toStrictEqual(languages.map((l) => l.language.name.toLowerCase()).sort())
      }),
      { tools: [lintA, pyCheck, kotlinTool] }
    ))

  it.effect("describes the duplication and metrics tools by their image and languages", () =>
    withServices(
      Effect.gen(function*() {
        const catalogue = yield* LanguageCatalogue.LanguageCatalogue
        const duplication = yield* catalogue.duplication
        expect(duplication).toStrictEqual([MeasureTools.DuplicationTool.make({ dockerImage: "", languages: MeasureTools.jscpd.languages })])
        const metrics = yield* catalogue.metrics
        expect(metrics.map((tool) => tool.languages)).toStrictEqual([MeasureTools.linesOfCode.languages, MeasureTools.complexity.languages])
      })
    ))
})
