import { FileSource, GitReader } from "@tidemark/core"
import { Array as Arr, Effect, Layer, Option } from "effect"
import { createHash } from "node:crypto"
import * as FakeFileLines from "../../core/test/fixtures/FakeFileLines.js"
import * as FakeGitReader from "../../core/test/fixtures/FakeGitReader.js"
import {
  authorOf,
  fileLinesContract,
  type GitHistory,
  GitRepositories,
  gitReaderContract,
  type HistoryCommit
} from "../src/index.js"

// The core tests' fakes, held to the contracts GitCli meets: what a fixture serves them of a history
// is what git tells of it. Made strict (a URL or commit never served is absent, as in git), which
// their default layers are not: those answer `fixedSnapshot` and files missing instead.

const shaOf = (label: string) => createHash("sha1").update(label).digest("hex")

const commitOf = (c: HistoryCommit) =>
  new GitReader.GitCommit({
    sha: shaOf(c.label),
    authorName: authorOf(c).name,
    authorEmail: authorOf(c).email,
    commitTimestamp: c.committedAt,
    message: c.message,
    parents: c.parents.map(shaOf)
  })

/** The snapshot git would give of `history`: none for a history without commits. */
const snapshotOf = (history: GitHistory): Option.Option<GitReader.GitSnapshot> => {
  const heads = new Map(history.commits.map((c): [string, HistoryCommit] => [c.branch, c]))
  const branches = [...heads].map(([name, c]) => new GitReader.GitBranch({ name, head: commitOf(c) }))
  return Arr.isNonEmptyArray(branches)
    ? Option.some(new GitReader.GitSnapshot({
      defaultBranch: history.defaultBranch,
      branches,
      files: Object.keys(heads.get(history.defaultBranch)?.files ?? {})
    }))
    : Option.none()
}

/** Lines as git splits them: on `\n`, a `\r` before it dropped, no empty line after a final newline. */
const linesOf = (content: string) => {
  const lines = content.split("\n").map((text) => text.replace(/\r$/, ""))
  return content.endsWith("\n") || content === "" ? lines.slice(0, -1) : lines
}

/**
 * What `git blame` says of `path` at `c`, for histories whose changes keep every line in its place
 * (lines changed in place or added at the end, as the contracts' are): a line goes back along the
 * first parents as long as it reads the same at the same number.
 */
const blameOf = (byLabel: ReadonlyMap<string, HistoryCommit>, c: HistoryCommit, path: string) =>
  linesOf(c.files[path] ?? "").map((text, index) => {
    let changedBy = c
    for (let parent = byLabel.get(c.parents[0] ?? ""); parent !== undefined; parent = byLabel.get(parent.parents[0] ?? "")) {
      const before = parent.files[path]
      if (before === undefined || linesOf(before)[index] !== text) break
      changedBy = parent
    }
    return FileSource.FileLine.make({ number: index + 1, text, authorEmail: authorOf(changedBy).email })
  })

const newUrl = Effect.sync(() => `https://git.example.org/${crypto.randomUUID()}.git`)

const repositories = Layer.effect(
  GitRepositories,
  Effect.gen(function*() {
    const remotes = yield* FakeGitReader.FakeGitRemotes
    const blame = yield* FakeFileLines.FakeBlame
    const serve = (url: string, history: GitHistory) =>
      Effect.gen(function*() {
        yield* Option.match(snapshotOf(history), { onNone: () => Effect.void, onSome: (snapshot) => remotes.serve(url, snapshot) })
        const byLabel = new Map(history.commits.map((c) => [c.label, c]))
        for (const c of history.commits) {
          for (const [path, text] of Object.entries(c.files)) {
            yield* blame.serve(shaOf(c.label), path, blameOf(byLabel, c, path))
            yield* blame.serveText(shaOf(c.label), path, text)
          }
        }
      })
    return GitRepositories.of({
      make: (history) =>
        Effect.gen(function*() {
          const url = yield* newUrl
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
      // The fake blame holds lines by commit alone: a URL is absent only when refused.
      missing: Effect.tap(newUrl, (url) => blame.refuse(url, "no repository there"))
    })
  })
)

const fakes = repositories.pipe(
  Layer.provideMerge(Layer.merge(FakeGitReader.layerWith(Option.none()), FakeFileLines.layerWith({ commitsServedOnly: true })))
)

gitReaderContract("fake", fakes)

fileLinesContract("fake", fakes)
