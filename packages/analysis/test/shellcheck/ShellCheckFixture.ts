import type { ToolDefinitions } from "@tidemark/core"
import type { EnabledRule } from "../../src/EnabledRule.js"
import type { IssueSeverity } from "../../src/LintResult.js"
import { catalogueHead } from "../CatalogueHeads.js"

export { checkoutOf } from "../external/Checkout.js"

/** The catalogue's ShellCheck tool, without its patterns (they do not matter to a run). */
export const shellCheckDefinition: ToolDefinitions.ToolDefinition = catalogueHead("ShellCheck")

export const shellCheckRule = (code: string, severity: IssueSeverity): EnabledRule => ({
  patternId: `ShellCheck_${code}`,
  ruleId: code,
  severity,
  parameters: []
})

/** Shell with one issue of each default family the tests look for, each on a line of its own. */
export const quoting = "echo $1\n"
export const unused = "unused=1\n"
export const syntaxError = "if true; then\n  echo yes\n"
