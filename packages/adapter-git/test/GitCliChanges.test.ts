import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, it } from "@effect/vitest"
import { GitChanges, LineMapping } from "@tidemark/core"
import { Either, Effect, Option } from "effect"
import { GitCli } from "../src/index.js"
import { commit, commitOf, git, gitDaemon, initRepository, writeFiles } from "./GitFixture.js"

const scratch = Effect.flatMap(FileSystem.FileSystem, (fs) => fs.makeTempDirectoryScoped({ prefix: "tidemark-git-changes-" }))

// The loopback git daemon stands for a public host.
const changesIn = (directory: string) =>
  Effect.flatMap(Path.Path, (path) =>
    Effect.map(
      GitCli.makePorts({ cacheDirectory: path.join(directory, "cache"), allowPrivateNetwork: true }),
      (ports) => ports.changes
    ))

const numbered = (from: number, to: number, rename: (line: number) => string = String) =>
  Array.from({ length: to - from + 1 }, (_, index) => `${rename(from + index)}\n`).join("")

const writeBytes = (repository: string, name: string, bytes: ReadonlyArray<number>) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    yield* fs.writeFile(path.join(repository, name), Uint8Array.from(bytes))
  })

const quoted = "añ \"q\".txt"

/**
 * `base` on main; `feature` branches from it and changes every kind of file; main moves on past the
 * branch point (so the merge base is `base`, not main's head); `orphan` shares no history.
 */
const branchedRepository = (parent: string) =>
  Effect.gen(function*() {
    const repository = yield* initRepository(parent, "branched")
    yield* writeFiles(repository, {
      "keep.txt": "a\nb\nc\nd\ne\nf\ng\nh\n",
      "old.txt": numbered(1, 10),
      "gone.txt": "x\ny\n",
      "my file.txt": "hi\n"
    })
    yield* writeBytes(repository, "image.bin", [0, 1, 2, 3, 255])
    const base = yield* commit(repository, "Base", "2024-05-01T10:00:00Z")

    yield* git(repository, ["switch", "--quiet", "-c", "feature"])
    yield* git(repository, ["mv", "old.txt", "new.txt"])
    yield* git(repository, ["rm", "--quiet", "gone.txt"])
    yield* writeFiles(repository, {
      "keep.txt": "a\nB\nc\nd\ne\nf\nG\nh\ni\n",
      "new.txt": numbered(1, 10, (line) => (line === 10 ? "ten" : String(line))),
      "my file.txt": "hi\nthere\n",
      [quoted]: "one\ntwo\n"
    })
    yield* writeBytes(repository, "image.bin", [0, 1, 9, 3, 255])
    const first = yield* commit(repository, "Change everything\n\nEvery kind of change.", "2024-05-02T10:00:00+02:00")
    yield* writeFiles(repository, { "keep.txt": "a\nB\nc\nd\ne\nf\nG\nh\ni\nj\n" })
    const second = yield* commit(repository, "Add j", "2024-05-03T10:00:00Z")

    yield* git(repository, ["switch", "--quiet", "main"])
    yield* writeFiles(repository, { "main.txt": "main\n" })
    const mainHead = yield* commit(repository, "Main moves on", "2024-05-04T10:00:00Z")

    yield* git(repository, ["switch", "--quiet", "--orphan", "orphan"])
    yield* writeFiles(repository, { "other.txt": "other\n" })
    const orphan = yield* commit(repository, "Unrelated", "2024-05-05T10:00:00Z")
    return { repository, shas: { base, first, second, mainHead, orphan } }
  })

/** What the feature branch changes, in git's order (by path). */
const featureChanges = [
  new GitChanges.ChangedFile({ path: quoted, kind: "added", addedLines: [1, 2], removedLineCount: 0 }),
  new GitChanges.ChangedFile({ path: "gone.txt", kind: "deleted", addedLines: [], removedLineCount: 2 }),
  new GitChanges.ChangedFile({ path: "image.bin", kind: "modified", addedLines: [], removedLineCount: 0 }),
  new GitChanges.ChangedFile({ path: "keep.txt", kind: "modified", addedLines: [2, 7, 9, 10], removedLineCount: 2 }),
  new GitChanges.ChangedFile({ path: "my file.txt", kind: "modified", addedLines: [2], removedLineCount: 0 }),
  new GitChanges.ChangedFile({ path: "new.txt", previousPath: "old.txt", kind: "renamed", addedLines: [10], removedLineCount: 1 })
]

const missingSha = "0123456789abcdef0123456789abcdef01234567"

describe("GitCli GitChanges", () => {
  it.scoped("finds the merge base of a branched history; none for unrelated histories", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const { repository, shas } = yield* branchedRepository(directory)
      const changes = yield* changesIn(directory)

      expect(yield* changes.mergeBase(repository, shas.mainHead, shas.second)).toStrictEqual(Option.some(shas.base))
      expect(yield* changes.mergeBase(repository, shas.second, shas.first)).toStrictEqual(Option.some(shas.first))
      expect(yield* changes.mergeBase(repository, shas.mainHead, shas.orphan)).toStrictEqual(Option.none())
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("fails with GitReadError for a commit the repository does not have, or what is not a commit id", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const { repository, shas } = yield* branchedRepository(directory)
      const changes = yield* changesIn(directory)

      const missing = yield* Effect.flip(changes.mergeBase(repository, shas.base, missingSha))
      expect(missing).toMatchObject({ _tag: "GitReadError", url: repository, reason: `the repository has no commit ${missingSha}` })
      const malformed = yield* Effect.flip(changes.changedFiles(repository, "--output=/tmp/x", shas.first))
      expect(malformed).toMatchObject({ _tag: "GitReadError", reason: "not a full commit id: --output=/tmp/x" })
      expect((yield* Effect.flip(changes.diff(repository, shas.base, missingSha)))._tag).toBe("GitReadError")
      expect((yield* Effect.flip(changes.commitsBetween(repository, missingSha, shas.base)))._tag).toBe("GitReadError")
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("lists the changed files with the lines each adds, renames, deletions and binary files included", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const { repository, shas } = yield* branchedRepository(directory)
      const changes = yield* changesIn(directory)

      expect(yield* changes.changedFiles(repository, shas.base, shas.second)).toStrictEqual(featureChanges)
      expect(yield* changes.changedFiles(repository, shas.first, shas.second)).toStrictEqual([
        new GitChanges.ChangedFile({ path: "keep.txt", kind: "modified", addedLines: [10], removedLineCount: 0 })
      ])
      expect(yield* changes.changedFiles(repository, shas.second, shas.second)).toStrictEqual([])
      // Backwards: the added file is deleted, the deleted one added, the rename undone.
      expect(yield* changes.changedFiles(repository, shas.first, shas.base)).toStrictEqual([
        new GitChanges.ChangedFile({ path: quoted, kind: "deleted", addedLines: [], removedLineCount: 2 }),
        new GitChanges.ChangedFile({ path: "gone.txt", kind: "added", addedLines: [1, 2], removedLineCount: 0 }),
        new GitChanges.ChangedFile({ path: "image.bin", kind: "modified", addedLines: [], removedLineCount: 0 }),
        new GitChanges.ChangedFile({ path: "keep.txt", kind: "modified", addedLines: [2, 7], removedLineCount: 3 }),
        new GitChanges.ChangedFile({ path: "my file.txt", kind: "modified", addedLines: [], removedLineCount: 1 }),
        new GitChanges.ChangedFile({ path: "old.txt", previousPath: "new.txt", kind: "renamed", addedLines: [10], removedLineCount: 1 })
      ])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("reads a type change (a file become a link) as one modified file, and a submodule as no lines", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const repository = yield* initRepository(directory, "types")
      yield* writeFiles(repository, { "target.txt": "t\n", "link.txt": "1\n2\n3\n" })
      const before = yield* commit(repository, "Files", "2024-05-01T10:00:00Z")
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      yield* fs.remove(path.join(repository, "link.txt"))
      yield* fs.symlink("target.txt", path.join(repository, "link.txt"))
      yield* git(repository, ["add", "link.txt"])
      // A submodule's entry: a commit id in the tree (mode 160000), here the repository's own.
      yield* git(repository, ["update-index", "--add", "--cacheinfo", `160000,${before},vendored`])
      yield* git(repository, ["commit", "--quiet", "-m", "Link and submodule"])
      const after = yield* git(repository, ["rev-parse", "HEAD"])
      const changes = yield* changesIn(directory)

      expect(yield* changes.changedFiles(repository, before, after)).toStrictEqual([
        new GitChanges.ChangedFile({ path: "link.txt", kind: "modified", addedLines: [1], removedLineCount: 3 }),
        new GitChanges.ChangedFile({ path: "vendored", kind: "added", addedLines: [], removedLineCount: 0 })
      ])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("gives the unified diff as git prints it", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const { repository, shas } = yield* branchedRepository(directory)
      const changes = yield* changesIn(directory)

      const blob = (revision: string) => git(repository, ["rev-parse", "--short", revision])
      expect(yield* changes.diff(repository, shas.first, shas.second)).toBe(
        [
          "diff --git a/keep.txt b/keep.txt",
          `index ${yield* blob(`${shas.first}:keep.txt`)}..${yield* blob(`${shas.second}:keep.txt`)} 100644`,
          "--- a/keep.txt",
          "+++ b/keep.txt",
          "@@ -7,3 +7,4 @@ f",
          " G",
          " h",
          " i",
          "+j",
          ""
        ].join("\n")
      )
      const whole = yield* changes.diff(repository, shas.base, shas.second)
      expect(whole.match(/^diff --git .*$/gm)).toStrictEqual([
        // Quotes make git quote a name; with core.quotePath=false, other characters print as they are.
        "diff --git \"a/añ \\\"q\\\".txt\" \"b/añ \\\"q\\\".txt\"",
        "diff --git a/gone.txt b/gone.txt",
        "diff --git a/image.bin b/image.bin",
        "diff --git a/keep.txt b/keep.txt",
        "diff --git a/my file.txt b/my file.txt",
        "diff --git a/old.txt b/new.txt"
      ])
      expect(whole).toContain("Binary files a/image.bin and b/image.bin differ\n")
      expect(whole).toContain("rename from old.txt\nrename to new.txt\n")
      expect(yield* changes.diff(repository, shas.second, shas.second)).toBe("")
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("its diff maps the base's lines to the head's as the changed files tell: kept lines keep their text", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const { repository, shas } = yield* branchedRepository(directory)
      const changes = yield* changesIn(directory)
      const mapping = Either.getOrThrow(LineMapping.parse(yield* changes.diff(repository, shas.base, shas.second)))
      const text = (sha: string, path: string | undefined) =>
        path === undefined ? Effect.succeed([]) : Effect.map(git(repository, ["show", `${sha}:${path}`]), (t) => t.split("\n"))

      // A binary file has no lines to map.
      for (const file of featureChanges.filter((f) => f.path !== "image.bin")) {
        const basePath = file.previousPath ?? (file.kind === "added" ? undefined : file.path)
        const base = yield* text(shas.base, basePath)
        const head = yield* text(shas.second, file.kind === "deleted" ? undefined : file.path)
        const images = base.map((_, index) => basePath === undefined ? Option.none() : LineMapping.headLine(mapping, basePath, index + 1))
        images.forEach((image, index) => Option.map(image, (line) => expect(head[line - 1]).toBe(base[index])))
        expect(images.filter(Option.isNone).length).toBe(file.removedLineCount)
        const kept = new Set(images.flatMap((image) => Option.toArray(image)))
        expect(head.map((_, index) => index + 1).filter((line) => !kept.has(line))).toStrictEqual(file.addedLines)
        if (basePath !== undefined) {
          expect(LineMapping.headPath(mapping, basePath)).toStrictEqual(file.kind === "deleted" ? Option.none() : Option.some(file.path))
        }
      }
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("lists the commits between two commits newest first, and reads one commit", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const { repository, shas } = yield* branchedRepository(directory)
      const changes = yield* changesIn(directory)

      const between = yield* changes.commitsBetween(repository, shas.mainHead, shas.second)
      expect(between).toStrictEqual([yield* commitOf(repository, shas.second), yield* commitOf(repository, shas.first)])
      expect(between[1]).toMatchObject({
        sha: shas.first,
        authorName: "Ada Lovelace",
        authorEmail: "ada@example.org",
        commitTimestamp: "2024-05-02T10:00:00+02:00",
        message: "Change everything\n\nEvery kind of change.",
        parents: [shas.base]
      })
      expect(yield* changes.commitsBetween(repository, shas.second, shas.first)).toStrictEqual([])

      expect(yield* changes.commit(repository, shas.first)).toStrictEqual(Option.some(yield* commitOf(repository, shas.first)))
      expect(yield* changes.commit(repository, missingSha)).toStrictEqual(Option.none())
      expect((yield* Effect.flip(changes.commit(repository, "HEAD")))._tag).toBe("GitReadError")
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("fetches a commit the mirror does not hold yet, as a pull request's new head", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const { repository, shas } = yield* branchedRepository(directory)
      const changes = yield* changesIn(directory)
      expect(yield* changes.changedFiles(repository, shas.first, shas.second)).toHaveLength(1)

      yield* git(repository, ["switch", "--quiet", "feature"])
      yield* writeFiles(repository, { "late.txt": "late\n" })
      const late = yield* commit(repository, "Late", "2024-05-06T10:00:00Z")

      expect(yield* changes.changedFiles(repository, shas.second, late)).toStrictEqual([
        new GitChanges.ChangedFile({ path: "late.txt", kind: "added", addedLines: [1], removedLineCount: 0 })
      ])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scopedLive("reads the changes of a remote, whose mirror holds no file contents of its own", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const { shas } = yield* branchedRepository(directory)
      const daemon = yield* gitDaemon(directory)
      const changes = yield* changesIn(directory)
      const url = daemon.url("branched")

      expect(yield* changes.commit(url, shas.second)).toStrictEqual(
        Option.some(yield* commitOf(`${directory}/branched`, shas.second))
      )
      const cloned = daemon.fetches()
      expect(yield* changes.changedFiles(url, shas.base, shas.second)).toStrictEqual(featureChanges)
      // git diff fetches the blobs it compares in one request, not one per file.
      expect(daemon.fetches() - cloned).toBe(1)
    }).pipe(Effect.provide(NodeContext.layer)))
})
