import { describe, expect, it } from "vitest"
import { Effect } from "effect"
import type { AnalysisTool } from "../../src/tools/AnalysisTool.js"
import { languageAnalysisOf } from "../../src/tools/ToolLanguages.js"
import type { LanguageLines } from "../../src/TreeTotals.js"
import { catalogueHead } from "../CatalogueHeads.js"

/** A plug-in as ToolLanguages sees it: its definition and languages. */
const plugin = (name: string, languages: AnalysisTool["languages"]): AnalysisTool => ({
  definition: catalogueHead(name),
  languages,
  takes: () => true,
  ruleIdOf: (id) => id,
  configurationOf: () => undefined,
  start: () => Effect.die("not run here")
})

const lines: ReadonlyArray<LanguageLines> = [
  { language: "Python", files: 1, loc: 10 },
  { language: "Bourne Shell", files: 1, loc: 5 },
  { language: "Go", files: 1, loc: 3 }
]

describe("languageAnalysisOf", () => {
  it("names each language's tools, or why none measured it", () => {
    const ruff = plugin("Ruff", ["Python"])
    const shellCheck = plugin("ShellCheck", ["Bourne Shell"])
    const ran = languageAnalysisOf(lines, [ruff, shellCheck], [ruff], [])
    expect(ran.map((l) => [l.language, l.tools, l.notAnalysed, l.candidates])).toEqual([
      ["Python", ["Ruff"], undefined, undefined],
      ["Bourne Shell", [], "tool_disabled", ["ShellCheck"]],
      ["Go", [], "no_tool", undefined]
    ])
  })

  it("says a language's tool is not installed when its plug-in cannot run here, under the measures' name of the language", () => {
    const ruff = plugin("Ruff", ["Python"])
    const shellCheck = plugin("ShellCheck", ["Bourne Shell"])
    const missing = languageAnalysisOf(lines, [ruff], [ruff], [{ name: shellCheck.definition.name, languages: shellCheck.languages }])
    expect(missing.find((l) => l.language === "Bourne Shell")).toMatchObject({ tools: [], notAnalysed: "tool_not_installed", candidates: ["ShellCheck"] })
  })
})
