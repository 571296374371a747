import { Effect } from "effect"
import { languagesWithTools } from "../domain/LanguageTools.js"
import { duplicationToolOf, duplicationTools, metricsToolOf, metricsTools } from "../domain/MeasureTools.js"
import { ToolCatalogue } from "../ports/ToolCatalogue.js"
import { withSpans } from "../runtime/Spans.js"

const make = Effect.gen(function*() {
  const catalogue = yield* ToolCatalogue

  /** listLanguagesWithTools: every language some tool analyses, with its tools. */
  const languages = Effect.map(catalogue.tools, languagesWithTools)

  /** listDuplicationTools */
  const duplication = Effect.succeed(duplicationTools.map(duplicationToolOf))

  /** listMetricsTools */
  const metrics = Effect.succeed(metricsTools.map(metricsToolOf))

  return withSpans("LanguageCatalogue", { languages, duplication, metrics })
})

/** The languages Tidemark analyses and the tools for them, open to anyone (the API asks no token). */
export class LanguageCatalogue extends Effect.Service<LanguageCatalogue>()("@tidemark/core/LanguageCatalogue", { effect: make }) {}
