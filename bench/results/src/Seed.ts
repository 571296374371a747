import { AnalysisResultStore, AnalysisStore, CommitAnalysis } from "@tidemark/core"
import { timed } from "@tidemark/bench-storage/Measure"
import { Effect } from "effect"
import * as BenchRepository from "./BenchRepository.js"
import * as Dataset from "./Dataset.js"

/** The repository whose latest analysis holds the dataset. */
export const repository = "monorepo"

export interface SeedResult {
  readonly generateMs: number
  /** `AnalysisResultStore.save` of the whole dataset, as the worker saves an analysis's rows. */
  readonly saveMs: number
  readonly issues: number
  readonly files: number
  readonly clones: number
}

/**
 * The repository `name`, the dataset's rows and then the analysis they belong to, in the worker's
 * order: the rows first, so that once the analysis shows, the lists behind its counts are there.
 */
export const seedAnalysis = (name: string, size: Dataset.DatasetSize, otherBranches: ReadonlyArray<string> = []) =>
  Effect.gen(function*() {
    const { commit, heads, record } = yield* BenchRepository.add(name, otherBranches)
    const [{ measures, results }, generateMs] = yield* timed(Dataset.generate(size))
    const key = { repositoryId: record.id, branch: BenchRepository.branch, commitSha: commit.sha }
    const [, saveMs] = yield* timed((yield* AnalysisResultStore.AnalysisResultStore).save(key, results))
    yield* (yield* AnalysisStore.AnalysisStore).save(new CommitAnalysis.CommitAnalysis({
      repositoryId: record.id,
      branch: BenchRepository.branch,
      commit,
      startedAnalysis: BenchRepository.now,
      endedAnalysis: BenchRepository.now,
      measures,
      problems: []
    }))
    return { commit, heads, record, results, generateMs, saveMs }
  })

export const seed = (size: Dataset.DatasetSize) =>
  Effect.map(seedAnalysis(repository, size), ({ generateMs, results, saveMs }) => ({
    generateMs,
    saveMs,
    issues: results.issues.length,
    files: results.files.length,
    clones: results.clones.length
  } satisfies SeedResult))
