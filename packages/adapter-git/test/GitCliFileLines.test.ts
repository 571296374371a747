/** GitCli's FileLines: the lines of files at a commit, each with the author of its last change (`git blame`). */
import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, it } from "@effect/vitest"
import { FileSource } from "@tidemark/core"
import { Effect, Either } from "effect"
import { GitCli } from "../src/index.js"
import { git, gitDaemon, initRepository, writeFiles } from "./GitFixture.js"

const scratch = Effect.flatMap(FileSystem.FileSystem, (fs) => fs.makeTempDirectoryScoped({ prefix: "tidemark-blame-" }))

// The loopback git daemon stands for a public host.
const portsIn = (directory: string) =>
  Effect.flatMap(Path.Path, (path) =>
    GitCli.makePorts({ cacheDirectory: path.join(directory, "cache"), blameConcurrency: 2, allowPrivateNetwork: true }))

const ada = "ada@example.org"
const bob = "bob@example.org"

/** Commits the work tree as `email`. */
const commitAs = (repository: string, email: string, message: string) =>
  Effect.gen(function*() {
    yield* git(repository, ["add", "--all"])
    yield* git(repository, ["commit", "--quiet", "-m", message], { GIT_AUTHOR_EMAIL: email })
    return yield* git(repository, ["rev-parse", "HEAD"])
  })

/** Ada writes `app.js`; Bob then changes its second line and adds a fourth. */
const twoAuthors = (directory: string) =>
  Effect.gen(function*() {
    const repository = yield* initRepository(directory, "two-authors")
    yield* writeFiles(repository, { "app.js": "const a = 1\nconst b = 2\nconst c = 3\n" })
    const first = yield* commitAs(repository, ada, "Ada's app")
    yield* writeFiles(repository, { "app.js": "const a = 1\nconst b = 20\nconst c = 3\nconst d = 4\n" })
    const second = yield* commitAs(repository, bob, "Bob's change")
    return { repository, first, second }
  })

const line = (number: number, text: string, authorEmail?: string) =>
  FileSource.FileLine.make(authorEmail === undefined ? { number, text } : { number, text, authorEmail })

const rightOf = (outcome: Either.Either<FileSource.FileSource, FileSource.FileLinesError> | undefined) => {
  if (outcome === undefined || Either.isLeft(outcome)) throw new Error(`expected lines, got ${JSON.stringify(outcome)}`)
  return outcome.right
}

describe("GitCli FileLines", () => {
  it.scoped("gives each line the email of the commit that last changed it, at each commit", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const { first, repository, second } = yield* twoAuthors(directory)
      const { lines } = yield* portsIn(directory)

      const [now] = yield* lines.read(repository, second, ["app.js"])
      expect(rightOf(now)).toStrictEqual(FileSource.FileSource.make({
        commitSha: second,
        path: "app.js",
        lines: [line(1, "const a = 1", ada), line(2, "const b = 20", bob), line(3, "const c = 3", ada), line(4, "const d = 4", bob)]
      }))
      const [before] = yield* lines.read(repository, first, ["app.js"])
      expect(rightOf(before).lines).toStrictEqual([line(1, "const a = 1", ada), line(2, "const b = 2", ada), line(3, "const c = 3", ada)])
      // A file of a commit never changes: asked again, it is answered from memory, each commit's own.
      const [again] = yield* lines.read(repository, second, ["app.js"])
      expect(rightOf(again)).toBe(rightOf(now))
      expect(rightOf((yield* lines.read(repository, first, ["app.js"]))[0])).toBe(rightOf(before))
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("with `only`, blames the lines asked for; a line past the end gets the whole file instead", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const { repository, second } = yield* twoAuthors(directory)
      const { lines } = yield* portsIn(directory)
      const all = [line(1, "const a = 1", ada), line(2, "const b = 20", bob), line(3, "const c = 3", ada), line(4, "const d = 4", bob)]
      const [some, past] = yield* lines.read(repository, second, ["app.js", "app.js"], new Map([["app.js", [4, 2, 3, 2]]]))
      expect(rightOf(some).lines).toStrictEqual([all[1], all[2], all[3]])
      expect(rightOf(past).lines).toStrictEqual([all[1], all[2], all[3]])
      const [beyond] = yield* lines.read(repository, second, ["app.js"], new Map([["app.js", [2, 9]]]))
      expect(rightOf(beyond).lines).toStrictEqual(all)
    }).pipe(Effect.provide(NodeContext.layer)))

  it("turns line numbers into blame's ranges: runs of consecutive lines as one, repeats and non-lines dropped", () => {
    expect(GitCli.lineRanges(undefined)).toEqual([])
    expect(GitCli.lineRanges([7, 2, 3, 4, 0, 9, 3, 10, 1.5])).toEqual(["-L", "2,4", "-L", "7,7", "-L", "9,10"])
  })

  it.scoped("answers every path in the order asked; a path not in the commit fails alone", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const repository = yield* initRepository(directory, "paths")
      yield* writeFiles(repository, {
        "docs/intro notes.md": "Intro\n",
        "src/données.ts": "export const données = 4\n",
        // A name git would read as an option if it were not behind `--`.
        "-n.js": "dash\n",
        "crlf.txt": "one\r\ntwo\r\n",
        "tabs.txt": "\tindented\t\nlast line without a break",
        "empty.txt": ""
      })
      const sha = yield* commitAs(repository, ada, "Files")
      const { lines } = yield* portsIn(directory)

      const paths = ["src/données.ts", "missing.js", "-n.js", "docs/intro notes.md", "crlf.txt", "tabs.txt", "empty.txt"]
      const read = yield* lines.read(repository, sha, paths)

      expect(read.map((outcome) => Either.isRight(outcome) ? outcome.right.path : outcome.left.path)).toEqual(paths)
      const [donnees, missing, dash, intro, crlf, tabs, empty] = read
      expect(rightOf(donnees).lines).toStrictEqual([line(1, "export const données = 4", ada)])
      const failure = missing !== undefined && Either.isLeft(missing) ? missing.left : undefined
      expect([failure?._tag, failure?.commitSha, failure?.path]).toEqual(["FileLinesError", sha, "missing.js"])
      expect(failure?.reason).toMatch(/^git blame failed: exit code 128: fatal: no such path '?missing.js'? in /)
      expect(rightOf(dash).lines).toStrictEqual([line(1, "dash", ada)])
      expect(rightOf(intro).lines).toStrictEqual([line(1, "Intro", ada)])
      expect(rightOf(crlf).lines.map((l) => l.text)).toEqual(["one", "two"])
      expect(rightOf(tabs).lines.map((l) => l.text)).toEqual(["\tindented\t", "last line without a break"])
      expect(rightOf(empty).lines).toEqual([])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("maps emails with the commit's own .mailmap, whatever the default branch holds", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const repository = yield* initRepository(directory, "mailmap")
      yield* writeFiles(repository, { "a.txt": "a\n", ".mailmap": `Ada <ada@example.org> <${bob}>\n` })
      const mapped = yield* commitAs(repository, bob, "Bob under his old address")
      yield* git(repository, ["rm", "--quiet", ".mailmap"])
      yield* commitAs(repository, ada, "No more mailmap")
      const { lines } = yield* portsIn(directory)

      const [file] = yield* lines.read(repository, mapped, ["a.txt"])
      expect(rightOf(file).lines).toStrictEqual([line(1, "a", ada)])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("fetches a commit the mirror does not hold yet", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const { repository } = yield* twoAuthors(directory)
      const { lines, reader } = yield* portsIn(directory)
      yield* reader.read(repository)
      yield* writeFiles(repository, { "later.js": "later\n" })
      const later = yield* commitAs(repository, bob, "Later")

      const [file] = yield* lines.read(repository, later, ["later.js"])
      expect(rightOf(file).lines).toStrictEqual([line(1, "later", bob)])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("fails as a whole with GitReadError for a commit it cannot have, or what is not a commit id", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const { repository } = yield* twoAuthors(directory)
      const { lines } = yield* portsIn(directory)

      const absent = yield* Effect.flip(lines.read(repository, "0".repeat(40), ["app.js"]))
      expect([absent._tag, absent.url, absent.reason]).toEqual(["GitReadError", repository, `the repository has no commit ${"0".repeat(40)}`])
      const option = yield* Effect.flip(lines.read(repository, "--output=/tmp/x", ["app.js"]))
      expect([option._tag, option.reason]).toEqual(["GitReadError", "not a full commit id: --output=/tmp/x"])
    }).pipe(Effect.provide(NodeContext.layer)))

  // Live clock: the daemon starts in real time.
  it.scopedLive("fetches the history a remote's blob-less mirror lacks in one request, not one per version", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const repository = yield* initRepository(directory, "history")
      // Twelve versions of one file, each changing its own line, by Ada and Bob in turn.
      const authors = Array.from({ length: 12 }, (_, i) => i % 2 === 0 ? ada : bob)
      const text = (version: number) => authors.map((_, i) => i <= version ? `line ${i} v${i}` : `line ${i}`).join("\n") + "\n"
      let head = ""
      for (const [version, email] of authors.entries()) {
        yield* writeFiles(repository, { "history.js": text(version) })
        head = yield* commitAs(repository, email, `version ${version}`)
      }
      const daemon = yield* gitDaemon(directory)
      const { lines, reader } = yield* portsIn(directory)
      yield* reader.read(daemon.url("history"))
      const before = daemon.fetches()

      const [file] = yield* lines.read(daemon.url("history"), head, ["history.js"])

      expect(rightOf(file).lines).toStrictEqual(authors.map((email, i) => line(i + 1, `line ${i} v${i}`, email)))
      expect(daemon.fetches() - before).toBe(1)
    }).pipe(Effect.provide(NodeContext.layer)))
})
