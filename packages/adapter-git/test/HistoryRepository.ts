/**
 * Real repositories of the GitReader contract's histories: each commit written with git's plumbing
 * (its whole tree through an index of its own, then `commit-tree` with its parents), so that merges
 * and branches of any shape come out exactly as described.
 */
import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import { authorOf, type GitHistory, type HistoryCommit, type MadeRepository } from "@tidemark/port-contracts"
import { Effect } from "effect"
import { git } from "./GitFixture.js"

const writeCommit = (repository: string, index: string, shas: Map<string, string>, commit: HistoryCommit) =>
  Effect.gen(function*() {
    const withIndex = { GIT_INDEX_FILE: index }
    yield* git(repository, ["read-tree", "--empty"], withIndex)
    for (const [path, content] of Object.entries(commit.files)) {
      const blob = yield* git(repository, ["hash-object", "-w", "--stdin"], {}, content)
      yield* git(repository, ["update-index", "--add", "--cacheinfo", `100644,${blob},${path}`], withIndex)
    }
    const tree = yield* git(repository, ["write-tree"], withIndex)
    const parents = commit.parents.flatMap((label) => ["-p", shas.get(label) ?? label])
    const author = authorOf(commit)
    const sha = yield* git(repository, ["commit-tree", tree, ...parents, "-m", commit.message], {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_AUTHOR_DATE: "2020-01-01T00:00:00Z",
      GIT_COMMITTER_DATE: commit.committedAt
    })
    yield* git(repository, ["update-ref", `refs/heads/${commit.branch}`, sha])
    shas.set(commit.label, sha)
  })

/** A bare repository holding `history` in a fresh directory under `parent`; its path is its URL. */
export const make = (parent: string, history: GitHistory) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const repository = yield* fs.makeTempDirectory({ directory: parent, prefix: "history-" })
    const index = path.join(repository, "contract-index")
    yield* git(repository, ["init", "--quiet", "--bare", "-b", history.defaultBranch])
    const shas = new Map<string, string>()
    const append = (commits: ReadonlyArray<HistoryCommit>) =>
      Effect.forEach(commits, (commit) => writeCommit(repository, index, shas, commit), { discard: true })
    yield* append(history.commits)
    return {
      url: repository,
      sha: (label) => shas.get(label) ?? `no commit ${label}`,
      append
    } satisfies MadeRepository
  }).pipe(Effect.orDie)
