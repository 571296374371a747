import { describe, expect, layer } from "@effect/vitest"
import { FileLines, FileSource } from "@tidemark/core"
import { Effect, Either, type Layer } from "effect"
import { type GitHistory, GitRepositories, historyAuthor, historyCommit, secondAuthor } from "./GitHistory.js"

/**
 * `later`, by another author, changes a line of `src/app.ts` in place and adds one at its end; the
 * other files keep their lines: CRLF endings, no final newline, none at all.
 */
const history: GitHistory = {
  defaultBranch: "main",
  commits: [
    historyCommit("first", "main", [], "2024-05-01T10:00:00+00:00", "First", {
      "src/app.ts": "a\nb\nc\n",
      "windows.txt": "one\r\ntwo\r\n",
      "no-newline.txt": "last",
      "empty.txt": ""
    }),
    historyCommit("later", "main", ["first"], "2024-05-02T10:00:00+00:00", "Later", {
      "src/app.ts": "a\nB\nc\nd\n",
      "windows.txt": "one\r\ntwo\r\n",
      "no-newline.txt": "last",
      "empty.txt": "",
      "bom.txt": "\uFEFFmarked\n"
    }, secondAuthor)
  ]
}

const line = (number: number, text: string, authorEmail: string) => FileSource.FileLine.make({ number, text, authorEmail })

const ada = historyAuthor.email

/** A commit no repository has: a full commit id, so that only its absence is wrong. */
const absentSha = "0123456789abcdef0123456789abcdef01234567"

const made = Effect.flatMap(GitRepositories, (repositories) => repositories.make(history))

/**
 * What the core relies on when it reads a file's lines with their authors: each path asked for, in
 * order, numbered from 1 without line breaks, each line with the author of the commit that last
 * changed it; a path the commit lacks fails alone; a commit or repository that cannot be had fails
 * the whole read. And when it reads files' texts to patch them: byte for byte what the commit holds.
 */
export const fileLinesContract = (name: string, linesLayer: Layer.Layer<FileLines.FileLines | GitRepositories, unknown>) =>
  layer(linesLayer, { timeout: "120 seconds", excludeTestServices: true })(`FileLines contract (${name})`, (it) => {
    describe("read", () => {
      it.scoped("each path in the order asked, its lines numbered from 1, each with the author who last changed it", () =>
        Effect.gen(function*() {
          const repository = yield* made
          const lines = yield* FileLines.FileLines
          const paths = ["windows.txt", "src/app.ts", "no-newline.txt", "empty.txt"]
          const later = repository.sha("later")
          const read = yield* lines.read(repository.url, later, paths)
          expect(read).toStrictEqual([
            Either.right(FileSource.FileSource.make({ commitSha: later, path: "windows.txt", lines: [line(1, "one", ada), line(2, "two", ada)] })),
            Either.right(FileSource.FileSource.make({
              commitSha: later,
              path: "src/app.ts",
              lines: [line(1, "a", ada), line(2, "B", secondAuthor.email), line(3, "c", ada), line(4, "d", secondAuthor.email)]
            })),
            Either.right(FileSource.FileSource.make({ commitSha: later, path: "no-newline.txt", lines: [line(1, "last", ada)] })),
            Either.right(FileSource.FileSource.make({ commitSha: later, path: "empty.txt", lines: [] }))
          ])
          const first = repository.sha("first")
          expect(yield* lines.read(repository.url, first, ["src/app.ts"])).toStrictEqual([
            Either.right(FileSource.FileSource.make({ commitSha: first, path: "src/app.ts", lines: [line(1, "a", ada), line(2, "b", ada), line(3, "c", ada)] }))
          ])
        }))

      it.scoped("a path the commit lacks fails alone, with a FileLinesError naming it", () =>
        Effect.gen(function*() {
          const repository = yield* made
          const first = repository.sha("first")
          const read = yield* Effect.flatMap(FileLines.FileLines, (lines) => lines.read(repository.url, first, ["missing.txt", "src/app.ts"]))
          expect(read.map(Either.match({
            onLeft: (error) => [error._tag, error.url, error.commitSha, error.path],
            onRight: (source) => ["FileSource", source.path]
          }))).toEqual([["FileLinesError", repository.url, first, "missing.txt"], ["FileSource", "src/app.ts"]])
        }))

      it.scoped("with `only`, the lines it names are among those answered", () =>
        Effect.gen(function*() {
          const repository = yield* made
          const later = repository.sha("later")
          const read = yield* Effect.flatMap(FileLines.FileLines, (lines) =>
            lines.read(repository.url, later, ["src/app.ts"], new Map([["src/app.ts", [2]]])))
          const answered = read.flatMap((result) => (Either.isRight(result) ? result.right.lines : []))
          expect(answered.find((l) => l.number === 2)).toStrictEqual(line(2, "B", secondAuthor.email))
        }))

      it.scoped("a commit the repository lacks, or a URL where no repository is, fails the whole read with a GitReadError", () =>
        Effect.gen(function*() {
          const repository = yield* made
          const missing = yield* Effect.flatMap(GitRepositories, (repositories) => repositories.missing)
          const lines = yield* FileLines.FileLines
          for (const [url, sha] of [[repository.url, absentSha], [missing, repository.sha("first")]] as const) {
            const error = yield* Effect.flip(lines.read(url, sha, ["src/app.ts"]))
            expect([error._tag, error.url]).toEqual(["GitReadError", url])
          }
        }))
    })

    describe("texts", () => {
      it.scoped("each path in the order asked, its very text: CRLF ends, no final newline, empty, a byte order mark", () =>
        Effect.gen(function*() {
          const repository = yield* made
          const lines = yield* FileLines.FileLines
          const read = yield* lines.texts(repository.url, repository.sha("later"), ["windows.txt", "src/app.ts", "no-newline.txt", "empty.txt"])
          expect(read).toStrictEqual([Either.right("one\r\ntwo\r\n"), Either.right("a\nB\nc\nd\n"), Either.right("last"), Either.right("")])
          expect(yield* lines.texts(repository.url, repository.sha("first"), ["src/app.ts"])).toStrictEqual([Either.right("a\nb\nc\n")])
          expect(yield* lines.texts(repository.url, repository.sha("later"), ["bom.txt"])).toStrictEqual([Either.right("\uFEFFmarked\n")])
        }))

      it.scoped("a path the commit lacks fails alone; a commit or repository that cannot be had fails the whole read", () =>
        Effect.gen(function*() {
          const repository = yield* made
          const lines = yield* FileLines.FileLines
          const first = repository.sha("first")
          const read = yield* lines.texts(repository.url, first, ["missing.txt", "src/app.ts"])
          expect(read.map(Either.match({
            onLeft: (error) => [error._tag, error.url, error.commitSha, error.path],
            onRight: (text) => ["text", text]
          }))).toEqual([["FileLinesError", repository.url, first, "missing.txt"], ["text", "a\nb\nc\n"]])
          const missing = yield* Effect.flatMap(GitRepositories, (repositories) => repositories.missing)
          for (const [url, sha] of [[repository.url, absentSha], [missing, first]] as const) {
            const error = yield* Effect.flip(lines.texts(url, sha, ["src/app.ts"]))
            expect([error._tag, error.url]).toEqual(["GitReadError", url])
          }
        }))
    })
  })
