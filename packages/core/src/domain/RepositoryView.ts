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

export const repositoryView = (
  r: RepositoryRecord,
  branches: ReadonlyArray<BranchRecord>,
  applied: ReadonlyArray<AppliedStandard>,
  permission: Permission
): Repository => {
  const defaultBranch = branches.find((b) => b.isDefault)
  const standards = [...applied].sort((a, b) => a.sequence - b.sequence).map((a) => a.standard)
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
    ...(defaultBranch === undefined ? {} : { defaultBranch: branchView(defaultBranch) }),
    ...(latest === undefined ? {} : { codingStandardId: latest.id, codingStandardName: latest.name }),
    standards: standards.map((s) => new StandardRef({ id: s.id, name: s.name }, true)),
    addedState: "Added"
  }, true)
}

export const repositoryWithAnalysis = (
  r: RepositoryRecord,
  branches: ReadonlyArray<BranchRecord>,
  applied: ReadonlyArray<AppliedStandard>,
  permission: Permission,
  selected: BranchRecord | undefined
): RepositoryWithAnalysis => {
  const branch = selected ?? branches.find((b) => b.isDefault)
  return new RepositoryWithAnalysis({
    repository: repositoryView(r, branches, applied, permission),
    ...(branch === undefined ? {} : { branch: branchView(branch), selectedBranch: branchView(branch) }),
    goals: r.goals
  }, true)
}
