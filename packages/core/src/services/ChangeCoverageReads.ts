import { Effect, Option } from "effect"
import type { ChangeAnalysis } from "../domain/ChangeAnalysis.js"
import { DiffCoverage, PullRequestCoverage } from "../domain/ChangeViews.js"
import { type CommitCoverage, percentageOf, shownPercentage } from "../domain/CommitCoverage.js"
import type { ServiceUnavailable } from "../domain/Errors.js"
import { trusted } from "../domain/Trusted.js"
import { evaluateGate, type GateVerdict } from "../domain/GateVerdict.js"
import { type GateKind, QualityGate } from "../domain/QualityGate.js"
import { LineCoverageStore } from "../ports/LineCoverageStore.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { QualityGateStore } from "../ports/QualityGateStore.js"
import { withSpans } from "../runtime/Spans.js"

/** One file's coverage in a change: of the whole file in the head, and of the lines the change added. */
export interface FileChangeCoverage {
  readonly path: string
  /** Percent of the head's file, when the head's report names it. */
  readonly total?: number | undefined
  /** Percent of the base's file, when the base's report names it. */
  readonly base?: number | undefined
  readonly diff: DiffCoverage
  /** Hits of each added coverable line. */
  readonly addedLineHits: ReadonlyArray<readonly [number, number]>
}

/** A change's coverage: the head's and the base's totals, their variation, and diff coverage. */
export interface ChangeCoverage {
  readonly head?: number | undefined
  readonly base?: number | undefined
  /** Head minus base, in percentage points, two decimals. */
  readonly variation?: number | undefined
  readonly diff: DiffCoverage
  readonly files: ReadonlyArray<FileChangeCoverage>
}

const totalOf = (coverage: CommitCoverage | undefined) =>
  coverage === undefined
    ? undefined
    : percentageOf(
      coverage.files.reduce((sum, f) => sum + f.coveredLines, 0),
      coverage.files.reduce((sum, f) => sum + f.coverableLines, 0)
    )

/** Each file's percentage in a report, by path (none for a file without a coverable line). */
const filePercentages = (coverage: CommitCoverage | undefined) =>
  new Map(coverage?.files.map((f) => [f.path, percentageOf(f.coveredLines, f.coverableLines)]) ?? [])

const rounded = (n: number) => shownPercentage(n).decimals

/**
 * Diff coverage: of the lines a change added, those the head's report counts as coverable, and of
 * them the ones it ran. Without a report for the head it cannot be told (MissingRequirements).
 */
const diffOf = (covered: number, coverable: number, reported: boolean) =>
  trusted(
    DiffCoverage,
    !reported
      ? { cause: "MissingRequirements" }
      : coverable === 0
      ? { cause: "NoCoverableLines", coveredLines: 0, coverableLines: 0 }
      : { cause: "ValueIsPresent", value: rounded((covered * 100) / coverable), coveredLines: covered, coverableLines: coverable }
  )

/** A pull request's coverage as the API shows it: the variation, diff coverage and the coverage rules' verdict. */
export const pullRequestCoverageOf = (measured: ChangeCoverage, verdict: GateVerdict): PullRequestCoverage =>
  PullRequestCoverage.make({
    ...(measured.variation === undefined ? {} : { deltaCoverage: measured.variation }),
    diffCoverage: measured.diff,
    ...(verdict.coverage === undefined ? {} : verdict.coverage)
  })

const make = Effect.gen(function*() {
  const analyses = yield* AnalysisStore
  const lineCoverage = yield* LineCoverageStore
  const gates = yield* QualityGateStore

  const reportOf = (repositoryId: number, commitSha: string) =>
    Effect.map(analyses.coverage([{ repositoryId, commitSha }]), (found) => found.get(repositoryId))

  const coverageOf = (change: ChangeAnalysis): Effect.Effect<ChangeCoverage, ServiceUnavailable> =>
    Effect.gen(function*() {
      const { repositoryId } = change
      const headReport = yield* reportOf(repositoryId, change.headSha)
      const baseReport = change.baseSha === undefined ? undefined : yield* reportOf(repositoryId, change.baseSha)
      const head = totalOf(headReport)
      const base = totalOf(baseReport)
      const baseFiles = filePercentages(baseReport)
      // Line hits are read only when a report exists: most changes of a repository without coverage skip it.
      const lines = headReport === undefined
        ? new Map<string, ReadonlyMap<number, number>>()
        : new Map((yield* lineCoverage.commitCoverage({ repositoryId, commitSha: change.headSha })).map((f) => [f.path, new Map(f.hits)]))
      const headFiles = filePercentages(headReport)
      const files = change.files.filter((f) => f.inHead).map((file): FileChangeCoverage => {
        const hits = lines.get(file.path)
        const addedLineHits = file.addedLines.flatMap((line) => {
          const hit = hits?.get(line)
          return hit === undefined ? [] : [[line, hit] as const]
        })
        const covered = addedLineHits.filter(([, hit]) => hit > 0).length
        return {
          path: file.path,
          total: headFiles.get(file.path),
          base: baseFiles.get(file.path),
          diff: diffOf(covered, addedLineHits.length, headReport !== undefined),
          addedLineHits
        }
      })
      const covered = files.reduce((sum, f) => sum + (f.diff.coveredLines ?? 0), 0)
      const coverable = files.reduce((sum, f) => sum + (f.diff.coverableLines ?? 0), 0)
      return {
        head,
        base,
        variation: head === undefined || base === undefined ? undefined : rounded(head - base),
        diff: diffOf(covered, coverable, headReport !== undefined),
        files
      }
    })

  /** The gate of that kind the repository has (its own, or the defaults). */
  const gateOf = (repositoryId: number, kind: GateKind) =>
    Effect.map(gates.find(repositoryId, kind), Option.getOrElse(() => QualityGate.defaults))

  /** The verdict of the repository's gate on a change, with its coverage. */
  const verdictOf = (change: ChangeAnalysis, kind: GateKind) =>
    Effect.gen(function*() {
      const coverage = yield* coverageOf(change)
      const gate = yield* gateOf(change.repositoryId, kind)
      const verdict: GateVerdict = evaluateGate(gate, {
        newIssues: change.newIssueKinds.flatMap((kind) => Array.from({ length: kind.count }, () => kind)),
        newSecurityFindings: change.newSecurityFindings,
        newClones: change.clones.filter((c) => c.deltaType === "Added").length,
        deltaComplexity: change.deltaComplexity,
        coverageVariation: coverage.variation,
        diffCoverage: coverage.diff.value
      })
      return { coverage, verdict }
    })

  return withSpans("ChangeCoverageReads", { coverageOf, verdictOf })
})

/** A change's coverage and its gate verdict, read for the commit and pull-request views and the verdicts sent. */
export class ChangeCoverageReads extends Effect.Service<ChangeCoverageReads>()("@tidemark/core/ChangeCoverageReads", { effect: make }) {}
