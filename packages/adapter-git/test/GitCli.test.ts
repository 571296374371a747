import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, it } from "@effect/vitest"
import { GitCli } from "../src/index.js"
import { GitReader } from "@tidemark/core"
import { Config, ConfigProvider, Effect, Layer } from "effect"
import {
  commit,
  commitOf,
  git,
  gitDaemon,
  initRepository,
  publicAddress,
  resolvesTo,
  sampleRepository,
  writeFiles
} from "./GitFixture.js"

/** A scratch directory for one test (repositories and cache), removed when the test ends. */
const scratch = Effect.flatMap(FileSystem.FileSystem, (fs) => fs.makeTempDirectoryScoped({ prefix: "tidemark-git-" }))

/** A reader over a fresh cache inside `directory`. */
const readerIn = (directory: string, options: Omit<GitCli.GitCliOptions, "cacheDirectory"> = {}) =>
  Effect.flatMap(Path.Path, (path) => GitCli.make({ ...options, cacheDirectory: path.join(directory, "cache") }))

const expectReadError = (effect: Effect.Effect<GitReader.GitSnapshot, GitReader.GitReadError>) =>
  Effect.map(Effect.flip(effect), (error) => {
    expect(error._tag).toBe("GitReadError")
    return error
  })

const sampleFiles = [
  "README.md",
  "docs/guide/intro notes.md",
  "src/app/main.ts",
  "src/données.ts",
  "src/feature.ts",
  "src/lib/util.ts"
]

describe("GitCli", () => {
  it.scoped("reads branches, head commits and files of a local repository by path", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const { repository, shas } = yield* sampleRepository(directory)
      const reader = yield* readerIn(directory)

      const snapshot = yield* reader.read(repository)

      expect(snapshot).toStrictEqual(
        new GitReader.GitSnapshot({
          defaultBranch: "main",
          branches: [
            new GitReader.GitBranch({ name: "feature", head: yield* commitOf(repository, "feature") }),
            new GitReader.GitBranch({ name: "main", head: yield* commitOf(repository, "main") }),
            new GitReader.GitBranch({ name: "release/1.0", head: yield* commitOf(repository, "release/1.0") })
          ],
          files: sampleFiles
        })
      )
      const [feature, main, release] = snapshot.branches
      expect(main?.head).toMatchObject({
        sha: shas.merge,
        authorName: "Ada Lovelace",
        authorEmail: "ada@example.org",
        commitTimestamp: "2024-03-04T10:15:00+01:00",
        message: "Merge branch 'feature'",
        parents: [shas.readme, shas.feature]
      })
      expect(feature?.head).toMatchObject({
        sha: shas.feature,
        commitTimestamp: "2024-03-02T09:30:00-05:00",
        message: "Add feature\n\nIt explains:\n- why\n- how",
        parents: [shas.root]
      })
      expect(release?.head).toMatchObject({ sha: shas.root, message: "Initial commit", parents: [] })
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("reads the same repository by file:// URL and by relative path", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const path = yield* Path.Path
      const { repository } = yield* sampleRepository(directory)
      const reader = yield* readerIn(directory)

      const byPath = yield* reader.read(repository)
      const byUrl = yield* reader.read(`file://${repository}`)
      const byRelativePath = yield* reader.read(path.relative(process.cwd(), repository))

      expect(byUrl).toStrictEqual(byPath)
      expect(byRelativePath).toStrictEqual(byPath)
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("sees new commits, new branches and deleted branches when reading again", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const { repository, shas } = yield* sampleRepository(directory)
      const reader = yield* readerIn(directory)
      yield* reader.read(repository)

      yield* writeFiles(repository, { "src/later/added.ts": "export const added = 5\n" })
      const later = yield* commit(repository, "Add a later file", "2024-04-01T00:00:00Z")
      yield* git(repository, ["branch", "hotfix", shas.readme])
      yield* git(repository, ["branch", "--delete", "--force", "release/1.0"])

      const snapshot = yield* reader.read(repository)

      expect(snapshot.branches.map((branch) => [branch.name, branch.head.sha])).toStrictEqual([
        ["feature", shas.feature],
        ["hotfix", shas.readme],
        ["main", later]
      ])
      expect(snapshot.branches[2]?.head).toStrictEqual(yield* commitOf(repository, "main"))
      expect(snapshot.files).toStrictEqual([
        "README.md",
        "docs/guide/intro notes.md",
        "src/app/main.ts",
        "src/données.ts",
        "src/feature.ts",
        "src/later/added.ts",
        "src/lib/util.ts"
      ])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("takes the default branch from HEAD, whatever its name, and follows it when it changes", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const repository = yield* initRepository(directory, "trunk-based", "trunk")
      yield* writeFiles(repository, { "a.txt": "a\n" })
      const first = yield* commit(repository, "First", "2024-05-01T00:00:00Z")
      yield* git(repository, ["switch", "--quiet", "-c", "main"])
      yield* writeFiles(repository, { "b.txt": "b\n" })
      const second = yield* commit(repository, "Second", "2024-05-02T00:00:00Z")
      yield* git(repository, ["switch", "--quiet", "trunk"])
      const reader = yield* readerIn(directory)

      const before = yield* reader.read(repository)
      expect(before.defaultBranch).toBe("trunk")
      expect(before.branches.map((branch) => [branch.name, branch.head.sha])).toStrictEqual([
        ["main", second],
        ["trunk", first]
      ])
      expect(before.files).toStrictEqual(["a.txt"])

      yield* git(repository, ["switch", "--quiet", "main"])
      const after = yield* reader.read(repository)
      expect(after.defaultBranch).toBe("main")
      expect(after.files).toStrictEqual(["a.txt", "b.txt"])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("falls back to master when HEAD names a branch that does not exist", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const repository = yield* initRepository(directory, "dangling-head", "develop")
      yield* writeFiles(repository, { "develop.txt": "d\n" })
      yield* commit(repository, "On develop", "2024-06-01T00:00:00Z")
      yield* git(repository, ["switch", "--quiet", "--orphan", "master"])
      yield* writeFiles(repository, { "master.txt": "m\n" })
      yield* commit(repository, "On master", "2024-06-02T00:00:00Z")
      yield* git(repository, ["symbolic-ref", "HEAD", "refs/heads/gone"])
      const reader = yield* readerIn(directory)

      const snapshot = yield* reader.read(repository)

      expect(snapshot.defaultBranch).toBe("master")
      expect(snapshot.branches.map((branch) => branch.name)).toStrictEqual(["develop", "master"])
      expect(snapshot.files).toStrictEqual(["master.txt"])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("keeps the cache consistent when one URL is read several times at once", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const { repository } = yield* sampleRepository(directory)
      const reader = yield* readerIn(directory)

      const snapshots = yield* Effect.all(Array.from({ length: 4 }, () => reader.read(repository)), {
        concurrency: "unbounded"
      })

      for (const snapshot of snapshots) {
        expect(snapshot).toStrictEqual(snapshots[0])
      }
      expect(snapshots[0]?.files).toStrictEqual(sampleFiles)
      const cacheEntries = yield* fs.readDirectory(path.join(directory, "cache"))
      expect(cacheEntries).toHaveLength(1)
      expect(cacheEntries[0]).toMatch(/^[0-9a-f]{32}\.git$/)
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("fails with GitReadError for a path that does not exist", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const path = yield* Path.Path
      const reader = yield* readerIn(directory)
      const missing = path.join(directory, "no-such-repository")

      const error = yield* expectReadError(reader.read(missing))

      expect(error.url).toBe(missing)
      expect(error.reason).toMatch(/git clone failed: exit code 128: .*does not exist/s)
      const viaUrl = yield* expectReadError(reader.read(`file://${missing}`))
      expect(viaUrl.url).toBe(`file://${missing}`)
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("fails with GitReadError for a repository without commits", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const repository = yield* initRepository(directory, "empty")
      const reader = yield* readerIn(directory)

      const error = yield* expectReadError(reader.read(repository))

      expect(error.reason).toBe("the repository has no commits (no branch under refs/heads)")
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("fails with GitReadError for a directory that is not a repository", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const plain = path.join(directory, "plain")
      yield* fs.makeDirectory(plain)
      const reader = yield* readerIn(directory)

      const error = yield* expectReadError(reader.read(plain))

      expect(error.reason).toMatch(/^git clone failed: exit code 128: /)
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("refuses URLs git would hand to a command or an unsupported transport", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const reader = yield* readerIn(directory)

      const ext = yield* expectReadError(reader.read("ext::sh -c touch% /tmp/pwned"))
      expect(ext.reason).toBe("git remote-helper addresses (<transport>::<address>) are not supported")
      const ftp = yield* expectReadError(reader.read("ftp://example.org/repo.git"))
      expect(ftp.reason).toMatch(/^unsupported URL scheme "ftp"/)
      const empty = yield* expectReadError(reader.read(""))
      expect(empty.reason).toBe("the repository URL is empty")
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("fails with GitReadError when git cannot be run", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const { repository } = yield* sampleRepository(directory)
      const reader = yield* readerIn(directory, { gitBinary: "/nonexistent/git" })

      const error = yield* expectReadError(reader.read(repository))

      expect(error.reason).toMatch(/^git clone failed: cannot run \/nonexistent\/git: /)
    }).pipe(Effect.provide(NodeContext.layer)))

  // Live clock: the timeout must really elapse.
  it.scopedLive("stops git and fails with GitReadError when the timeout elapses", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const stuckGit = path.join(directory, "stuck-git")
      yield* fs.writeFileString(stuckGit, "#!/bin/sh\nsleep 30\n", { mode: 0o755 })
      const reader = yield* readerIn(directory, { gitBinary: stuckGit, timeout: "300 millis", resolveHost: resolvesTo(publicAddress) })

      const started = Date.now()
      const error = yield* expectReadError(reader.read("https://example.invalid/never.git"))

      expect(error.reason).toBe("git clone failed: timed out after 300ms")
      expect(Date.now() - started).toBeLessThan(5_000)
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("layerConfig reads its options from the Config the caller gives, and caches mirrors where it says", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const { repository } = yield* sampleRepository(directory)
      const cacheDirectory = path.join(directory, "mirrors")

      const snapshot = yield* Effect.flatMap(GitReader.GitReader, (reader) => reader.read(repository)).pipe(
        Effect.provide(
          GitCli.layerConfig({ cacheDirectory: Config.string("MIRRORS") }).pipe(
            Layer.provide(Layer.setConfigProvider(ConfigProvider.fromMap(new Map([["MIRRORS", cacheDirectory]]))))
          )
        )
      )

      expect(snapshot.files).toStrictEqual(sampleFiles)
      expect(yield* fs.readDirectory(cacheDirectory)).toHaveLength(1)
      const missing = yield* Effect.flip(
        Layer.build(GitCli.layerConfig({ cacheDirectory: Config.string("MIRRORS") })).pipe(
          Effect.withConfigProvider(ConfigProvider.fromMap(new Map()))
        )
      )
      expect(missing._tag).toBe("ConfigError")
    }).pipe(Effect.provide(NodeContext.layer)))

  // Live clock: the daemon starts in real time.
  it.scopedLive("checks out every file of a commit of a remote, whose mirror holds no file contents of its own", () =>
    Effect.gen(function*() {
      const directory = yield* scratch
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const { repository, shas } = yield* sampleRepository(directory)
      const daemon = yield* gitDaemon(path.dirname(repository))
      // The loopback daemon stands for a public host.
      const { checkout } = yield* GitCli.makePorts({ cacheDirectory: path.join(directory, "cache"), allowPrivateNetwork: true })

      const root = yield* checkout.checkout(daemon.url(path.basename(repository)), shas.merge)

      expect(yield* fs.readFileString(path.join(root, "README.md"))).toBe("# Sample\n\nUpdated.\n")
      expect(yield* fs.readFileString(path.join(root, "src/feature.ts"))).toBe("export const feature = 3\n")
      expect(yield* git(root, ["status", "--porcelain"])).toBe("")
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("runs ssh with no identity of the server's user, nor its config or agent, unless a key is configured; never prompting", () =>
    Effect.gen(function*() {
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const directory = yield* scratch
      // An `ssh` first on PATH that writes down the arguments git gives it, one a line, and fails.
      const bin = path.join(directory, "bin")
      const record = path.join(directory, "ssh-arguments")
      yield* fs.makeDirectory(bin)
      yield* fs.writeFileString(path.join(bin, "ssh"), `#!/bin/sh\nprintf '%s\\n' "$@" > '${record}'\nexit 255\n`, { mode: 0o755 })
      const inherited = process.env["PATH"]
      yield* Effect.acquireRelease(
        Effect.sync(() => { process.env["PATH"] = `${bin}:${inherited ?? ""}` }),
        () => Effect.sync(() => { process.env["PATH"] = inherited })
      )
      const argumentsOf = (options: Omit<GitCli.GitCliOptions, "cacheDirectory">) =>
        Effect.gen(function*() {
          const reader = yield* readerIn(directory, { ...options, resolveHost: resolvesTo(publicAddress) })
          yield* expectReadError(reader.read("git@git.example.org:team/app.git"))
          return (yield* fs.readFileString(record)).trimEnd().split("\n")
        })

      const withoutKey = yield* argumentsOf({})
      expect(withoutKey.slice(0, 10)).toStrictEqual([
        "-F", "/dev/null", "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none", "-o", "IdentityFile=none"
      ])
      expect(withoutKey).toContain("git@git.example.org")

      const withKey = yield* argumentsOf({ sshKeyFile: "/etc/tidemark/it's a key" })
      expect(withKey.slice(8, 10)).toStrictEqual(["-o", "IdentityFile=/etc/tidemark/it's a key"])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("keeps its mirrors and checkouts in owner-only directories", () =>
    Effect.gen(function*() {
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const directory = yield* scratch
      const { repository, shas } = yield* sampleRepository(directory)
      const ports = yield* GitCli.makePorts({ cacheDirectory: path.join(directory, "cache") })
      yield* ports.reader.read(repository)
      yield* Effect.scoped(ports.checkout.checkout(repository, shas.merge))
      for (const made of ["cache", "cache-checkouts"]) {
        expect(((yield* fs.stat(path.join(directory, made))).mode & 0o777).toString(8)).toBe("700")
      }
    }).pipe(Effect.provide(NodeContext.layer)))
})
