import { Duration, Effect, Schema } from "effect"
import { spawn } from "node:child_process"
import { readFileSync, realpathSync } from "node:fs"
import { chmod, chown, cp, lstat, mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { createRequire } from "node:module"
import { basename, dirname, join, sep } from "node:path"
import { fileURLToPath } from "node:url"
import { ConfigLintReply, type ConfigLintRequest } from "./ConfigLintProtocol.js"
import { type Confinement, confinement, killGroup, launch, tailOf } from "./SandboxLauncher.js"

/**
 * Runs ConfigLintChild, the process that loads a repository's ESLint config (the repository's
 * code), confined: an empty environment (no secret to read), Node's permission model (reading only
 * the checkout and the linter's own modules; no writes, child processes, workers, addons or WASI),
 * no network (NetworkBlock), a V8 heap limit and a watch on its resident memory (Buffers live
 * outside the heap), and a time limit. Whatever breaks a limit is killed and named in the failure.
 *
 * The child reads a private copy of the checkout without its symbolic links: Node 20's permission
 * model checks the path asked for, not where a link leads, so a link committed to the repository
 * (`passwd -> /etc/passwd`) would read past it.
 *
 * It cannot signal the service's processes: SandboxLauncher starts it in a PID namespace of its
 * own and, when the service runs as root, as an unprivileged user; the child refuses `process.kill`
 * too. It is the leader of a process group of its own, which is what a stop kills.
 */

export interface ConfigLintLimits {
  readonly timeout: Duration.Duration
  readonly memoryMegabytes: number
}

export const defaultConfigLintLimits: ConfigLintLimits = { timeout: Duration.minutes(5), memoryMegabytes: 1024 }

/** Source and built modules both sit one folder below the package, beside `dist/`. */
const childScript = fileURLToPath(new URL("../dist/ConfigLintChild.js", import.meta.url))
const packageRoot = dirname(dirname(childScript))

/**
 * The folder of installed packages that holds ESLint and its dependencies: pnpm's store links them
 * to each other inside `node_modules/.pnpm`, npm puts them side by side, so both live under the
 * first `node_modules` of ESLint's real path.
 */
const linterModules = (): string => {
  const eslint = realpathSync(createRequire(import.meta.url).resolve("eslint"))
  const marker = `${sep}node_modules${sep}`
  const at = eslint.indexOf(marker)
  return at < 0 ? dirname(eslint) : eslint.slice(0, at + marker.length - 1)
}

const permissionFlag = process.allowedNodeEnvironmentFlags.has("--permission") ? "--permission" : "--experimental-permission"

const argumentsFor = (root: string, limits: ConfigLintLimits): ReadonlyArray<string> => [
  "--no-warnings",
  permissionFlag,
  ...[root, packageRoot, linterModules()].map((path) => `--allow-fs-read=${path}`),
  `--max-old-space-size=${limits.memoryMegabytes}`,
  childScript
]

/** What /proc says of a process, or nothing once it has exited. */
const procText = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8")
  } catch {
    return undefined // the process has just exited
  }
}

/** Resident memory of one process in bytes, where /proc tells it (Linux). */
const residentBytes = (pid: number): number | undefined => {
  const line = procText(`/proc/${pid}/status`)?.split("\n").find((l) => l.startsWith("VmRSS:"))
  const kilobytes = line === undefined ? NaN : Number.parseInt(line.slice("VmRSS:".length), 10)
  return Number.isNaN(kilobytes) ? undefined : kilobytes * 1024
}

/**
 * Resident memory of a process and its descendants: behind `unshare` and `setpriv` the linting
 * process is a child of the one spawned. Elsewhere than Linux only V8's heap limit holds.
 */
const treeResidentBytes = (pid: number): number | undefined => {
  const own = residentBytes(pid)
  const children = (procText(`/proc/${pid}/task/${pid}/children`) ?? "").split(" ").filter((p) => p !== "").map(Number)
  return children.reduce<number | undefined>((sum, child) => {
    const bytes = treeResidentBytes(child)
    return bytes === undefined ? sum : (sum ?? 0) + bytes
  }, own)
}

const memoryWatchInterval = 50

const decodeReply = Schema.decodeUnknownEither(ConfigLintReply)

/** Where the private copies go: named after the process that made them, so that a later start can remove a dead one's. */
export const sandboxCopyPrefix = "tidemark-sandbox-"

/**
 * The checkout's regular files and folders (not `.git`), copied to a folder of the sandbox's own,
 * removed after use. Running as another user, the child reads it through the folder's group; no
 * other local user can.
 */
const privateCopyOf = (root: string, confined: Confinement) =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: async () => {
        const copy = await mkdtemp(join(tmpdir(), `${sandboxCopyPrefix}${process.pid}-`))
        const admitted = async (source: string) =>
          !(source !== root && basename(source) === ".git") && !(await lstat(source)).isSymbolicLink()
        await cp(root, copy, { recursive: true, filter: admitted })
        if (confined.user !== undefined) {
          await chown(copy, process.getuid?.() ?? 0, confined.user.gid)
          await chmod(copy, 0o750)
        }
        return copy
      },
      catch: (error) => `could not prepare the sandbox's copy of the checkout: ${error instanceof Error ? error.message : String(error)}`
    }),
    (copy) => Effect.promise(() => rm(copy, { recursive: true, force: true }))
  )

/** The fences the linting process runs behind here: it must reach node and the linter's modules as whichever user it runs. */
export const sandboxConfinement = (): Confinement => confinement([process.execPath, packageRoot, linterModules()])

export const lintInSandbox = (request: ConfigLintRequest, limits: ConfigLintLimits): Effect.Effect<ConfigLintReply, string> =>
  Effect.suspend(() => {
    const confined = sandboxConfinement()
    return Effect.scoped(Effect.flatMap(privateCopyOf(request.root, confined), (root) => runChild({ ...request, root }, limits, confined)))
  })

const runChild = (request: ConfigLintRequest, limits: ConfigLintLimits, confined: Confinement): Effect.Effect<ConfigLintReply, string> =>
  Effect.async<ConfigLintReply, string>((resume) => {
    const memoryLimit = `more than ${limits.memoryMegabytes} MB of memory`
    const { args, command } = launch(confined, process.execPath, argumentsFor(request.root, limits))
    const child = spawn(command, args, {
      cwd: request.root,
      env: {},
      // A group of its own: a stop kills every process of it, and the child's signals to its group reach nothing else.
      detached: true,
      // stdout is dropped: the answer comes over IPC, so nothing the config prints can be taken for it.
      stdio: ["ignore", "ignore", "pipe", "ipc"]
    })
    const stderr = tailOf(4096)
    child.stderr?.on("data", stderr.add)
    let stopped: string | undefined
    let answer: unknown
    const stop = (reason: string) => {
      stopped ??= reason
      killGroup(child.pid)
      child.kill("SIGKILL")
    }
    const timer = setTimeout(() => stop(`did not finish within ${Duration.format(limits.timeout)}`), Duration.toMillis(limits.timeout))
    const watch = setInterval(() => {
      const resident = child.pid === undefined ? undefined : treeResidentBytes(child.pid)
      if (resident !== undefined && resident > limits.memoryMegabytes * 1024 * 1024) stop(`used ${memoryLimit}`)
    }, memoryWatchInterval)
    const settle = (outcome: Effect.Effect<ConfigLintReply, string>) => {
      clearTimeout(timer)
      clearInterval(watch)
      resume(outcome)
    }
    child.on("message", (message) => {
      answer ??= message
    })
    child.once("error", (error) => stop(`could not start the linting process: ${error.message}`))
    child.once("close", (code, signal) => {
      if (stopped !== undefined) return settle(Effect.fail(stopped))
      if (answer !== undefined) {
        const decoded = decodeReply(answer)
        return settle(decoded._tag === "Right" ? Effect.succeed(decoded.right) : Effect.fail("the linting process answered something that is not a lint result"))
      }
      // V8 ends its report of a full heap with a native stack: the cause is above the last line.
      if (/heap limit|out of memory/i.test(stderr.text())) return settle(Effect.fail(`used ${memoryLimit}`))
      const last = stderr.lastLine()
      const how = signal === null ? `with code ${code}` : `on ${signal}`
      return settle(Effect.fail(`the linting process exited ${how}${last === "" ? "" : `: ${last}`}`))
    })
    child.send(request, (error) => {
      // The child may die before reading the request: `close` reports why.
      if (error !== null) {
        killGroup(child.pid)
        child.kill("SIGKILL")
      }
    })
    return Effect.sync(() => {
      clearTimeout(timer)
      clearInterval(watch)
      killGroup(child.pid)
      child.kill("SIGKILL")
    })
  })
