import { Command, Options } from "@effect/cli"
import { FileSystem, Path } from "@effect/platform"
import { Bodies, CommitCoverage, type Coverage } from "@tidemark/core"
import { Console, Effect, Option } from "effect"
import { TidemarkClient, connectionOptions, withClient } from "./Client.js"
import { repositoryArg, repositoryLabel, repositoryPath } from "./Coordinates.js"
import { renderTable } from "./Table.js"

const commit = Options.text("commit").pipe(
  Options.withPseudoName("SHA"),
  Options.withDescription("the full id of the commit the tests ran on (e.g. $(git rev-parse HEAD))")
)

const file = Options.file("file", { exists: "yes" }).pipe(
  Options.withPseudoName("PATH"),
  Options.withDescription("the report: an LCOV tracefile (lcov.info) or Cobertura XML (coverage.xml)")
)

const format = Options.choice("format", CommitCoverage.CoverageFormat.literals).pipe(
  Options.withDescription("the report's format (default: Cobertura when the file starts with '<', else LCOV)"),
  Options.optional
)

const root = Options.directory("root").pipe(
  Options.withPseudoName("DIR"),
  Options.withDescription("the checkout's root, which the report's absolute paths start with (default: the current directory)"),
  Options.optional
)

/** XML starts with `<`; an LCOV tracefile never does. */
export const guessFormat = (content: string): CommitCoverage.CoverageFormat => (content.trimStart().startsWith("<") ? "cobertura" : "lcov")

export const coverageReport = (coverage: Coverage.Coverage) =>
  renderTable(["coverage", "value"], [
    ["lines", coverage.coveragePercentageWithDecimals === undefined
      ? "-"
      : `${coverage.coveragePercentageWithDecimals} % (${coverage.numberCoveredLines ?? 0} of ${coverage.numberCoverableLines ?? 0})`],
    ["files", String(coverage.numberTotalFiles ?? 0)],
    ["files uncovered", String(coverage.filesUncovered ?? 0)],
    ["files below the goal", String(coverage.filesWithLowCoverage ?? 0)]
  ])

const upload = Command.make(
  "upload",
  { repository: repositoryArg, commit, file, format, root, ...connectionOptions },
  (options) =>
    Effect.gen(function*() {
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const client = yield* TidemarkClient
      const report = yield* fs.readFileString(options.file)
      const { data } = yield* client.call(client.api.admin.uploadCoverage({
        path: repositoryPath(options.repository),
        payload: new Bodies.CoverageUploadBody({
          commitSha: options.commit,
          format: Option.getOrElse(options.format, () => guessFormat(report)),
          report,
          root: path.resolve(Option.getOrElse(options.root, () => "."))
        })
      }))
      yield* Console.log(`Uploaded coverage of ${repositoryLabel(options.repository)} at ${options.commit.slice(0, 12)}`)
      yield* Console.log(coverageReport(data))
    })
).pipe(
  Command.withDescription("Upload a coverage report (LCOV or Cobertura) of a commit."),
  withClient
)

/** `tidemark coverage ...` */
export const coverage = Command.make("coverage").pipe(
  Command.withDescription("Coverage reports of commits."),
  Command.withSubcommands([upload])
)
