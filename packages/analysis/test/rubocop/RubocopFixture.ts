import type { ToolDefinitions } from "@tidemark/core"
import type { EnabledRule } from "../../src/EnabledRule.js"
import type { IssueSeverity } from "../../src/LintResult.js"
import { catalogueHead } from "../CatalogueHeads.js"

export { checkoutOf } from "../external/Checkout.js"

/** The catalogue's RuboCop tool, without its patterns (they do not matter to a run). */
export const rubocopDefinition: ToolDefinitions.ToolDefinition = catalogueHead("RuboCop")

export const rubocopRule = (cop: string, severity: IssueSeverity): EnabledRule => ({
  patternId: `RuboCop_${cop}`,
  ruleId: cop,
  severity,
  parameters: []
})

/** Default patterns the tests meet, at the catalogue's severities. */
export const defaultRules: ReadonlyArray<EnabledRule> = [
  rubocopRule("Lint/UselessAssignment", "Warning"),
  rubocopRule("Lint/DuplicateHashKey", "Warning"),
  rubocopRule("Lint/DuplicateMethods", "Warning"),
  rubocopRule("Security/Eval", "Error"),
  rubocopRule("Security/Open", "Error")
]

/**
 * A small Ruby project with a known issue of each default family, each on a line of its own: in
 * lib/store.rb a value never used (line 3, Lint), a hash key given twice (8, Lint), a method
 * defined twice (15, Lint) and `eval` of a string it is given (18, Security); in the Rakefile an
 * `open` of a name it is given (2, Security). Style and layout the defaults leave alone: double
 * quotes, a long line.
 */
export const project: Readonly<Record<string, string>> = {
  "lib/store.rb": [
    "class Store",
    "  def total(items)",
    "    count = items.size",
    "    items.sum",
    "  end",
    "",
    "  def first(items)",
    "    found = { name: 1, name: 2 }",
    "    found[:name]",
    "    items.first",
    "  end",
    "",
    "  def name; \"store\"; end",
    "",
    "  def name; \"again\"; end",
    "",
    "  def run(code)",
    "    eval(code)",
    "  end",
    "end",
    ""
  ].join("\n"),
  Rakefile: ["task :fetch do |_t, args|", "  open(args[:path]).read", "end", ""].join("\n")
}

/** A file RuboCop cannot parse. */
export const broken = "def broken(\n  1\n"

/**
 * Shaped as rack's `lib/rack/show_status.rb`: variables only its ERB template reads through
 * `binding`, each kept by Ruby's `name = name = value` (lines 9 and 12), beside a variable that is
 * assigned and never read (line 13) and a comparison that only looks like the idiom (line 14).
 */
export const templateVariables = [
  "require \"erb\"",
  "",
  "class ShowStatus",
  "  TEMPLATE = \"<h1><%= req.path %>: <%= detail %></h1>\"",
  "",
  "  def call(env, status)",
  "    # This double assignment is to prevent an \"unused variable\" warning.",
  "    # Yes, it is dumb, but I don't like Ruby yelling at me.",
  "    req = req = Request.new(env)",
  "    message = status.to_s",
  "    # The same, on a value of several lines.",
  "    detail = detail = env.fetch(\"detail\") {",
  "      unused = message",
  "      same = same == message",
  "    }",
  "    ERB.new(TEMPLATE).result(binding)",
  "  end",
  "end",
  ""
].join("\n")
