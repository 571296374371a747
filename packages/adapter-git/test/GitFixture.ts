/** Real git repositories for the tests, built with the git command line. */
import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import { GitReader } from "@tidemark/core"
import { Effect } from "effect"
import { execFileSync, spawn } from "node:child_process"
import { createServer as createHttpServer } from "node:http"
import { createServer, type Server } from "node:net"

export const author = { name: "Ada Lovelace", email: "ada@example.org" }
const committer = { name: "Tide Bot", email: "bot@example.org" }

/**
 * Test processes only: the fixtures ignore the machine's git configuration (a global
 * `commit.gpgsign` would break them) and name distinct authors and committers, so that the
 * adapter is seen to report the author.
 */
const fixtureEnvironment = {
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: author.name,
  GIT_AUTHOR_EMAIL: author.email,
  GIT_COMMITTER_NAME: committer.name,
  GIT_COMMITTER_EMAIL: committer.email
}

/**
 * Runs git in `cwd`, `input` on its standard input; a failing command throws with git's message,
 * failing the test loudly.
 */
export const git = (cwd: string, args: ReadonlyArray<string>, env: Record<string, string> = {}, input?: string) =>
  Effect.sync(() =>
    execFileSync("git", args, {
      cwd,
      env: { ...process.env, ...fixtureEnvironment, ...env },
      encoding: "utf8",
      ...(input === undefined ? { stdio: ["ignore", "pipe", "pipe"] } : { input, stdio: ["pipe", "pipe", "pipe"] })
    }).trimEnd()
  )

/** Commits everything in the work tree; the committer date differs from the author date on purpose. */
export const commit = (repository: string, message: string, committedAt: string) =>
  Effect.gen(function*() {
    yield* git(repository, ["add", "--all"])
    yield* git(repository, ["commit", "--quiet", "--allow-empty", "-m", message], {
      GIT_AUTHOR_DATE: "2020-01-01T00:00:00Z",
      GIT_COMMITTER_DATE: committedAt
    })
    return yield* git(repository, ["rev-parse", "HEAD"])
  })

export const writeFiles = (repository: string, files: Record<string, string>) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    for (const [name, content] of Object.entries(files)) {
      const file = path.join(repository, name)
      yield* fs.makeDirectory(path.dirname(file), { recursive: true })
      yield* fs.writeFileString(file, content)
    }
  })

/** A new repository in a fresh directory under `parent`, on `branch`. */
export const initRepository = (parent: string, name: string, branch = "main") =>
  Effect.gen(function*() {
    const path = yield* Path.Path
    const fs = yield* FileSystem.FileSystem
    const repository = path.join(parent, name)
    yield* fs.makeDirectory(repository, { recursive: true })
    yield* git(repository, ["init", "--quiet", "-b", branch])
    return repository
  })

/** What git itself reports for `revision`: the value the adapter must produce. */
export const commitOf = (repository: string, revision: string) =>
  Effect.map(
    git(repository, ["log", "-1", "--format=%H%x00%an%x00%ae%x00%cI%x00%P%x00%B", revision]),
    (output) => {
      const [sha = "", authorName = "", authorEmail = "", commitTimestamp = "", parents = "", message = ""] = output
        .split("\0")
      return new GitReader.GitCommit({
        sha,
        authorName,
        authorEmail,
        commitTimestamp,
        message: message.replace(/\n+$/, ""),
        parents: parents.split(" ").filter((parent) => parent.length > 0)
      })
    }
  )

/**
 * The main fixture: `main` holds a merge of `feature` (whose head has a multi-line message),
 * `release/1.0` stays on the root commit, and files sit in nested folders.
 */
export const sampleRepository = (parent: string) =>
  Effect.gen(function*() {
    const repository = yield* initRepository(parent, "sample")
    yield* writeFiles(repository, {
      "README.md": "# Sample\n",
      "src/app/main.ts": "export const main = 1\n",
      "src/lib/util.ts": "export const util = 2\n",
      "src/données.ts": "export const données = 4\n",
      "docs/guide/intro notes.md": "Intro\n"
    })
    const root = yield* commit(repository, "Initial commit", "2024-03-01T12:00:00+02:00")
    yield* git(repository, ["branch", "release/1.0"])
    yield* git(repository, ["switch", "--quiet", "-c", "feature"])
    yield* writeFiles(repository, { "src/feature.ts": "export const feature = 3\n" })
    const feature = yield* commit(
      repository,
      "Add feature\n\nIt explains:\n- why\n- how",
      "2024-03-02T09:30:00-05:00"
    )
    yield* git(repository, ["switch", "--quiet", "main"])
    yield* writeFiles(repository, { "README.md": "# Sample\n\nUpdated.\n" })
    const readme = yield* commit(repository, "Update readme", "2024-03-03T08:00:00Z")
    yield* git(repository, ["merge", "--quiet", "--no-ff", "-m", "Merge branch 'feature'", "feature"], {
      GIT_AUTHOR_DATE: "2020-01-01T00:00:00Z",
      GIT_COMMITTER_DATE: "2024-03-04T10:15:00+01:00"
    })
    const merge = yield* git(repository, ["rev-parse", "HEAD"])
    return { repository, shas: { root, feature, readme, merge } }
  })

/** What the test servers run git with: filters and single objects fetched, as GitHub allows. */
const serverEnvironment = {
  ...process.env,
  ...fixtureEnvironment,
  GIT_CONFIG_COUNT: "2",
  GIT_CONFIG_KEY_0: "uploadpack.allowFilter",
  GIT_CONFIG_VALUE_0: "true",
  GIT_CONFIG_KEY_1: "uploadpack.allowAnySHA1InWant",
  GIT_CONFIG_VALUE_1: "true"
}

/** Listens on a loopback port until the scope closes; the port. */
const listening = (server: Server) =>
  Effect.acquireRelease(
    Effect.async<number>((resume) => {
      server.listen(0, "127.0.0.1", () => {
        const address = server.address()
        resume(Effect.succeed(typeof address === "object" && address !== null ? address.port : 0))
      })
    }),
    () =>
      Effect.async<void>((resume) => {
        server.close(() => resume(Effect.void))
      })
  )

/**
 * Serves the repositories under `base` over git:// on a loopback port (a remote to GitCli, so its
 * mirror is blob-less, as a GitHub repository's is), letting clients filter and fetch single
 * objects as GitHub does. Each connection is one fetch (or ls-remote), answered by a `git daemon
 * --inetd` of its own; `fetches` counts them. Stopped with the scope.
 */
export const gitDaemon = (base: string) =>
  Effect.gen(function*() {
    let connections = 0
    const server = createServer((socket) => {
      connections++
      const daemon = spawn("git", ["daemon", "--inetd", "--export-all", `--base-path=${base}`, base], {
        env: serverEnvironment,
        stdio: ["pipe", "pipe", "ignore"]
      })
      socket.pipe(daemon.stdin)
      daemon.stdout.pipe(socket)
      socket.on("error", () => daemon.kill())
    })
    const port = yield* listening(server)
    return { url: (name: string) => `git://127.0.0.1:${port}/${name}`, fetches: () => connections }
  })

/** A public address (example.org's) for names a test resolves without DNS; nothing connects to it. */
export const publicAddress = "93.184.215.14"

/** A resolver that answers `addresses` for every name, as a DNS record the test controls would. */
export const resolvesTo = (...addresses: ReadonlyArray<string>) => (_host: string): Promise<ReadonlyArray<string>> =>
  Promise.resolve(addresses)

/**
 * Serves the repositories under `base` over git's smart HTTP protocol on a loopback port, each
 * request answered by a `git http-backend` of its own (the CGI program web servers run);
 * `requests` counts them. Stopped with the scope.
 */
export const httpGitServer = (base: string) =>
  Effect.gen(function*() {
    let requests = 0
    const server = createHttpServer((request, response) => {
      requests++
      const url = new URL(request.url ?? "/", "http://127.0.0.1")
      const backend = spawn("git", ["http-backend"], {
        env: {
          ...serverEnvironment,
          GIT_PROJECT_ROOT: base,
          GIT_HTTP_EXPORT_ALL: "1",
          REQUEST_METHOD: request.method ?? "GET",
          PATH_INFO: decodeURIComponent(url.pathname),
          QUERY_STRING: url.search.slice(1),
          CONTENT_TYPE: request.headers["content-type"] ?? "",
          HTTP_CONTENT_ENCODING: request.headers["content-encoding"] ?? "",
          GIT_PROTOCOL: String(request.headers["git-protocol"] ?? ""),
          REMOTE_ADDR: "127.0.0.1"
        },
        stdio: ["pipe", "pipe", "ignore"]
      })
      request.pipe(backend.stdin)
      const chunks: Array<Buffer> = []
      backend.stdout.on("data", (chunk: Buffer) => chunks.push(chunk))
      backend.on("close", () => {
        // CGI output: header lines (`Status: 404 Not Found` among them), a blank line, the body.
        const output = Buffer.concat(chunks)
        const split = output.indexOf("\r\n\r\n")
        const headers = output.subarray(0, Math.max(split, 0)).toString("latin1").split("\r\n")
        const fields = headers.map((line) => line.split(/:\s*/, 2) as [string, string])
        const status = Number(fields.find(([name]) => name.toLowerCase() === "status")?.[1]?.slice(0, 3) ?? "200")
        response.writeHead(status, Object.fromEntries(fields.filter(([name]) => name.toLowerCase() !== "status")))
        response.end(output.subarray(split < 0 ? output.length : split + 4))
      })
    })
    const port = yield* listening(server)
    return {
      port,
      /** The URL of the repository `name` under `base`, on `host` (127.0.0.1 by default). */
      url: (name: string, host = "127.0.0.1") => `http://${host}:${port}/${name}/.git`,
      requests: () => requests
    }
  })

/** Answers every request with a redirect to the same path at `target` (an origin, `http://host:port`). */
export const redirectingServer = (target: string) =>
  Effect.gen(function*() {
    const server = createHttpServer((request, response) => {
      response.writeHead(302, { Location: `${target}${request.url ?? "/"}` }).end()
    })
    const port = yield* listening(server)
    return { origin: `http://127.0.0.1:${port}` }
  })
