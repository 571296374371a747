import {
  AnalysisStore,
  Bodies,
  CodingStandards,
  CommitAnalysis,
  Common,
  IssueLoad,
  OrganizationStore,
  Records,
  RepositoryStore,
  ToolConfigStore,
  type ToolDefinitions
} from "@tidemark/core"
import { Effect, Option } from "effect"
import { createHash } from "node:crypto"
import * as Dataset from "./Dataset.js"
import { timed } from "./Measure.js"

export interface SeedTimes {
  /** Organizations, repositories, their branches and head commits, through `RepositoryStore`. */
  readonly repositoriesMs: number
  /** An analysis of every repository's default branch head, through `AnalysisStore`. */
  readonly analysesMs: number
  /** Pattern settings of the measured organization, the standard and its applications. */
  readonly configurationMs: number
}

const now = "2024-06-01T12:00:00.000Z"
const sha = (text: string) => createHash("sha1").update(text).digest("hex")

const headCommit = (owner: string, name: string, branch: string, minutes: number) => ({
  sha: sha(`${owner}/${name}@${branch}`),
  authorName: "Ada Lovelace",
  authorEmail: "ada@example.org",
  commitTimestamp: new Date(Date.parse(now) - minutes * 60_000).toISOString(),
  message: `Work on ${branch}`,
  parents: [sha(`${owner}/${name}@${branch}^`)]
})

/** A TypeScript repository with two branches, `main` (the default) and `develop`, and their heads. */
const snapshot = (owner: string, name: string) => {
  const heads = [headCommit(owner, name, "main", 60), headCommit(owner, name, "develop", 5)]
  return new Records.RepositorySnapshot({
    provider: Dataset.provider,
    owner,
    name,
    visibility: "Private",
    gitUrl: `https://github.com/${owner}/${name}.git`,
    languages: ["TypeScript", "JavaScript"],
    rootFiles: ["README.md", "package.json", "tsconfig.json"],
    defaultBranch: "main",
    branches: ["main", "develop"].map((branch, i) => {
      const head = heads[i]
      return { name: branch, lastUpdated: head?.commitTimestamp ?? now, lastCommitSha: head?.sha ?? "" }
    }),
    commits: heads
  })
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i)

const seedRepositories = (concurrency: number) =>
  Effect.gen(function*() {
    const store = yield* RepositoryStore.RepositoryStore
    const organizationStore = yield* OrganizationStore.OrganizationStore
    const organizations = yield* Effect.forEach(
      range(Dataset.organizations),
      (i) => organizationStore.ensureOrganization(Dataset.provider, Dataset.organizationName(i)),
      { concurrency }
    )
    const pairs = organizations.flatMap((o) => range(Dataset.repositoriesPerOrganization).map((j) => [o, j] as const))
    return yield* Effect.forEach(
      pairs,
      ([o, j]) => store.saveSnapshot(o.id, snapshot(o.name, Dataset.repositoryName(j)), now),
      { concurrency }
    )
  })

/**
 * An analysis of the default branch's head, as the worker stores one: measures of a TypeScript
 * project whose numbers vary with the repository, no problem.
 */
const seedAnalyses = (records: ReadonlyArray<Records.RepositoryRecord>, concurrency: number) =>
  Effect.gen(function*() {
    const store = yield* RepositoryStore.RepositoryStore
    const analyses = yield* AnalysisStore.AnalysisStore
    yield* Effect.forEach(records, (r, i) =>
      Effect.gen(function*() {
        const commit = yield* store.findCommit(r.id, headCommit(r.owner, r.name, "main", 60).sha).pipe(Effect.map(Option.getOrThrow))
        yield* analyses.save(new CommitAnalysis.CommitAnalysis({
          repositoryId: r.id,
          branch: "main",
          commit,
          startedAnalysis: now,
          endedAnalysis: now,
          measures: new CommitAnalysis.AnalysisMeasures({
            loc: 2_000 + (i % 97) * 131,
            issueCounts: new IssueLoad.IssueCounts({ Error: i % 7, High: i % 5, Warning: 10 + (i % 31), Info: i % 13 }),
            complexFilesCount: i % 9,
            complexFilesPercentage: i % 9,
            duplicationPercentage: i % 17,
            languages: ["TypeScript", "JavaScript"],
            stackTags: ["language:typescript", "language:javascript", "build:npm", "test:vitest", "lint:eslint"]
          }),
          problems: []
        }))
      }), { concurrency, discard: true })
  })

/** Every n-th pattern, half of them switched from their default, the first parameter set where one exists. */
const patternSettings = (tool: ToolDefinitions.ToolDefinition): ReadonlyArray<Records.PatternSetting> => {
  const step = Math.max(1, Math.floor(tool.patterns.length / Dataset.configuredPatterns))
  return tool.patterns
    .filter((_, i) => i % step === 0)
    .slice(0, Dataset.configuredPatterns)
    .map(({ definition }, i) => {
      const parameter = definition.parameters[0]
      return new Records.PatternSetting({
        patternId: definition.id,
        enabled: i % 2 === 0 ? !definition.enabled : definition.enabled,
        parameters: parameter === undefined ? [] : [new Common.ParameterValue({ name: parameter.name, value: `${parameter.default}-custom` })]
      })
    })
}

const standardBody = (tool: ToolDefinitions.ToolDefinition) =>
  new Bodies.CreateStandardBody({
    name: "Benchmark standard",
    tools: [
      new Bodies.StandardToolInput({
        uuid: tool.uuid,
        enabled: true,
        patterns: tool.patterns.slice(0, Dataset.standardPatterns).map(({ definition }) =>
          new Bodies.StandardPatternInput({ id: definition.id, enabled: true, parameters: [] })
        )
      })
    ]
  })

/** Every repository of the measured organization configures its own patterns; a few follow the standard. */
const seedConfiguration = (tool: ToolDefinitions.ToolDefinition, measured: ReadonlyArray<Records.RepositoryRecord>, concurrency: number) =>
  Effect.gen(function*() {
    const settings = yield* ToolConfigStore.ToolConfigStore
    const standards = yield* CodingStandards.CodingStandards
    const patterns = patternSettings(tool)
    yield* Effect.forEach(
      measured,
      (r) => settings.applyToolChange(r.id, tool.uuid, { patterns }),
      { concurrency, discard: true }
    )
    const standard = yield* standards.create(Dataset.admin, Dataset.measured, standardBody(tool))
    yield* Effect.forEach(
      Dataset.standardRepositoryNames,
      (name) => standards.apply(Dataset.admin, Dataset.measured, standard.id, name),
      { discard: true }
    )
  })

/** Seeds the dataset of `Dataset` through the ports and the domain services, with `concurrency` writers. */
export const seed = (tool: ToolDefinitions.ToolDefinition, concurrency: number) =>
  Effect.gen(function*() {
    const [records, repositoriesMs] = yield* timed(seedRepositories(concurrency))
    const [, analysesMs] = yield* timed(seedAnalyses(records, concurrency))
    const measured = records.filter((r) => r.owner === Dataset.measured.organization)
    const [, configurationMs] = yield* timed(seedConfiguration(tool, measured, concurrency))
    return { repositoriesMs, analysesMs, configurationMs } satisfies SeedTimes
  })
