/** GitCli reaching remotes: where a host leads is checked at every fetch, http(s) pinned to it, no redirect followed. */
import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { GitCli } from "../src/index.js"
import {
  commit,
  gitDaemon,
  httpGitServer,
  publicAddress,
  redirectingServer,
  resolvesTo,
  sampleRepository,
  writeFiles
} from "./GitFixture.js"

const scratch = Effect.flatMap(FileSystem.FileSystem, (fs) => fs.makeTempDirectoryScoped({ prefix: "tidemark-git-remote-" }))

/** The ports on the cache inside `directory` (one cache for every call with the same directory). */
const portsIn = (directory: string, options: Omit<GitCli.GitCliOptions, "cacheDirectory">) =>
  Effect.flatMap(Path.Path, (path) => GitCli.makePorts({ ...options, cacheDirectory: path.join(directory, "cache") }))

/** The sample repository, served over http on a loopback port. */
const servedSample = Effect.gen(function*() {
  const path = yield* Path.Path
  const directory = yield* scratch
  const sample = yield* sampleRepository(directory)
  const server = yield* httpGitServer(directory)
  return { directory, ...sample, server, name: path.basename(sample.repository) }
})

const reasonOf = <A, R>(effect: Effect.Effect<A, { readonly reason: string }, R>) =>
  Effect.map(Effect.flip(effect), (error) => error.reason)

// A name no DNS server knows: only the test's resolver answers it.
const pinnedHost = "repo.tidemark.test"

describe("GitCli reaching remotes", () => {
  // Live clock: the servers answer in real time.
  it.scopedLive("connects to the address it resolved and checked, not to one git would resolve itself", () =>
    Effect.gen(function*() {
      const { directory, name, server, shas } = yield* servedSample
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const ports = yield* portsIn(directory, { allowPrivateNetwork: true, resolveHost: resolvesTo("127.0.0.1") })
      const url = server.url(name, pinnedHost)

      expect((yield* ports.reader.read(url)).defaultBranch).toBe("main")
      // The blob-less mirror's later fetches (a checkout's files, blame's history, a diff's blobs) too.
      const root = yield* Effect.scoped(Effect.flatMap(ports.checkout.checkout(url, shas.merge), (tree) =>
        fs.readFileString(path.join(tree, "src/feature.ts"))))
      expect(root).toBe("export const feature = 3\n")
      const [readme] = yield* ports.lines.read(url, shas.merge, ["README.md"])
      expect(readme?._tag).toBe("Right")
      expect(yield* ports.changes.diff(url, shas.root, shas.readme)).toContain("+Updated.")
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scopedLive("checks where the host leads at every fetch: a mirror cloned while it led elsewhere is fetched no more", () =>
    Effect.gen(function*() {
      const { directory, name, repository, server, shas } = yield* servedSample
      const url = server.url(name, "localhost")
      // Cloned by an installation that allowed the address (or before the rule, or before the name moved).
      yield* (yield* portsIn(directory, { allowPrivateNetwork: true })).reader.read(url)
      yield* writeFiles(repository, { "later.ts": "export const later = 1\n" })
      const later = yield* commit(repository, "Later", "2024-04-01T00:00:00Z")
      const asked = server.requests()

      const refusing = yield* portsIn(directory, {})
      const refused = /^localhost leads to (127\.0\.0\.1|::1), a loopback address, not a public one$/
      expect(yield* reasonOf(refusing.reader.read(url))).toMatch(refused)
      expect(yield* reasonOf(Effect.scoped(refusing.checkout.checkout(url, later)))).toMatch(refused)
      expect(yield* reasonOf(refusing.changes.diff(url, shas.root, shas.merge))).toMatch(refused)
      expect(yield* reasonOf(refusing.lines.read(url, shas.merge, ["README.md"]))).toMatch(refused)
      expect(server.requests()).toBe(asked)
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scopedLive("refuses non-public addresses of every transport, and names that lead nowhere, unless private addresses are allowed", () =>
    Effect.gen(function*() {
      const { directory, name, server } = yield* servedSample
      const path = yield* Path.Path
      const daemon = yield* gitDaemon(directory)
      const refusing = yield* portsIn(directory, { resolveHost: resolvesTo("10.0.0.7", publicAddress) })

      expect(yield* reasonOf(refusing.reader.read(server.url(name, pinnedHost))))
        .toBe("repo.tidemark.test leads to 10.0.0.7, a private address, not a public one")
      expect(yield* reasonOf(refusing.reader.read(daemon.url(name))))
        .toBe("127.0.0.1 leads to 127.0.0.1, a loopback address, not a public one")
      expect(yield* reasonOf(refusing.reader.read("git@git.example.org:team/app.git"))).toMatch(/^git.example.org leads to 10.0.0.7/)
      // A name that leads nowhere now cannot be pinned: git would resolve it again, perhaps elsewhere.
      const unresolved = yield* portsIn(directory, { resolveHost: resolvesTo() })
      expect(yield* reasonOf(unresolved.reader.read(server.url(name, pinnedHost)))).toBe("repo.tidemark.test does not resolve")
      expect(server.requests() + daemon.fetches()).toBe(0)

      const allowing = yield* portsIn(path.join(directory, "allowing"), { allowPrivateNetwork: true })
      expect((yield* allowing.reader.read(daemon.url(name))).defaultBranch).toBe("main")
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scopedLive("follows no redirect: a server cannot send git on to another address", () =>
    Effect.gen(function*() {
      const { directory, name, server } = yield* servedSample
      const redirecting = yield* redirectingServer(`http://127.0.0.1:${server.port}`)
      const { reader } = yield* portsIn(directory, { allowPrivateNetwork: true })

      expect(yield* reasonOf(reader.read(`${redirecting.origin}/${name}/.git`))).toMatch(/^git clone failed: exit code 128: .*302/s)
      expect(server.requests()).toBe(0)
      expect((yield* reader.read(server.url(name))).defaultBranch).toBe("main")
    }).pipe(Effect.provide(NodeContext.layer)))
})
