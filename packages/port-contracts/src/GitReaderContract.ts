import { describe, expect, layer } from "@effect/vitest"
import { GitReader } from "@tidemark/core"
import { Effect, type Layer } from "effect"
import { authorOf, type GitHistory, GitRepositories, historyCommit, type MadeRepository, secondAuthor } from "./GitHistory.js"

const rootFiles = { "README.md": "# Sample\n", "src/app/main.ts": "export const main = 1\n", "src/données.ts": "export const données = 4\n" }
const featureFiles = { ...rootFiles, "src/feature.ts": "export const feature = 3\n" }
const updatedFiles = { ...rootFiles, "README.md": "# Sample\n\nUpdated.\n" }
const mergedFiles = { ...featureFiles, ...updatedFiles, "docs/guide/intro notes.md": "Intro\n" }

/**
 * `main` merges `feature` (whose head, by another author, has a multi-line message) into a commit of
 * its own; `release/1.0` grows from the root. Committer offsets differ from commit to commit, UTC included.
 */
const sampleHistory: GitHistory = {
  defaultBranch: "main",
  commits: [
    historyCommit("root", "main", [], "2024-03-01T12:00:00+02:00", "Initial commit", rootFiles),
    historyCommit("feature", "feature", ["root"], "2024-03-02T09:30:00-05:00", "Add feature\n\nIt explains:\n- why\n- how", featureFiles, secondAuthor),
    historyCommit("readme", "main", ["root"], "2024-03-03T08:00:00+00:00", "Update readme", updatedFiles),
    historyCommit("merge", "main", ["readme", "feature"], "2024-03-04T10:15:00+01:00", "Merge branch 'feature'", mergedFiles),
    historyCommit("release", "release/1.0", ["root"], "2024-03-05T07:00:00+00:00", "Release 1.0", { ...rootFiles, VERSION: "1.0\n" })
  ]
}

/** The commit `label` of `history` as the reader must report it. */
const expectedCommit = (made: MadeRepository, history: GitHistory, label: string): GitReader.GitCommit => {
  const found = history.commits.find((c) => c.label === label)
  if (found === undefined) throw new Error(`no commit ${label} in the history`)
  return new GitReader.GitCommit({
    sha: made.sha(label),
    authorName: authorOf(found).name,
    authorEmail: authorOf(found).email,
    commitTimestamp: found.committedAt,
    message: found.message,
    parents: found.parents.map(made.sha)
  })
}

/** Each branch of `history` with its last commit, by name. */
const expectedBranches = (made: MadeRepository, history: GitHistory): Array<GitReader.GitBranch> => {
  const heads = new Map(history.commits.map((c) => [c.branch, c.label]))
  return [...heads].sort(([a], [b]) => a.localeCompare(b)).map(([name, label]) =>
    new GitReader.GitBranch({ name, head: expectedCommit(made, history, label) })
  )
}

const byName = (branches: ReadonlyArray<GitReader.GitBranch>) => [...branches].sort((a, b) => a.name.localeCompare(b.name))

const sorted = (paths: ReadonlyArray<string>) => [...paths].sort()

/**
 * What the core relies on when it reads a repository: its branches with their head commits as git
 * records them, the default branch HEAD names, that branch's files, commits pushed since an earlier
 * read, and a failure naming the URL when there is nothing to read. The order of branches and
 * files is left to the adapter (the core keeps them as sets).
 */
export const gitReaderContract = (name: string, readerLayer: Layer.Layer<GitReader.GitReader | GitRepositories, unknown>) =>
  layer(readerLayer, { timeout: "120 seconds", excludeTestServices: true })(`GitReader contract (${name})`, (it) => {
    describe("read", () => {
      it.scoped("tells every branch with its head commit as git records it, and the branch HEAD names", () =>
        Effect.gen(function*() {
          const made = yield* Effect.flatMap(GitRepositories, (repositories) => repositories.make(sampleHistory))
          const snapshot = yield* Effect.flatMap(GitReader.GitReader, (reader) => reader.read(made.url))
          expect(snapshot.defaultBranch).toBe("main")
          expect(byName(snapshot.branches)).toStrictEqual(expectedBranches(made, sampleHistory))
        }))

      it.scoped("lists the files of the default branch's head: every path once, nested with /, no other branch's", () =>
        Effect.gen(function*() {
          const made = yield* Effect.flatMap(GitRepositories, (repositories) => repositories.make(sampleHistory))
          const snapshot = yield* Effect.flatMap(GitReader.GitReader, (reader) => reader.read(made.url))
          expect(sorted(snapshot.files)).toEqual(sorted(Object.keys(mergedFiles)))
        }))

      it.scoped("the default branch is the one HEAD names, whatever its place among the others", () =>
        Effect.gen(function*() {
          const history: GitHistory = {
            defaultBranch: "trunk",
            commits: [
              historyCommit("first", "trunk", [], "2024-04-01T08:00:00+00:00", "Initial import", { "setup.py": "" }),
              historyCommit("other", "alpha", ["first"], "2024-04-02T08:00:00+00:00", "Try", { "setup.py": "", "alpha.py": "" })
            ]
          }
          const made = yield* Effect.flatMap(GitRepositories, (repositories) => repositories.make(history))
          const snapshot = yield* Effect.flatMap(GitReader.GitReader, (reader) => reader.read(made.url))
          expect(snapshot.defaultBranch).toBe("trunk")
          expect(snapshot.files).toEqual(["setup.py"])
          expect(byName(snapshot.branches)).toStrictEqual(expectedBranches(made, history))
        }))

      it.scoped("a read sees the commits and branches pushed since an earlier one", () =>
        Effect.gen(function*() {
          const reader = yield* GitReader.GitReader
          const made = yield* Effect.flatMap(GitRepositories, (repositories) => repositories.make(sampleHistory))
          yield* reader.read(made.url)
          const later = [
            historyCommit("next", "main", ["merge"], "2024-03-06T09:00:00+00:00", "Remove the guide", featureFiles),
            historyCommit("hotfix", "hotfix", ["release"], "2024-03-06T10:00:00+00:00", "Fix", rootFiles)
          ]
          yield* made.append(later)

          const snapshot = yield* reader.read(made.url)
          const history = { ...sampleHistory, commits: [...sampleHistory.commits, ...later] }
          expect(byName(snapshot.branches)).toStrictEqual(expectedBranches(made, history))
          expect(sorted(snapshot.files)).toEqual(sorted(Object.keys(featureFiles)))
        }))

      it.scoped("after forget, a read reads the repository afresh as it stands; forgetting what was never read is no failure", () =>
        Effect.gen(function*() {
          const reader = yield* GitReader.GitReader
          const repositories = yield* GitRepositories
          const made = yield* repositories.make(sampleHistory)
          yield* reader.read(made.url)
          yield* reader.forget(made.url)
          yield* reader.forget(yield* repositories.missing)
          const snapshot = yield* reader.read(made.url)
          expect(byName(snapshot.branches)).toStrictEqual(expectedBranches(made, sampleHistory))
        }))

      it.scoped("fails with a GitReadError naming the URL where no repository is, or one without commits", () =>
        Effect.gen(function*() {
          const reader = yield* GitReader.GitReader
          const missing = yield* Effect.flatMap(GitRepositories, (repositories) => repositories.missing)
          const empty = yield* Effect.flatMap(GitRepositories, (repositories) => repositories.make({ defaultBranch: "main", commits: [] }))
          for (const url of [missing, empty.url]) {
            const error = yield* Effect.flip(reader.read(url))
            expect([error._tag, error.url]).toEqual(["GitReadError", url])
          }
        }))
    })
  })
