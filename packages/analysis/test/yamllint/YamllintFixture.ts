import type { ToolDefinitions } from "@tidemark/core"
import type { EnabledRule } from "../../src/EnabledRule.js"
import type { IssueSeverity } from "../../src/LintResult.js"
import { catalogueHead } from "../CatalogueHeads.js"

export { checkoutOf } from "../external/Checkout.js"

/** The catalogue's yamllint tool, without its patterns (they do not matter to a run). */
export const yamllintDefinition: ToolDefinitions.ToolDefinition = catalogueHead("yamllint")

export const yamllintRule = (rule: string, severity: IssueSeverity): EnabledRule => ({
  patternId: `yamllint_${rule}`,
  ruleId: rule,
  severity,
  parameters: []
})

/** The patterns on by default, at the catalogue's severities. */
export const defaultRules: ReadonlyArray<EnabledRule> = [yamllintRule("key-duplicates", "Error"), yamllintRule("syntax", "Error")]

/**
 * A small repository with a known issue of each default pattern: a key given twice (deploy.yaml,
 * line 4) and a file that does not parse (ci/broken.yml, line 3). Style the defaults leave alone:
 * no `---`, a truthy `on:` key, a long line, trailing spaces.
 */
export const project: Readonly<Record<string, string>> = {
  "deploy.yaml": ["name: web", "on: push", "replicas: 2", "replicas: 3", `image: ${"x".repeat(90)}`, "port: 80   ", ""].join("\n"),
  "ci/broken.yml": ["jobs:", "  - build: yes", "   test: no", ""].join("\n"),
  "vendor/chart.yaml": "a: 1\na: 2\n",
  "README.md": "# app\n"
}
