import { catalogue } from "@tidemark/catalogue"
import { toolHeads } from "@tidemark/catalogue/ToolHeads"
import type { ToolDefinitions } from "@tidemark/core"
import type { EnabledRule } from "../../src/EnabledRule.js"

/** The catalogue's markdownlint tool, without its patterns (they do not matter to a run). */
export const markdownlintDefinition: ToolDefinitions.ToolDefinition = (() => {
  const found = toolHeads.find((tool) => tool.name === "markdownlint")
  if (found === undefined) throw new Error("the catalogue has no markdownlint tool")
  return found
})()

/** The patterns a repository that never configured markdownlint gets: the enabled ones, each parameter at its default. */
export const defaultRules: ReadonlyArray<EnabledRule> = (catalogue.find((tool) => tool.name === "markdownlint")?.patterns ?? [])
  .filter((pattern) => pattern.definition.enabled)
  .map(({ definition }) => ({
    patternId: definition.id,
    ruleId: definition.id.slice("markdownlint_".length),
    severity: definition.severityLevel,
    parameters: definition.parameters.map((parameter) => ({ name: parameter.name, value: parameter.default }))
  }))

/**
 * A document with one finding of each default rule, each on a line of its own but emphasis (two
 * markers, one line) and links (four rules, two lines): headings not rendered as headings, a
 * duplicate sibling heading, emphasis shown with its asterisks, links that go nowhere, an image
 * without alt text, a row with an extra cell, a definition nothing uses.
 */
export const everyDefaultRule = [
  "# Guide",
  "",
  "#Install",
  "",
  "## Usage ##",
  "",
  "##Options##",
  "",
  "  ## Indented",
  "",
  "## Usage",
  "",
  "Some * loose * emphasis.",
  "",
  "A (reversed)[https://example.com] link, an [empty]() one and a [missing](#nowhere) fragment.",
  "",
  "A [reference][undefined] and [here](https://example.com).",
  "",
  "![](logo.png)",
  "",
  "| a | b |",
  "| - | - |",
  "| 1 | 2 | 3 |",
  "",
  "[unused]: https://example.com",
  ""
].join("\n")

/** Style only: a long line, trailing spaces, `*` bullets after `-` ones, no final newline. */
export const styleOnly = `# Notes\n\n${"word ".repeat(30).trim()}  \n\n- one\n\n* two`
