import { Branch } from "./Branch.js"
import { StandardRef } from "./Common.js"
import type { AppliedStandard, BranchRecord, RepositoryRecord } from "./Records.js"
import { type Permission, Repository, Stack } from "./Repository.js"
import { RepositoryWithAnalysis } from "./RepositoryWithAnalysis.js"

/**
 * Builds the API's views from stored records. Analysis fields stay absent until a commit is
 * analysed. Records were validated when they were decoded, so views are built without validating
 * again (it dominated the time of a page).
 */

export const branchView = (b: BranchRecord): Branch =>
  new Branch({
    id: b.id,
    name: b.name,
    isDefault: b.isDefault,
    isEnabled: b.isEnabled,
    lastUpdated: b.lastUpdated,
    branchType: "Branch",
    lastCommit: b.lastCommitSha
  }, true)

/** The references of applied standards, oldest application first (the last one is the repository's). */
export const standardRefs = (applied: ReadonlyArray<AppliedStandard>): ReadonlyArray<StandardRef> =>
  [...applied].sort((a, b) => a.sequence - b.sequence).map((a) => new StandardRef({ id: a.standard.id, name: a.standard.name }, true))

/**
 * `standards` are the applied standards' references, oldest application first; `defaultBranch`
 * is the view of the default branch, if any (a list shows the same view three times).
 */
const viewOf = (
  r: RepositoryRecord,
  defaultBranch: Branch | undefined,
  standards: ReadonlyArray<StandardRef>,
  permission: Permission
): Repository => {
  const latest = standards[standards.length - 1]
  return new Repository({
    repositoryId: r.id,
    provider: r.provider,
    owner: r.owner,
    name: r.name,
    fullPath: `${r.owner}/${r.name}`,
    visibility: r.visibility,
    remoteIdentifier: String(r.id),
    lastUpdated: r.lastUpdated,
    permission,
    problems: [],
    languages: r.languages,
    stack: new Stack({ stackTags: r.languages.map((l) => `language:${l.toLowerCase()}`) }, true),
    ...(defaultBranch === undefined ? {} : { defaultBranch }),
    ...(latest === undefined ? {} : { codingStandardId: latest.id, codingStandardName: latest.name }),
    standards,
    addedState: "Added"
  }, true)
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
): Repository => viewOf(r, defaultBranchView(branches), standardRefs(applied), permission)

const withAnalysis = (r: RepositoryRecord, repository: Repository, branch: Branch | undefined) =>
  new RepositoryWithAnalysis({
    repository,
    ...(branch === undefined ? {} : { branch, selectedBranch: branch }),
    goals: r.goals
  }, true)

/** `standards` as `StandardStore.standardsOf` reads them: references, oldest application first. */
export const listedRepository = (
  r: RepositoryRecord,
  branches: ReadonlyArray<BranchRecord>,
  standards: ReadonlyArray<StandardRef>,
  permission: Permission
): RepositoryWithAnalysis => {
  const defaultBranch = defaultBranchView(branches)
  return withAnalysis(r, viewOf(r, defaultBranch, standards, permission), defaultBranch)
}

export const repositoryWithAnalysis = (
  r: RepositoryRecord,
  branches: ReadonlyArray<BranchRecord>,
  applied: ReadonlyArray<AppliedStandard>,
  permission: Permission,
  selected: BranchRecord | undefined
): RepositoryWithAnalysis => {
  const defaultBranch = defaultBranchView(branches)
  return withAnalysis(
    r,
    viewOf(r, defaultBranch, standardRefs(applied), permission),
    selected === undefined ? defaultBranch : branchView(selected)
  )
}
