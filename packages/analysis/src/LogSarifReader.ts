import { SarifReader } from "@tidemark/core"
import { Effect, Either, Layer } from "effect"
import { levelOfSarif, readSarif } from "./Sarif.js"

/** The SarifReader port on this package's SARIF 2.1.0 reader; a result's level becomes its severity. */
export const make = SarifReader.SarifReader.of({
  read: (content) =>
    Either.match(readSarif(content, ""), {
      onLeft: (error) => Effect.fail(new SarifReader.SarifUnreadable({ reason: error.message })),
      onRight: ({ issues, tools }) =>
        Effect.succeed({ tools, results: issues.map((issue) => ({ tool: issue.tool, severity: levelOfSarif(issue.level) })) })
    })
})

export const layer: Layer.Layer<SarifReader.SarifReader> = Layer.succeed(SarifReader.SarifReader, make)
