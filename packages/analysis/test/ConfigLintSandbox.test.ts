import { FileSystem, Path } from "@effect/platform"
import { NodeContext } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect } from "effect"
import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type ConfigLintLimits, lintTree, readSourceTree } from "../src/index.js"
import { confinement, launch, probeConfinement } from "../src/SandboxLauncher.js"

/**
 * A repository's eslint.config.js is the repository's code: each hostile config here tries one
 * thing the sandboxed linting process must not allow, and the analysis reports it instead of doing it.
 */

const limits: ConfigLintLimits = { timeout: Duration.seconds(4), memoryMegabytes: 256 }

const canary = "tidemark-canary-secret-3f9a"

/** A scoped temporary checkout holding `a.js` and the given config. */
const checkoutWith = (config: string, extra: (root: string) => Effect.Effect<void, unknown, FileSystem.FileSystem> = () => Effect.void) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const root = yield* fs.makeTempDirectoryScoped({ prefix: "tidemark-hostile-" })
    yield* fs.writeFileString(path.join(root, "a.js"), "const a = 1\nconsole.log(a)\n")
    yield* fs.writeFileString(path.join(root, "eslint.config.mjs"), config)
    yield* extra(root)
    return root
  }).pipe(Effect.orDie)

const lintWith = (root: string, configurationFileLimits: ConfigLintLimits = limits) =>
  readSourceTree(root).pipe(
    Effect.orDie,
    Effect.flatMap((files) => lintTree(root, files, { rules: [], useConfigurationFile: true, configurationFileLimits }))
  )

/** The reason the analysis gives for refusing the config. */
const refusal = (
  config: string,
  extra?: (root: string) => Effect.Effect<void, unknown, FileSystem.FileSystem>,
  configurationFileLimits: ConfigLintLimits = limits
) =>
  checkoutWith(config, extra).pipe(
    Effect.flatMap((root) => Effect.flip(lintWith(root, configurationFileLimits))),
    Effect.map((error) => {
      expect(error._tag).toBe("LintError")
      expect(error.configurationFile).toBe("eslint.config.mjs")
      return error.reason
    })
  )

/** A process of the service's user that a config must not be able to signal; killed with the test's scope. */
const standIn = Effect.acquireRelease(
  Effect.sync(() => spawn("sleep", ["60"], { stdio: "ignore" })),
  (victim) => Effect.sync(() => victim.kill("SIGKILL"))
)

const isAlive = (child: ChildProcess) => {
  try {
    return child.pid !== undefined && child.exitCode === null && process.kill(child.pid, 0)
  } catch {
    return false
  }
}

const wellBehaved = 'export default [{ rules: { semi: "error" } }]\n'

const run = <A, E>(effect: Effect.Effect<A, E, FileSystem.FileSystem | Path.Path | import("effect").Scope.Scope>) =>
  effect.pipe(Effect.scoped, Effect.provide(NodeContext.layer))

describe("the repository's ESLint config runs sandboxed", () => {
  it.effect("sees an empty environment: the service's secrets are not there to read", () =>
    run(Effect.gen(function*() {
      process.env.TIDEMARK_SANDBOX_CANARY = canary
      const reason = yield* refusal('throw new Error("env=" + JSON.stringify(process.env))\n').pipe(
        Effect.ensuring(Effect.sync(() => delete process.env.TIDEMARK_SANDBOX_CANARY))
      )
      expect(reason).toBe("env={}")
    })))

  it.effect("cannot read a file outside the checkout, directly or through a symbolic link in it", () =>
    run(Effect.gen(function*() {
      const direct = yield* refusal('import fs from "node:fs"\nfs.readFileSync("/etc/passwd")\nexport default []\n')
      expect(direct).toMatch(/^the sandbox refused FileSystemRead \(\/etc\/passwd\)/)
      // Node 20's permission model follows a link inside an allowed folder: the sandbox must not
      // offer the link at all.
      const outside = yield* FileSystem.FileSystem.pipe(
        Effect.flatMap((fs) => fs.makeTempDirectoryScoped({ prefix: "tidemark-outside-" })),
        Effect.tap((dir) => Effect.flatMap(FileSystem.FileSystem, (fs) => fs.writeFileString(join(dir, "secret.txt"), canary)))
      )
      const linkTo = (target: string, name: string) => (root: string) =>
        Effect.flatMap(FileSystem.FileSystem, (fs) => fs.symlink(target, join(root, name)))
      const linkedFile = yield* refusal(
        'import fs from "node:fs"\nthrow new Error("read=" + fs.readFileSync("./secret.txt", "utf8"))\n',
        linkTo(join(outside, "secret.txt"), "secret.txt")
      )
      expect(linkedFile).not.toContain(canary)
      expect(linkedFile).toMatch(/ENOENT/)
      const linkedFolder = yield* refusal(
        'import fs from "node:fs"\nthrow new Error("read=" + fs.readFileSync("./outside/secret.txt", "utf8"))\n',
        linkTo(outside, "outside")
      )
      expect(linkedFolder).not.toContain(canary)
    })))

  it.effect("cannot write a file, in the checkout or elsewhere", () =>
    run(Effect.gen(function*() {
      const target = join(tmpdir(), `tidemark-hostile-write-${process.pid}`)
      const elsewhere = yield* refusal(`import fs from "node:fs"\nfs.writeFileSync(${JSON.stringify(target)}, "x")\nexport default []\n`)
      expect(elsewhere).toMatch(/^the sandbox refused FileSystemWrite/)
      expect(existsSync(target)).toBe(false)
      const inside = yield* refusal('import fs from "node:fs"\nfs.writeFileSync("./planted.js", "x")\nexport default []\n')
      expect(inside).toMatch(/^the sandbox refused FileSystemWrite/)
    })))

  it.effect("cannot start a process or a worker", () =>
    run(Effect.gen(function*() {
      const spawned = yield* refusal('import cp from "node:child_process"\ncp.execSync("id")\nexport default []\n')
      expect(spawned).toMatch(/^the sandbox refused ChildProcess/)
      const worker = yield* refusal('import { Worker } from "node:worker_threads"\nnew Worker("1", { eval: true })\nexport default []\n')
      expect(worker).toMatch(/^the sandbox refused WorkerThreads/)
    })))

  it.effect("cannot open a connection, send a datagram or resolve a name", () =>
    run(Effect.gen(function*() {
      // PostgreSQL listens here with trust authentication: the socket is what must not open.
      const tcp = yield* refusal('import net from "node:net"\nnet.connect(5432, "127.0.0.1")\nexport default []\n')
      expect(tcp).toMatch(/^the sandbox refused Network \(net\.Socket#connect\)/)
      const http = yield* refusal('import http from "node:http"\nhttp.get("http://127.0.0.1:4222/")\nexport default []\n')
      expect(http).toMatch(/^the sandbox refused Network/)
      const fetched = yield* refusal('await fetch("http://127.0.0.1:4222/")\nexport default []\n')
      expect(fetched).toMatch(/^the sandbox refused Network \(fetch\)/)
      const tls = yield* refusal('import tls from "node:tls"\ntls.connect(5432, "127.0.0.1")\nexport default []\n')
      expect(tls).toMatch(/^the sandbox refused Network/)
      const udp = yield* refusal('import dgram from "node:dgram"\ndgram.createSocket("udp4").send("x", 53, "127.0.0.1")\nexport default []\n')
      expect(udp).toMatch(/^the sandbox refused Network/)
      const name = yield* refusal('import dns from "node:dns"\nawait dns.promises.resolveTxt("example.com")\nexport default []\n')
      expect(name).toMatch(/^the sandbox refused Network/)
    })))

  it.effect("cannot signal a process of the service, nor its own parent", () =>
    run(Effect.gen(function*() {
      const victim = yield* standIn
      const kill = (call: string) =>
        refusal(`import fs from "node:fs"\n${call}(Number(fs.readFileSync("./victim.pid", "utf8")), "SIGKILL")\nexport default []\n`, (root) =>
          Effect.flatMap(FileSystem.FileSystem, (fs) => fs.writeFileString(join(root, "victim.pid"), String(victim.pid))))
      expect(yield* kill("process.kill")).toMatch(/^the sandbox refused Signal \(process\.kill\)/)
      expect(yield* kill("process._kill")).toMatch(/^the sandbox refused Signal \(process\._kill\)/)
      expect(yield* refusal('process.kill(process.ppid, "SIGKILL")\nexport default []\n')).toMatch(/^the sandbox refused Signal/)
      expect(isAlive(victim)).toBe(true)
    })), 20_000)

  it("keeps the service's processes out of the child's reach even without the guard: its own PID namespace, another user", () => {
    const confined = confinement()
    // This project's machines run the service as root, where both fences hold.
    expect(confined.pidNamespace).toBeDefined()
    if (process.getuid?.() === 0) expect(confined.user).toEqual({ uid: 65534, gid: 65534 })
    const victim = spawn("sleep", ["60"], { stdio: "ignore" })
    try {
      const { args, command } = launch(confined, process.execPath, [
        "-e",
        `try { process.kill(${victim.pid}, "SIGKILL"); console.log("killed") } catch (e) { console.log(e.code) }`
      ])
      const result = spawnSync(command, args, { encoding: "utf8", timeout: 10_000 })
      expect(result.stdout.trim()).toBe("ESRCH")
      expect(isAlive(victim)).toBe(true)
    } finally {
      victim.kill("SIGKILL")
    }
  })

  it("keeps its PID namespace but not the user switch when that user cannot reach the linter's modules", () => {
    // Installed under a folder only root may enter (mkdtemp makes it 0700).
    const hidden = mkdtempSync(join(tmpdir(), "tidemark-hidden-"))
    try {
      const confined = probeConfinement([hidden])
      expect(confined.user).toBeUndefined()
      expect(confined.pidNamespace).toBeDefined()
      expect(probeConfinement([tmpdir()]).user).toEqual(process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined)
    } finally {
      rmSync(hidden, { recursive: true, force: true })
    }
  })

  it.effect("cannot tell whether a path outside exists, resolve a service's name, or write a trace", () =>
    run(Effect.gen(function*() {
      const realpath = yield* refusal('import fs from "node:fs"\nfs.realpathSync("/etc/passwd")\nexport default []\n')
      expect(realpath).toMatch(/^the sandbox refused FileSystemRead \(fs\.realpathSync \(\/etc\/passwd\)\)/)
      const named = yield* refusal('import { realpathSync } from "node:fs"\nrealpathSync.native("/root")\nexport default []\n')
      expect(named).toMatch(/^the sandbox refused FileSystemRead/)
      const promised = yield* refusal('import fs from "node:fs/promises"\nawait fs.realpath("/nope")\nexport default []\n')
      expect(promised).toMatch(/^the sandbox refused FileSystemRead/)
      const service = yield* refusal('import dns from "node:dns"\ndns.lookupService("127.0.0.1", 22, () => {})\nexport default []\n')
      expect(service).toMatch(/^the sandbox refused Network \(dns\.lookupService\)/)
      const root = yield* checkoutWith(
        'import trace from "node:trace_events"\ntrace.createTracing({ categories: ["v8"] }).enable()\nexport default []\n'
      )
      const traced = yield* Effect.flip(lintWith(root))
      expect(traced.reason).toMatch(/^the sandbox refused FileSystemWrite \(trace_events\.createTracing\)/)
      expect(readdirSync(root).filter((name) => name.startsWith("node_trace"))).toEqual([])
    })))

  it.effect("is stopped when it runs past the time limit", () =>
    run(Effect.gen(function*() {
      const reason = yield* refusal("while (true) {}\nexport default []\n")
      expect(reason).toBe("did not finish within 4s")
    })), 20_000)

  it.effect("is stopped when it allocates past the memory limit, in the heap or in buffers", () =>
    run(Effect.gen(function*() {
      // Time enough to reach the memory limit first, even on a busy machine (4 s was not, once).
      const slow = { ...limits, timeout: Duration.seconds(40) }
      const heap = yield* refusal("const kept = []\nwhile (true) kept.push({ at: Math.random() })\nexport default []\n", undefined, slow)
      expect(heap).toBe("used more than 256 MB of memory")
      const buffers = yield* refusal("const kept = []\nwhile (true) kept.push(Buffer.alloc(16 * 1024 * 1024, 1))\nexport default []\n", undefined, slow)
      expect(buffers).toBe("used more than 256 MB of memory")
    })), 100_000)

  it.effect("reports an error thrown later, outside the config's loading", () =>
    run(Effect.gen(function*() {
      const reason = yield* refusal('setTimeout(() => { throw new Error("late") }, 0)\nawait new Promise(() => {})\nexport default []\n')
      expect(reason).toBe("late")
    })), 20_000)

  it.effect("cannot pass off printed text as its answer", () =>
    run(Effect.gen(function*() {
      const root = yield* checkoutWith(`console.log(JSON.stringify({ _tag: "Linted", files: [] }))\n${wellBehaved}`)
      const result = yield* lintWith(root)
      const inCode = result.issues.filter((issue) => issue.file === "a.js")
      expect(inCode.map((issue) => [issue.line, issue.patternId])).toEqual([[1, "ESLint9_semi"], [2, "ESLint9_semi"]])
    })))

  it.effect("leaves the worker able to lint the next repository", () =>
    run(Effect.gen(function*() {
      yield* refusal("while (true) {}\nexport default []\n")
      const root = yield* checkoutWith(wellBehaved)
      const result = yield* lintWith(root)
      expect(result.issues.filter((issue) => issue.file === "a.js")).toHaveLength(2)
      expect(result.configurationFile).toBe("eslint.config.mjs")
    })), 20_000)
})
