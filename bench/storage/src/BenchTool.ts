import { catalogue } from "@tidemark/catalogue"
import { Pattern, ToolDefinitions } from "@tidemark/core"
import { Effect } from "effect"

/**
 * A tool shaped like the real ESLint9 of the catalogue, its patterns repeated with suffixed ids up
 * to `count`: each copy keeps its original's category, severity, languages, tags, parameters and
 * `recommended`, so filters select the same share of patterns as they do on the real tool.
 */
export const make = (count: number) =>
  Effect.map(
    Effect.fromNullable(catalogue.find((t) => t.name === "ESLint9")),
    (base) => {
      const rounds = Math.ceil(count / base.patterns.length)
      const patterns = Array.from({ length: rounds }, (_, round) => base.patterns.map((p) => copy(p, round)))
        .flat()
        .slice(0, count)
      return new ToolDefinitions.ToolDefinition({ ...base, patterns })
    }
  )

const copy = (pattern: ToolDefinitions.CataloguePattern, round: number) =>
  new ToolDefinitions.CataloguePattern({
    recommended: pattern.recommended,
    definition: new Pattern.PatternDefinition({ ...pattern.definition, id: `${pattern.definition.id}_${round}` })
  })
