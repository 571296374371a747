import { SarifReader, SarifUnreadable } from "@tidemark/core"
import { Effect, Either, Layer } from "effect"
import { levelOfSarif, readSarif } from "./Sarif.js"

/** The SarifReader port on this package's SARIF 2.1.0 reader; a result's level becomes its severity. */
export const make = SarifReader.of({
  read: (content) =>
    Either.match(readSarif(content, ""), {
      onLeft: (error) => Effect.fail(new SarifUnreadable({ reason: error.message })),
      onRight: ({ issues, tools }) =>
        Effect.succeed({ tools, results: issues.map((issue) => ({ tool: issue.tool, severity: levelOfSarif(issue.level) })) })
    })
})

export const layer: Layer.Layer<SarifReader> = Layer.succeed(SarifReader, make)
