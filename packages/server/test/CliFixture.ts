/** The `tidemark` command as users run it: built `dist/bin.js` in child processes, a real server, real git repositories. */
import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import { Data, Effect, Schedule } from "effect"
import { execFileSync, spawn } from "node:child_process"
import { cpSync, existsSync } from "node:fs"
import { createServer as createHttpServer, type IncomingHttpHeaders } from "node:http"
import { type AddressInfo, createServer } from "node:net"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { inject } from "vitest"

export const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url))

/** How `tidemark` is started: a program and the arguments that come before the command's own. */
export interface Program {
  readonly file: string
  readonly args: ReadonlyArray<string>
}

/** The workspace's build, which the tests run unless they say otherwise (the packaging test runs an installed one). */
export const builtProgram: Program = { file: process.execPath, args: [bin] }

/** Fails the suite early, and clearly, when the command was not built. */
export const requireBuild = Effect.suspend(() =>
  existsSync(bin) ? Effect.void : Effect.dieMessage(`${bin} is missing: run \`pnpm --filter @tidemark/server build\` first`)
)

/**
 * What every child process sees: only what it needs to run, so that a developer's own
 * TIDEMARK_ADMIN_TOKEN or TIDEMARK_URL never leaks into a test.
 */
const baseEnvironment = (): Record<string, string> => ({
  PATH: process.env["PATH"] ?? "/usr/bin:/bin",
  HOME: process.env["HOME"] ?? "/tmp",
  NO_COLOR: "1"
})

/**
 * A server or worker a test starts lives for seconds and analyses small trees: one analysis slot
 * (each slot's two threads, loading the parsers and the linter, cost seconds of CPU at every start)
 * and WebAssembly left at V8's baseline tier (optimizing Ruff's and the embedded database's modules
 * cost more CPU than a test's analyses ever win back: WasmTier.ts), which the whole suite pays
 * on a two-core machine.
 */
const shortLivedServer: Record<string, string> = { TIDEMARK_ANALYSIS_CONCURRENCY: "1", TIDEMARK_WASM_OPTIMIZE: "false" }

export interface CliResult {
  readonly exitCode: number
  readonly stdout: string
  readonly stderr: string
}

export const lastLine = (output: string) => output.trimEnd().split("\n").at(-1) ?? ""

/** Runs `node dist/bin.js ...args` (or another `program`) to completion, in `cwd` when given. */
export const runCli = (args: ReadonlyArray<string>, env: Record<string, string>, cwd?: string, program = builtProgram) =>
  Effect.async<CliResult>((resume) => {
    const child = spawn(program.file, [...program.args, ...args], {
      env: { ...baseEnvironment(), ...env },
      ...(cwd === undefined ? {} : { cwd }),
      stdio: ["ignore", "pipe", "pipe"]
    })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => stdout += chunk)
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => stderr += chunk)
    child.on("error", (error) => resume(Effect.die(error)))
    child.on("close", (code) => resume(Effect.succeed({ exitCode: code ?? -1, stdout, stderr })))
    return Effect.sync(() => child.kill("SIGKILL"))
  })

/** A port nothing listens on (the OS picked it and it was released). */
export const freePort = Effect.async<number>((resume) => {
  const server = createServer()
  server.listen(0, "127.0.0.1", () => {
    const address = server.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    server.close(() => resume(Effect.succeed(port)))
  })
  server.on("error", (error) => resume(Effect.die(error)))
})

class NotReady extends Data.TaggedError("NotReady")<{ readonly reason: string }> {}

export interface RunningServer {
  readonly url: string
  /** Everything the server printed on stdout so far. */
  readonly stdout: Effect.Effect<string>
  /** Kills the process at once (SIGKILL), as a crash would, and waits for it to be gone. */
  readonly crash: Effect.Effect<void>
}

/** A `tidemark` process in the background (e.g. `worker`), stopped (SIGTERM) when the scope closes. */
export const startProcess = (args: ReadonlyArray<string>, env: Readonly<Record<string, string>>) =>
  Effect.acquireRelease(
    Effect.sync(() => dyingWithTests(spawn(process.execPath, [bin, ...args], { env: { ...baseEnvironment(), ...shortLivedServer, ...env }, stdio: "ignore" }))),
    (child) => stop(child, "SIGTERM")
  ).pipe(Effect.map((child) => ({ crash: stop(child, "SIGKILL") })))

/**
 * The servers still running when the test process ends are killed with it: a test or hook that
 * timed out never closes its scope, and its `tidemark serve` then ran on, slowing every later file.
 */
const running = new Set<ReturnType<typeof spawn>>()
const killRunning = () => {
  for (const child of running) child.kill("SIGKILL")
}
process.once("exit", killRunning)
// Vitest's pool ends a worker process with SIGTERM (SIGKILL a second later), after which Node
// emits no "exit": the servers were left running (two, for 17 and 27 minutes, in one CI run).
process.once("SIGTERM", () => {
  killRunning()
  process.exit(143)
})

/** A server process, to die with the test process if not before. */
const dyingWithTests = <C extends ReturnType<typeof spawn>>(child: C): C => {
  running.add(child)
  child.once("exit", () => running.delete(child))
  return child
}

const stop = (child: ReturnType<typeof spawn>, signal: NodeJS.Signals) =>
  Effect.async<void>((resume) => {
    if (child.exitCode !== null || child.signalCode !== null) return resume(Effect.void)
    child.on("exit", () => resume(Effect.void))
    child.kill(signal)
  })

/**
 * A server on the embedded default, not started with its defaults, begins from the migrated
 * database the suite made once (EmbeddedTemplate.setup.ts) rather than from PGlite's initdb: the
 * same files `tidemark serve` makes on its first start, in a fraction of the time. A data directory
 * that already holds a database (a restart) keeps it.
 */
const seedEmbedded = (options: { readonly dataDir: string; readonly env?: Readonly<Record<string, string>>; readonly defaults?: boolean }) => {
  const target = join(options.dataDir, "pg")
  if (options.defaults === true || options.env?.["DATABASE_URL"] !== undefined || existsSync(target)) return
  cpSync(inject("embeddedTemplate"), target, { recursive: true })
}

/**
 * `tidemark serve` on a port of 127.0.0.1 the system picks (PORT=0; the server prints the address it
 * bound), stopped (SIGTERM) when the scope closes; ready once getVersion answers. A port chosen here
 * and handed over could be taken by another test's server in between, and the checks would then
 * talk to that one. Without `adminToken`, the server generates one and prints it.
 */
export const startServer = (options: {
  readonly dataDir: string
  readonly adminToken?: string
  readonly env?: Readonly<Record<string, string>>
  readonly program?: Program
  /** The working directory; the test process's by default. */
  readonly cwd?: string
  /** Nothing set but the port and the data directory (and the token when given): the defaults as a user gets them. */
  readonly defaults?: boolean
}) =>
  Effect.gen(function*() {
    const output = { stdout: "", stderr: "" }
    const child = yield* Effect.acquireRelease(
      Effect.sync(() => {
        seedEmbedded(options)
        const program = options.program ?? builtProgram
        const child = dyingWithTests(spawn(program.file, [...program.args, "serve"], {
          env: {
            ...baseEnvironment(),
            PORT: "0",
            HOST: "127.0.0.1",
            TIDEMARK_DATA_DIR: options.dataDir,
            ...(options.defaults === true ? {} : shortLivedServer),
            ...(options.adminToken === undefined ? {} : { TIDEMARK_ADMIN_TOKEN: options.adminToken }),
            ...options.env
          },
          ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
          stdio: ["ignore", "pipe", "pipe"]
        }))
        child.stdout.setEncoding("utf8").on("data", (chunk: string) => output.stdout += chunk)
        child.stderr.setEncoding("utf8").on("data", (chunk: string) => output.stderr += chunk)
        return child
      }),
      (child) => stop(child, "SIGTERM")
    )
    const exited = Effect.suspend(() =>
      child.exitCode === null ? Effect.void : Effect.dieMessage(`tidemark serve exited (${child.exitCode}):\n${output.stderr}`)
    )
    const url = yield* Effect.suspend(() => {
      const listening = /Tidemark listening on (http:\/\/\S+)/.exec(output.stdout)
      return listening?.[1] === undefined
        ? Effect.fail(new NotReady({ reason: "no listening line yet" }))
        : Effect.succeed(listening[1])
    }).pipe(
      Effect.tapError(() => exited),
      Effect.retry(Schedule.spaced("50 millis").pipe(Schedule.upTo("90 seconds")))
    )
    const ready = Effect.tryPromise({
      try: () => fetch(`${url}/api/v3/version`),
      catch: (error) => new NotReady({ reason: String(error) })
    }).pipe(
      Effect.filterOrFail((response) => response.ok, (response) => new NotReady({ reason: `HTTP ${response.status}` })),
      Effect.tapError(() => exited)
    )
    yield* Effect.retry(ready, Schedule.spaced("100 millis").pipe(Schedule.upTo("90 seconds")))
    return { url, stdout: Effect.sync(() => output.stdout), crash: stop(child, "SIGKILL") } satisfies RunningServer
  })

/** Polls the server's stdout until `pattern` matches it. */
export const waitForOutput = (server: RunningServer, pattern: RegExp) =>
  server.stdout.pipe(
    Effect.filterOrFail((text) => pattern.test(text), () => new NotReady({ reason: `no ${pattern} in the server's output` })),
    Effect.retry(Schedule.spaced("50 millis").pipe(Schedule.upTo("10 seconds")))
  )

/** GET on the server's API with an `api-token`, answering the status and the decoded JSON body. */
export const getJson = (server: RunningServer, path: string, token: string) =>
  Effect.promise(async () => {
    const response = await fetch(`${server.url}${path}`, { headers: { "api-token": token } })
    const body: unknown = await response.json()
    return { status: response.status, body }
  })

/** A JSON body sent (with an `api-token` when given), answering the status and the body's text. */
const sendJson = (method: "POST" | "PATCH") => (server: RunningServer, path: string, body: unknown, token?: string) =>
  Effect.promise(async () => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token === undefined ? {} : { "api-token": token }) },
      body: JSON.stringify(body)
    })
    return { status: response.status, text: await response.text() }
  })

export const postJson = sendJson("POST")
export const patchJson = sendJson("PATCH")

/**
 * The dashboard as a browser first loads it: the page at `/` (is it Tidemark's HTML?), then the
 * script the page names.
 */
export const loadDashboard = (server: RunningServer) =>
  Effect.promise(async () => {
    const page = await fetch(`${server.url}/`)
    const text = await page.text()
    const script = /<script[^>]+src="\.?\/?(assets\/[^"]+\.js)"/.exec(text)?.[1]
    const asset = script === undefined ? undefined : await fetch(`${server.url}/${script}`)
    await asset?.arrayBuffer()
    return {
      status: page.status,
      html: (page.headers.get("content-type") ?? "").startsWith("text/html"),
      titled: text.includes("<title>Tidemark</title>"),
      script: asset === undefined ? undefined : { status: asset.status, cache: asset.headers.get("cache-control") }
    }
  })

/** What `loadDashboard` finds where the dashboard is served: hashed assets cached for a year. */
export const servedDashboard = {
  status: 200,
  html: true,
  titled: true,
  script: { status: 200, cache: "public, max-age=31536000, immutable" }
}

/** POST of a JSON body that must succeed (2xx): its parsed answer, or undefined when empty. */
export const postOk = <A>(server: RunningServer, path: string, body: unknown, token?: string) =>
  Effect.map(postJson(server, path, body, token), ({ status, text }) => {
    if (status < 200 || status > 299) throw new Error(`POST ${path}: HTTP ${status} ${text}`)
    return (text === "" ? undefined : JSON.parse(text)) as A
  })

/** A secret the admin issues (`…/tokens`, `…/ingestion-keys` of an organization). */
export const adminSecret = (server: RunningServer, adminToken: string, path: string, body: unknown) =>
  Effect.map(postOk<{ readonly data: { readonly secret: string } }>(server, path, body, adminToken), (reply) => reply.data.secret)

/** A scratch directory removed when the scope closes. */
export const scratch = Effect.flatMap(FileSystem.FileSystem, (fs) => fs.makeTempDirectoryScoped({ prefix: "tidemark-cli-" }))

export const git = (cwd: string, args: ReadonlyArray<string>) =>
  Effect.sync(() =>
    execFileSync("git", args, {
      cwd,
      // The machine's git configuration (a global commit.gpgsign...) must not break the fixture.
      env: {
        ...baseEnvironment(),
        GIT_CONFIG_GLOBAL: "/dev/null",
        GIT_CONFIG_NOSYSTEM: "1",
        GIT_AUTHOR_NAME: "Ada Lovelace",
        GIT_AUTHOR_EMAIL: "ada@example.org",
        GIT_COMMITTER_NAME: "Ada Lovelace",
        GIT_COMMITTER_EMAIL: "ada@example.org"
      },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"]
    })
  )

/** A TypeScript file and a README. */
const widgets: Readonly<Record<string, string>> = { "src/index.ts": "export const answer = 42\n", "README.md": "# Widgets\n" }

/** A git repository on branch `main` holding `files` (by relative path), one commit. */
export const gitRepository = (parent: string, name: string, files = widgets) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const repository = path.join(parent, name)
    for (const [file, content] of Object.entries(files)) {
      yield* fs.makeDirectory(path.dirname(path.join(repository, file)), { recursive: true })
      yield* fs.writeFileString(path.join(repository, file), content)
    }
    yield* git(repository, ["init", "--quiet", "-b", "main"])
    yield* git(repository, ["add", "--all"])
    yield* git(repository, ["commit", "--quiet", "-m", "Initial commit"])
    return repository
  })

/** An ingestion key of gh/acme, issued through the admin API with `adminToken`. */
export const ingestionKey = (server: RunningServer, adminToken: string) =>
  Effect.map(postJson(server, "/api/v3/admin/organizations/gh/acme/ingestion-keys", {}, adminToken), ({ status, text }) => {
    if (status !== 201) throw new Error(`creating an ingestion key answered ${status}: ${text}`)
    return (JSON.parse(text) as { readonly data: { readonly secret: string } }).data.secret
  })

/**
 * What a suite of client commands starts from: a server on a scratch data directory, a git
 * repository `widgets` beside it, and the command pointed at the server with `adminToken`
 * (`env` overrides TIDEMARK_URL and TIDEMARK_ADMIN_TOKEN).
 */
export const serverWithRepository = (
  adminToken: string,
  options: {
    /** The server's environment, made in the scratch directory (a file it reads, say). */
    readonly env?: (directory: string) => Readonly<Record<string, string>>
    readonly repository?: { readonly name: string; readonly files: Readonly<Record<string, string>> }
  } = {}
) =>
  Effect.gen(function*() {
    yield* requireBuild
    const directory = yield* scratch
    const server = yield* startServer({ dataDir: `${directory}/data`, adminToken, env: options.env?.(directory) ?? {} })
    const repository = yield* gitRepository(directory, options.repository?.name ?? "widgets", options.repository?.files)
    const cli = (args: ReadonlyArray<string>, env: Record<string, string> = {}, cwd?: string) =>
      runCli(args, { TIDEMARK_URL: server.url, TIDEMARK_ADMIN_TOKEN: adminToken, ...env }, cwd)
    return { server, repository, directory, cli }
  })

/** A request the recording server received. */
export interface Recorded {
  readonly method: string
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/** What the recording server answers a request with (JSON). */
export interface Answer {
  readonly status: number
  readonly body: unknown
}

/** A server answering each request with `answer(request)`, recording them all; closed with the scope. */
export const recordingServer = (answer: (request: Recorded) => Answer) =>
  Effect.acquireRelease(
    Effect.async<{ readonly url: string; readonly requests: Array<Recorded>; readonly close: () => void }>((resume) => {
      const requests: Array<Recorded> = []
      const server = createHttpServer((request, response) => {
        let body = ""
        request.setEncoding("utf8").on("data", (chunk: string) => body += chunk)
        request.on("end", () => {
          const recorded = { method: request.method ?? "", path: request.url ?? "", headers: request.headers, body }
          requests.push(recorded)
          const { body: answered, status } = answer(recorded)
          response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answered))
        })
      })
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo
        resume(Effect.succeed({ url: `http://127.0.0.1:${port}`, requests, close: () => server.close() }))
      })
    }),
    (server) => Effect.sync(server.close)
  )
