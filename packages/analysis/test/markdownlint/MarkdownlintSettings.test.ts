import { describe, expect, it } from "@effect/vitest"
import { catalogue } from "@tidemark/catalogue"
import { lint } from "markdownlint/sync"
import { readdirSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { parameterValue, patternConfiguration } from "../../src/markdownlint/MarkdownlintSettings.js"
import { everyDefaultRule, styleOnly } from "./MarkdownlintFixture.js"

const rule = (ruleId: string, parameters: ReadonlyArray<{ readonly name: string; readonly value: string }> = []) => ({
  patternId: `markdownlint_${ruleId}`,
  ruleId,
  severity: "Info" as const,
  parameters
})

describe("parameterValue", () => {
  it("reads JSON where the text is JSON, and keeps any other text as it is", () => {
    expect(parameterValue("80")).toBe(80)
    expect(parameterValue("true")).toBe(true)
    expect(parameterValue("[\"br\",\"img\"]")).toEqual(["br", "img"])
    expect(parameterValue("\"\"")).toBe("")
    expect(parameterValue("consistent")).toBe("consistent")
    expect(parameterValue("^\\s*title\\s*[:=]")).toBe("^\\s*title\\s*[:=]")
  })
})

describe("patternConfiguration", () => {
  it("turns every rule off but the enabled ones, each with the parameters that are set", () => {
    expect(patternConfiguration([rule("MD051"), rule("MD013", [{ name: "line_length", value: "120" }, { name: "heading_line_length", value: "" }])])).toEqual({
      default: false,
      MD051: true,
      MD013: { line_length: 120 }
    })
    expect(patternConfiguration([])).toEqual({ default: false })
  })

  it("configures the rules at the catalogue's defaults as markdownlint's own defaults do, on markdownlint's own pages", () => {
    // The examples of markdownlint's pages of its rules: documents that break each rule, and that keep it.
    const docs = join(dirname(dirname(createRequire(import.meta.url).resolve("markdownlint"))), "doc")
    const examples = readdirSync(docs).filter((name) => /^md\d+\.md$/.test(name)).flatMap((name) =>
      [...readFileSync(join(docs, name), "utf8").matchAll(/^(`{3,})markdown\n([\s\S]*?)\n\1$/gm)].map((match, index) => [`${name}/${index}.md`, `${match[2]}\n`])
    )
    const strings = Object.fromEntries([...examples, ["fixture.md", everyDefaultRule], ["style.md", styleOnly]])
    const patterns = catalogue.find((tool) => tool.name === "markdownlint")?.patterns ?? []
    // MD024's default is Tidemark's own (siblings only), not markdownlint's.
    const compared = patterns.filter(({ definition }) => definition.id !== "markdownlint_MD024").map(({ definition }) =>
      rule(definition.id.slice("markdownlint_".length), definition.parameters.map((parameter) => ({ name: parameter.name, value: parameter.default })))
    )
    const findings = (config: Readonly<Record<string, unknown>>) =>
      Object.values(lint({ strings, config })).flat().map((error) => `${error.ruleNames[0]} ${error.lineNumber} ${error.errorDetail} ${error.errorContext}`)
    const atDefaults = findings(patternConfiguration(compared))
    const byMarkdownlint = findings({ default: true, MD024: false })
    expect(atDefaults.filter((finding) => !byMarkdownlint.includes(finding))).toEqual([])
    expect(byMarkdownlint.filter((finding) => !atDefaults.includes(finding))).toEqual([])
    expect(new Set(byMarkdownlint.map((finding) => finding.split(" ")[0])).size).toBeGreaterThan(40)
  })
})
