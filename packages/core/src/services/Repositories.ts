import { Context, Effect, Option } from "effect"
import { nowIso } from "../domain/Now.js"
import { InvalidInput, PermissionDenied, ServiceUnavailable, Unprocessable } from "../domain/Errors.js"
import { languagesOf } from "../domain/Languages.js"
import type { UpdateGoalsBody } from "../domain/Bodies.js"
import { Goals } from "../domain/Goals.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import { RepositoryRecord, RepositorySnapshot } from "../domain/Records.js"
import { AddedStateResponse, type Visibility } from "../domain/Repository.js"
import { repositoryView } from "../domain/RepositoryView.js"
import { GitReader, type GitSnapshot } from "../ports/GitReader.js"
import { NetworkAddresses } from "../ports/NetworkAddresses.js"
import { OrganizationStore } from "../ports/OrganizationStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { StandardStore } from "../ports/StandardStore.js"
import { Access } from "./Access.js"
import { redactSecrets } from "../runtime/Redaction.js"
import { AnalysisRequests } from "./AnalysisRequests.js"
import { withSpans } from "../runtime/Spans.js"

/** Clone URL templates per provider, with `{owner}` and `{name}` placeholders. */
export type GitUrlTemplates = Readonly<Record<string, string>>

export const defaultGitUrlTemplates: GitUrlTemplates = {
  gh: "https://github.com/{owner}/{name}.git",
  gl: "https://gitlab.com/{owner}/{name}.git",
  bb: "https://bitbucket.org/{owner}/{name}.git"
}

/** The clone URL templates of this installation (the defaults unless the composition provides others). */
export class GitUrls extends Context.Reference<GitUrls>()("@tidemark/core/GitUrls", {
  defaultValue: (): GitUrlTemplates => defaultGitUrlTemplates
}) {}

/** How each known host shows a file at a commit, after the repository's web address. */
const blobSeparators: Readonly<Record<string, string>> = { gh: "/blob/", gl: "/-/blob/", bb: "/src/" }

/** How each known host shows a pull (merge) request, after the repository's web address. */
const pullRequestSeparators: Readonly<Record<string, string>> = { gh: "/pull/", gl: "/-/merge_requests/", bb: "/pull-requests/" }

/** A repository's web address: its default clone URL without `.git`; none for an unknown provider. */
const webAddress = (repository: RepositoryRecord): string | undefined =>
  defaultGitUrlTemplates[repository.provider]?.replace("{owner}", repository.owner).replace("{name}", repository.name).replace(/\.git$/, "")

const onHost = (repository: RepositoryRecord, separators: Readonly<Record<string, string>>, rest: string) => {
  const web = webAddress(repository)
  const separator = separators[repository.provider]
  return web === undefined || separator === undefined ? "" : `${web}${separator}${rest}`
}

/** Where the host shows a repository's file at a commit; empty for a provider without one. */
export const fileWebUrl = (repository: RepositoryRecord, sha: string, path: string): string =>
  onHost(repository, blobSeparators, `${sha}/${path}`)

/** Where the host shows a repository's pull request (`gitHref`); empty for a provider without one. */
export const pullRequestWebUrl = (repository: RepositoryRecord, number: number): string =>
  onHost(repository, pullRequestSeparators, String(number))

export interface AddRepositoryInput {
  readonly provider: string
  /** `owner/name`; the owner may itself hold slashes (GitLab subgroups). */
  readonly repositoryFullPath: string
  readonly gitUrl?: string | undefined
  readonly visibility?: Visibility | undefined
}

/**
 * The one answer to a repository that cannot be read, whatever the reason: what answered (a closed
 * port, a server that is not git, a banner, a timeout) would tell a caller about the server's network.
 */
export const couldNotClone = (gitUrl: string) =>
  `could not clone ${gitUrl}: it does not exist, cannot be reached from this server, or needs credentials`

const isRemoteUrl = (url: string) => /^(https?|ssh|git):\/\/|^[\w.-]+@[\w.-]+:/i.test(url.trim())

const splitFullPath = (fullPath: string) => {
  const cut = fullPath.lastIndexOf("/")
  const owner = fullPath.slice(0, cut).trim()
  const name = fullPath.slice(cut + 1).trim()
  return cut <= 0 || owner === "" || name === ""
    ? Option.none()
    : Option.some({ owner, name })
}

/** What a git read becomes in storage: the default branch's files give languages and root files. */
export const snapshotOf = (
  input: { readonly provider: string; readonly owner: string; readonly name: string; readonly gitUrl: string; readonly visibility: Visibility },
  git: GitSnapshot
): RepositorySnapshot => {
  const heads = new Map(git.branches.map((b) => [b.head.sha, b.head]))
  return new RepositorySnapshot({
    ...input,
    languages: languagesOf(git.files),
    rootFiles: git.files.filter((f) => !f.includes("/")),
    defaultBranch: git.defaultBranch,
    branches: git.branches.map((b) => ({ name: b.name, lastUpdated: b.head.commitTimestamp, lastCommitSha: b.head.sha })),
    commits: [...heads.values()].map((c) => ({
      sha: c.sha,
      authorName: c.authorName,
      authorEmail: c.authorEmail,
      commitTimestamp: c.commitTimestamp,
      message: c.message,
      parents: c.parents
    }))
  })
}

const make = Effect.gen(function*() {
  const templates = yield* GitUrls
  const access = yield* Access
  const repositories = yield* RepositoryStore
  const organizationStore = yield* OrganizationStore
  const standards = yield* StandardStore
  const git = yield* GitReader
  const addresses = yield* NetworkAddresses
  const requests = yield* AnalysisRequests

  const save = (organizationId: number, input: Parameters<typeof snapshotOf>[0], read: GitSnapshot) =>
    Effect.flatMap(nowIso, (now) => repositories.saveSnapshot(organizationId, snapshotOf(input, read), now))

  /**
   * Reads an added repository again from its git URL and stores its branches' heads, keeping its
   * settings; queues nothing. What git answers is returned too (the heads' commits, authors included).
   */
  const refresh = (repository: RepositoryRecord) =>
    Effect.gen(function*() {
      const read = yield* git.read(repository.gitUrl)
      const { gitUrl, name, owner, provider, visibility } = repository
      const record = yield* save(repository.organizationId, { provider, owner, name, gitUrl, visibility }, read)
      return { repository: record, git: read }
    })

  /**
   * Adds a repository (or refreshes one already added) by reading it with git. The admin may add
   * to any organization, creating it on first use; an organization's own token needs `admin`.
   */
  const add = (caller: Option.Option<Principal>, input: AddRepositoryInput) =>
    Effect.gen(function*() {
      const path = splitFullPath(input.repositoryFullPath)
      if (Option.isNone(path)) {
        return yield* new InvalidInput({ field: "repositoryFullPath", reason: "expected '<owner>/<name>'" })
      }
      const { name, owner } = path.value
      const at = { provider: input.provider, organization: owner }
      const isAdmin = Option.isSome(caller) && caller.value.isAdmin
      // Callers other than the admin are checked before any work; the admin's organization is
      // only created once the repository could be read, so a failed add leaves nothing behind.
      const existingOrganization = isAdmin ? Option.none() : Option.some(yield* access.organization(caller, at, "admin"))
      // A path or file:// URL reads the server's own disk (other organizations' repositories,
      // the git cache): only the installation's admin may point there.
      if (input.gitUrl !== undefined && !isAdmin && !isRemoteUrl(input.gitUrl)) {
        return yield* new PermissionDenied({
          kind: "installationAdmin",
          reason: "Only the installation admin may add a repository from a local path or file:// URL"
        })
      }
      const template = templates[input.provider]
      const gitUrl = input.gitUrl ?? template?.replaceAll("{owner}", owner).replaceAll("{name}", name)
      if (gitUrl === undefined) {
        return yield* new InvalidInput({ field: "gitUrl", reason: `no clone URL template for provider '${input.provider}'` })
      }
      // Checked before any work for other callers; for every caller the git adapter checks again
      // at each clone and fetch, against the installation's rule (TIDEMARK_ALLOW_PRIVATE_NETWORK_URLS).
      const reachable = isAdmin ? Effect.void : addresses.requirePublic(gitUrl)
      const read = yield* reachable.pipe(
        Effect.zipRight(git.read(gitUrl)),
        // The reason is the server's to see, without the URL's credentials; never the caller's.
        Effect.tapError((error) => Effect.logWarning(redactSecrets(`a repository to add could not be read: ${error.message}`))),
        Effect.mapError(() => new Unprocessable({ reason: couldNotClone(gitUrl) }))
      )
      const organization = Option.isSome(existingOrganization)
        ? existingOrganization.value
        : yield* organizationStore.ensureOrganization(input.provider, owner)
      const existing = yield* repositories.findRepository(organization.id, name)
      const visibility = input.visibility ?? Option.match(existing, { onNone: () => "Private" as const, onSome: (r) => r.visibility })
      const record = yield* save(organization.id, { provider: input.provider, owner, name, gitUrl, visibility }, read)
      const [branches, applied] = yield* Effect.all([repositories.listBranches(record.id), standards.appliedTo(record.id)])
      // Adding (or refreshing) analyses the default branch's head.
      const defaultBranch = branches.find((b) => b.isDefault)
      if (defaultBranch !== undefined) yield* requests.branch(record, defaultBranch)
      return repositoryView(record, branches, applied, Option.match(caller, { onNone: () => "read" as const, onSome: (p) => p.permission }))
    })

  /** Changes a repository's goals (the fields given); the views' grade and verdicts follow at once. */
  const setGoals = (caller: Option.Option<Principal>, at: RepositoryCoordinates, changes: UpdateGoalsBody) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "write")
      const current = repository.goals
      const goals = new Goals({
        maxIssuePercentage: changes.maxIssuePercentage ?? current.maxIssuePercentage,
        maxDuplicatedFilesPercentage: changes.maxDuplicatedFilesPercentage ?? current.maxDuplicatedFilesPercentage,
        minCoveragePercentage: changes.minCoveragePercentage ?? current.minCoveragePercentage,
        maxComplexFilesPercentage: changes.maxComplexFilesPercentage ?? current.maxComplexFilesPercentage,
        fileDuplicationBlockThreshold: changes.fileDuplicationBlockThreshold ?? current.fileDuplicationBlockThreshold,
        fileComplexityValueThreshold: changes.fileComplexityValueThreshold ?? current.fileComplexityValueThreshold
      })
      yield* repositories.saveGoals(repository.id, goals)
      return goals
    })

  /**
   * followAddedRepository: its new commits are analysed again. Commits pushed while it was not
   * followed are read now and the default branch's head analysed; following it twice changes nothing.
   */
  const follow = (caller: Option.Option<Principal>, at: RepositoryCoordinates) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "write")
      if (repository.following) return AddedStateResponse.make({ data: "Following" })
      yield* repositories.setFollowing(repository.id, true)
      const current = yield* refresh(new RepositoryRecord({ ...repository, following: true }, true)).pipe(
        Effect.map((read) => read.repository),
        // Followed all the same: its next push or reanalysis reads it again.
        Effect.catchTag("GitReadError", (error) =>
          Effect.as(Effect.logWarning(redactSecrets(`following ${at.repository}: ${error.message}`)), repository))
      )
      const defaultBranch = (yield* repositories.listBranches(repository.id)).find((b) => b.isDefault)
      if (defaultBranch !== undefined) yield* requests.branch(current, defaultBranch)
      return AddedStateResponse.make({ data: "Following" })
    })

  /** unfollowRepository: its analysis paused (see AnalysisWorker), its data kept, still listed. */
  const unfollow = (caller: Option.Option<Principal>, at: RepositoryCoordinates) =>
    Effect.flatMap(access.repository(caller, at, "write"), ({ repository }) => repositories.setFollowing(repository.id, false))

  /**
   * deleteRepository: everything stored about it, then its mirror. The mirror is forgotten before
   * and after: an analysis running meanwhile may fetch into it again, and a failure to remove it
   * first leaves the repository whole, to be deleted again.
   */
  const remove = (caller: Option.Option<Principal>, at: RepositoryCoordinates) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "admin")
      const forgetMirror = git.forget(repository.gitUrl).pipe(
        Effect.mapError((error) => new ServiceUnavailable({ reason: "the repository's git mirror could not be removed", cause: error }))
      )
      yield* forgetMirror
      yield* repositories.deleteRepository(repository.id)
      yield* forgetMirror.pipe(Effect.catchAll((error) => Effect.logWarning(redactSecrets(`deleted ${at.repository}: ${error.reason}`))))
    })

  return withSpans("Repositories", { add, refresh, setGoals, follow, unfollow, remove })
})

/** Adding (our extension), following, unfollowing and deleting repositories; refreshing them; their goals (our extension). */
export class Repositories extends Effect.Service<Repositories>()("@tidemark/core/Repositories", {
  effect: make,
  dependencies: [Access.Default, AnalysisRequests.Default]
}) {}

