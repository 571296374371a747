import { describe, expect, it } from "@effect/vitest"
import { LanguageDefinitions, MeasureTools } from "@tidemark/core"
import { Option } from "effect"

describe("LanguageDefinitions", () => {
  it("finds a language by the service's name or the measures' name, in any case", () => {
    for (const name of ["Shell", "shell", "Bourne Shell", "BOURNE SHELL"]) {
      expect(Option.map(LanguageDefinitions.findLanguage(name), (d) => d.name)).toStrictEqual(Option.some("Shell"))
    }
    expect(Option.map(LanguageDefinitions.findLanguage("c++"), (d) => d.name)).toStrictEqual(Option.some("CPP"))
    expect(LanguageDefinitions.findLanguage("Kotlin")).toStrictEqual(Option.none())
    expect(LanguageDefinitions.serviceNameOf("Bourne Shell")).toBe("Shell")
    expect(LanguageDefinitions.serviceNameOf("C++")).toBe("CPP")
    expect(LanguageDefinitions.serviceNameOf("javascript")).toBe("JavaScript")
    expect(LanguageDefinitions.serviceNameOf("Kotlin")).toBe("Kotlin")
  })

  it("gives each extension to one language, each written with its dot in lower case", () => {
    const extensions = LanguageDefinitions.languageDefinitions.flatMap((d) => d.extensions)
    expect(new Set(extensions).size).toBe(extensions.length)
    for (const extension of extensions) expect(extension).toMatch(/^\.[a-z0-9+]+$/)
  })

  it("every tool of the measures covers known languages only, with stable distinct uuids", () => {
    const tools = [...MeasureTools.duplicationTools, ...MeasureTools.metricsTools]
    expect(new Set(tools.map((t) => t.uuid)).size).toBe(tools.length)
    for (const tool of tools) {
      for (const language of tool.languages) expect(Option.isSome(LanguageDefinitions.findLanguage(language)), language).toBe(true)
    }
  })
})
