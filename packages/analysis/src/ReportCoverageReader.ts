import { CommitCoverage, CoverageReader } from "@tidemark/core"
import { Effect, Either, Layer } from "effect"
import { parseCobertura } from "./Cobertura.js"
import { parseLcov } from "./Lcov.js"

/** The CoverageReader port on this package's LCOV and Cobertura parsers. */
export const make = CoverageReader.CoverageReader.of({
  read: (format, content, root) =>
    Either.match(format === "lcov" ? parseLcov(content, root) : parseCobertura(content, root), {
      onLeft: (error) => Effect.fail(new CoverageReader.CoverageUnreadable({ reason: error.message })),
      onRight: (report) =>
        Effect.succeed(report.files.map((file) =>
          new CommitCoverage.FileLineCoverage(
            { path: file.path, coverableLines: file.coverableLines, coveredLines: file.coveredLines, hits: file.hits },
            true
          )
        ))
    })
})

export const layer: Layer.Layer<CoverageReader.CoverageReader> = Layer.succeed(CoverageReader.CoverageReader, make)
