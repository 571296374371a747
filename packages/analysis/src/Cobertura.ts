import { CommitCoverage } from "@tidemark/core"
import { Either, Schema } from "effect"
import { parseErrorText } from "./ParseErrorText.js"
import { type CoverageRecord, type CoverageReport, coverageReport, CoverageReportError } from "./CoverageReport.js"
import { isInsideRoot, joinPath, relativeToRoot } from "./RepositoryPath.js"
import { parseXml } from "./XmlDocument.js"

// An empty element (`<lines/>`, `<classes/>`) parses as "": it holds nothing.
const empty = Schema.Literal("")

// The bounds come first, so that a count past 2^53 is told as such rather than as "not an integer".
const LineNumber = Schema.NumberFromString.pipe(
  Schema.lessThanOrEqualTo(CommitCoverage.maxLineNumber, { message: () => `Expected a line number of at most ${CommitCoverage.maxLineNumber}` }),
  Schema.int(),
  Schema.positive()
)
const Hits = Schema.NumberFromString.pipe(
  Schema.lessThanOrEqualTo(CommitCoverage.maxHits, { message: () => `Expected a count of at most ${CommitCoverage.maxHits}` }),
  Schema.int(),
  Schema.nonNegative()
)

const Line = Schema.Struct({ number: LineNumber, hits: Hits }).annotations({ identifier: "<line number hits>" })

const Class = Schema.Struct({
  filename: Schema.String,
  lines: Schema.optional(Schema.Union(empty, Schema.Struct({ line: Schema.optional(Schema.Array(Line)) })))
}).annotations({ identifier: "<class filename>" })

const Package = Schema.Union(empty, Schema.Struct({
  classes: Schema.optional(Schema.Union(empty, Schema.Struct({ class: Schema.optional(Schema.Array(Class)) })))
}))

/** The parts of a Cobertura report (coverage-04.dtd) that carry line coverage. */
const CoberturaDocument = Schema.Struct({
  coverage: Schema.Struct({
    sources: Schema.optional(Schema.Union(empty, Schema.Struct({ source: Schema.optional(Schema.Array(Schema.String)) }))),
    packages: Schema.Union(empty, Schema.Struct({ package: Schema.optional(Schema.Array(Package)) })).annotations({ identifier: "<packages>" })
  }).annotations({ identifier: "<coverage> with <packages>" })
})
type CoberturaDocument = typeof CoberturaDocument.Type

// `<line>` is repeated under `<class>` and under `<method>`; the method's copies are not read.
const repeated: ReadonlySet<string> = new Set(["source", "package", "class", "line"])

const decode = Schema.decodeUnknownEither(CoberturaDocument)

/**
 * Reads a Cobertura XML report (coverage.py, JaCoCo via converters, Istanbul's `cobertura`
 * reporter, gcovr...). Line coverage is `<class filename><lines><line number hits>`; branch and
 * method detail is not needed for line coverage.
 */
export const parseCobertura = (content: string, root: string): Either.Either<CoverageReport, CoverageReportError> =>
  parseXml(content, repeated).pipe(
    Either.mapLeft((problem) => new CoverageReportError({ format: "cobertura", ...problem })),
    Either.flatMap((document) =>
      decode(document).pipe(
        Either.mapLeft((error) =>
          new CoverageReportError({ format: "cobertura", reason: parseErrorText(error) })
        )
      )
    ),
    Either.map((document) => coverageReport(recordsOf(document, root)))
  )

const recordsOf = (document: CoberturaDocument, root: string): ReadonlyArray<CoverageRecord> => {
  const { sources, packages } = document.coverage
  const bases = sources === undefined || sources === "" ? [] : (sources.source ?? []).map((source) => source.trim())
  const classes = packages === "" ? [] : (packages.package ?? []).flatMap((pkg) =>
    pkg === "" || pkg.classes === undefined || pkg.classes === "" ? [] : (pkg.classes.class ?? [])
  )
  return classes.map((cls) => ({
    path: pathInRepository(cls.filename, bases, root),
    lines: new Map((cls.lines === undefined || cls.lines === "" ? [] : (cls.lines.line ?? [])).map((line) => [line.number, line.hits]))
  }))
}

/**
 * A class's filename is relative to one of the report's `<source>` directories, which do not say
 * which: the first source that puts the file inside the repository wins (coverage.py writes one
 * source per configured directory, and the file lies under exactly one).
 */
const pathInRepository = (filename: string, sources: ReadonlyArray<string>, root: string): string => {
  const candidates = [...sources.map((source) => relativeToRoot(joinPath(source, filename), root)), relativeToRoot(filename, root)]
  return candidates.find(isInsideRoot) ?? relativeToRoot(filename, root)
}
