import { GitBranch, GitCommit, GitSnapshot } from "@tidemark/core"
import { Array as Arr, Effect, Layer, Option } from "effect"
import { createHash } from "node:crypto"
import { FakeGitRemotes, layerWith } from "../../core/test/fixtures/FakeGitReader.js"
import { type GitHistory, GitRepositories, gitReaderContract, historyAuthor, type HistoryCommit } from "../src/index.js"

// The core's fake reader, held to the contract GitCli meets: what the core's tests serve it must be
// what git would tell of such a history.

const shaOf = (label: string) => createHash("sha1").update(label).digest("hex")

/** The snapshot git would give of `history`: none for a history without commits. */
const snapshotOf = (history: GitHistory): Option.Option<GitSnapshot> => {
  const heads = new Map(history.commits.map((c): [string, HistoryCommit] => [c.branch, c]))
  const branches = [...heads].map(([name, c]) =>
    new GitBranch({
      name,
      head: new GitCommit({
        sha: shaOf(c.label),
        authorName: historyAuthor.name,
        authorEmail: historyAuthor.email,
        commitTimestamp: c.committedAt,
        message: c.message,
        parents: c.parents.map(shaOf)
      })
    })
  )
  return Arr.isNonEmptyArray(branches)
    ? Option.some(new GitSnapshot({
      defaultBranch: history.defaultBranch,
      branches,
      files: Object.keys(heads.get(history.defaultBranch)?.files ?? {})
    }))
    : Option.none()
}

const repositories = Layer.effect(
  GitRepositories,
  Effect.map(FakeGitRemotes, (remotes) => {
    const serve = (url: string, history: GitHistory) =>
      Option.match(snapshotOf(history), { onNone: () => Effect.void, onSome: (snapshot) => remotes.serve(url, snapshot) })
    return GitRepositories.of({
      make: (history) =>
        Effect.gen(function*() {
          const url = `https://git.example.org/${crypto.randomUUID()}.git`
          let current = history
          yield* serve(url, current)
          return {
            url,
            sha: shaOf,
            append: (commits) =>
              Effect.suspend(() => {
                current = { ...current, commits: [...current.commits, ...commits] }
                return serve(url, current)
              })
          }
        }),
      missing: Effect.sync(() => `https://git.example.org/${crypto.randomUUID()}.git`)
    })
  })
)

gitReaderContract("fake", repositories.pipe(Layer.provideMerge(layerWith(Option.none()))))
