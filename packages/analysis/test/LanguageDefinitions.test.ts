/**
 * The core describes the analysis's languages and measure tools as data (LanguageDefinitions,
 * MeasureTools), for the API: this checks that data against what the analysis really does.
 */
import { getFormatByFile } from "@jscpd/tokenizer"
import { LanguageDefinitions, MeasureTools } from "@tidemark/core"
import { describe, expect, it } from "vitest"
import { isLanguage, isParsedLanguage, languageOf, languageOfPath } from "../src/Language.js"

const definitions = LanguageDefinitions.languageDefinitions

describe("the core's language data against the analysis", () => {
  it("names every language the analysis measures, and recognises each by the extensions the analysis does", () => {
    for (const definition of definitions) {
      expect(isLanguage(definition.measuredAs), definition.measuredAs).toBe(true)
      for (const extension of definition.extensions) expect(languageOfPath(`src/file${extension}`), extension).toBe(definition.measuredAs)
      for (const file of definition.files) expect(languageOf(`src/${file}`, ""), file).toBe(definition.measuredAs)
    }
    // Every language but cloc's C/C++ Header (see LanguageDefinitions).
    const measured = ["JavaScript", "TypeScript", "Python", "Java", "Go", "JSON", "YAML", "Markdown", "CSS", "SCSS", "LESS", "HTML", "Bourne Shell", "C", "C++", "Ruby", "PHP"]
    expect(definitions.map((d) => d.measuredAs).sort()).toStrictEqual(measured.sort())
  })

  it("gives complexity to the languages with a parser, and duplication to those jscpd has a format for", () => {
    const measuredAs = (name: string) => definitions.find((d) => d.name === name)?.measuredAs ?? name
    const parsed = definitions.filter((d) => isLanguage(d.measuredAs) && isParsedLanguage(d.measuredAs)).map((d) => d.name)
    expect([...MeasureTools.complexity.languages].sort()).toStrictEqual(parsed.sort())
    const tokenised = definitions.filter((d) => d.extensions.every((extension) => getFormatByFile(`file${extension}`) !== undefined))
    expect(MeasureTools.jscpd.languages.map(measuredAs).sort()).toStrictEqual(tokenised.map((d) => d.measuredAs).sort())
  })
})
