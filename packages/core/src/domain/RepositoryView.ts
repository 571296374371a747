import { analysedShare, codeIssues, isGraded } from "./AnalysedLanguages.js"
import { Either } from "effect"
import { Branch } from "./Branch.js"
import { Commit } from "./Commit.js"
import type { CommitAnalysis } from "./CommitAnalysis.js"
import { type CommitCoverage, coverageNumbers, coverageView } from "./CommitCoverage.js"
import { StandardRef } from "./Common.js"
import { NotFound } from "./Errors.js"
import { gradeOf } from "./Grade.js"
import type { ImportedIssues } from "./ImportedIssues.js"
import { addCounts, IssueCounts, issuesPercentageOf, totalOf } from "./IssueLoad.js"
import type { AppliedStandard, BranchRecord, CommitRecord, RepositoryRecord } from "./Records.js"
import { type Permission, Repository, Stack } from "./Repository.js"
import { type GradeLetter, RepositoryWithAnalysis } from "./RepositoryWithAnalysis.js"
import { trusted } from "./Trusted.js"

/**
 * Builds the API's views from stored records and the latest analysis of the branch shown. Analysis
 * fields stay absent until a commit of that branch is analysed (or when its analysis failed: the
 * repository's `problems` say why). Records were validated when they were decoded, so views are built without validating
 * again (it dominated the time of a page).
 *
 * Object literals here never add a property after a spread: on Node 20 (V8 11.3) a property
 * written after a spread (`{ ...a, b }`, `a` without `b`) makes the new objects survive minor
 * collections, and a page of 100 repositories then paid 3–5 ms per scavenge (docs/benchmarks.md,
 * "2026-11-24 (second session)", change 1).
 */

export const branchView = (b: BranchRecord): Branch =>
  trusted(Branch, {
    id: b.id,
    name: b.name,
    isDefault: b.isDefault,
    isEnabled: b.isEnabled,
    lastUpdated: b.lastUpdated,
    branchType: "Branch",
    lastCommit: b.lastCommitSha
  })

/** The references of applied standards, oldest application first (the last one is the repository's). */
export const standardRefs = (applied: ReadonlyArray<AppliedStandard>): ReadonlyArray<StandardRef> =>
  [...applied].sort((a, b) => a.sequence - b.sequence).map((a) => trusted(StandardRef, { id: a.standard.id, name: a.standard.name }))

/**
 * `standards` are the applied standards' references, oldest application first; `defaultBranch`
 * is the view of the default branch, if any (a list shows the same view three times). Languages
 * and stack come from the analysis when there is one, else from the file names read when the
 * repository was added.
 */
const viewOf = (
  r: RepositoryRecord,
  defaultBranch: Branch | undefined,
  standards: ReadonlyArray<StandardRef>,
  permission: Permission,
  analysis: CommitAnalysis | undefined
): Repository => {
  const latest = standards[standards.length - 1]
  const measures = analysis?.measures
  return trusted(Repository, {
    repositoryId: r.id,
    provider: r.provider,
    owner: r.owner,
    name: r.name,
    fullPath: `${r.owner}/${r.name}`,
    visibility: r.visibility,
    remoteIdentifier: String(r.id),
    lastUpdated: r.lastUpdated,
    permission,
    problems: analysis?.problems ?? [],
    languages: measures?.languages ?? r.languages,
    stack: analysis === undefined || measures === undefined
      ? trusted(Stack, { stackTags: r.languages.map((l) => `language:${l.toLowerCase()}`) })
      : trusted(Stack, { commitUuid: analysis.commit.sha, stackTags: measures.stackTags, discoveredAt: analysis.endedAnalysis }),
    standards,
    addedState: r.following ? "Following" : "Added",
    ...(defaultBranch === undefined ? {} : { defaultBranch }),
    ...(latest === undefined ? {} : { codingStandardId: latest.id, codingStandardName: latest.name })
  })
}

/**
 * The branch a request names, if enabled, or else the default branch (none when the repository
 * has no default yet); a named branch that is unknown or disabled is NotFound.
 */
export const chosenBranch = (
  branches: ReadonlyArray<BranchRecord>,
  name: string | undefined
): Either.Either<BranchRecord | undefined, NotFound> => {
  if (name === undefined) return Either.right(branches.find((b) => b.isDefault))
  const named = branches.find((b) => b.name === name && b.isEnabled)
  return named === undefined ? Either.left(new NotFound({ what: "branch", id: name })) : Either.right(named)
}

const defaultBranchView = (branches: ReadonlyArray<BranchRecord>) => {
  const found = branches.find((b) => b.isDefault)
  return found === undefined ? undefined : branchView(found)
}

export const repositoryView = (
  r: RepositoryRecord,
  branches: ReadonlyArray<BranchRecord>,
  applied: ReadonlyArray<AppliedStandard>,
  permission: Permission
): Repository => viewOf(r, defaultBranchView(branches), standardRefs(applied), permission, undefined)

/** A commit as the repository stored it, whether or not an analysis saw it. */
export const storedCommitView = (commit: CommitRecord): Commit =>
  trusted(Commit, {
    sha: commit.sha,
    id: commit.id,
    commitTimestamp: commit.commitTimestamp,
    authorName: commit.authorName,
    authorEmail: commit.authorEmail,
    message: commit.message,
    parents: commit.parents,
    isMergeCommit: commit.parents.length > 1
  })

export const commitView = ({ commit, endedAnalysis, startedAnalysis }: CommitAnalysis): Commit =>
  trusted(Commit, { ...storedCommitView(commit), startedAnalysis, endedAnalysis })

/** What a view shows of the branch: its latest analysis, and the coverage of the commit shown. */
export interface Shown {
  readonly analysis: CommitAnalysis | undefined
  readonly coverage: CommitCoverage | undefined
  /** Issues of client-side tools imported for the commit shown. */
  readonly imported: ReadonlyArray<ImportedIssues>
}

/** The commit a view shows: the last analysed one, else the branch's head (coverage may come first). */
export const shownCommit = (analysis: CommitAnalysis | undefined, branch: BranchRecord | undefined) =>
  analysis?.commit.sha ?? branch?.lastCommitSha

/**
 * The measures of the analysis and the grade they earn against the repository's goals (as they
 * are now), coverage included when the analysed commit has a report; nothing for a failed analysis.
 * A branch's history grades each of its commits with it too.
 */
export interface MeasuresView {
  /** Absent when less than half of the code was analysed for issues. */
  readonly grade?: number
  readonly gradeLetter?: GradeLetter
  readonly issuesPercentage: number
  readonly issuesCount: number
  readonly loc: number
  readonly complexFilesPercentage: number
  readonly complexFilesCount: number
  readonly duplicationPercentage: number
}

export const measuresView = (r: RepositoryRecord, { analysis, coverage, imported }: Shown): MeasuresView | undefined => {
  const measures = analysis?.measures
  if (measures === undefined) return undefined
  const ofThisCommit = <A extends { readonly commitSha: string }>(a: A) => a.commitSha === analysis?.commit.sha
  const covered = coverage !== undefined && ofThisCommit(coverage)
    ? coverageNumbers(coverage, r.goals.minCoveragePercentage).coveragePercentageWithDecimals
    : undefined
  const importedCounts = imported.filter(ofThisCommit).reduce((sum, i) => addCounts(sum, i.counts), IssueCounts.none)
  const issues = addCounts(measures.issueCounts, importedCounts)
  // The code's issues weigh against the lines of the code languages whose issues were measured:
  // not every line, and not a documentation linter's findings (AnalysedLanguages).
  const languages = measures.languageAnalysis
  const analysedLoc = languages === undefined ? measures.loc : analysedShare(languages).analysedLoc
  const gradedIssues = addCounts((languages === undefined ? undefined : codeIssues(languages)) ?? measures.issueCounts, importedCounts)
  const issuesPercentage = issuesPercentageOf(gradedIssues, analysedLoc)
  const graded = languages === undefined || isGraded(languages)
  const { grade, gradeLetter } = gradeOf({
    issuesPercentage,
    complexFilesPercentage: measures.complexFilesPercentage,
    duplicationPercentage: measures.duplicationPercentage,
    coveragePercentage: covered
  }, r.goals)
  return {
    // Less than half of the code analysed for issues: no grade rather than one for code not read.
    ...(graded ? { grade, gradeLetter } : {}),
    issuesPercentage,
    issuesCount: totalOf(issues),
    loc: measures.loc,
    complexFilesPercentage: measures.complexFilesPercentage,
    complexFilesCount: measures.complexFilesCount,
    duplicationPercentage: measures.duplicationPercentage
  }
}

const withAnalysis = (r: RepositoryRecord, repository: Repository, branch: Branch | undefined, shown: Shown) =>
  trusted(RepositoryWithAnalysis, {
    repository,
    goals: r.goals,
    ...(shown.analysis === undefined ? {} : { lastAnalysedCommit: commitView(shown.analysis) }),
    ...measuresView(r, shown),
    ...(branch === undefined ? {} : { branch, selectedBranch: branch }),
    ...(shown.coverage === undefined ? {} : { coverage: coverageView(shown.coverage, r.goals) })
  })

/**
 * A repository as a list shows it: its default branch (`defaultBranch`, the record), `standards` as
 * `StandardStore.standardsOf` reads them (references, oldest application first).
 */
export const listedRepository = (
  r: RepositoryRecord,
  defaultBranch: BranchRecord | undefined,
  standards: ReadonlyArray<StandardRef>,
  permission: Permission,
  shown: Shown
): RepositoryWithAnalysis => {
  const branch = defaultBranch === undefined ? undefined : branchView(defaultBranch)
  return withAnalysis(r, viewOf(r, branch, standards, permission, shown.analysis), branch, shown)
}

export const repositoryWithAnalysis = (
  r: RepositoryRecord,
  branches: ReadonlyArray<BranchRecord>,
  applied: ReadonlyArray<AppliedStandard>,
  permission: Permission,
  selected: BranchRecord | undefined,
  shown: Shown
): RepositoryWithAnalysis => {
  const defaultBranch = defaultBranchView(branches)
  return withAnalysis(
    r,
    viewOf(r, defaultBranch, standardRefs(applied), permission, shown.analysis),
    selected === undefined ? defaultBranch : branchView(selected),
    shown
  )
}
