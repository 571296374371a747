import { spawnSync } from "node:child_process"
import { isAbsolute } from "node:path"
import { bootId, fileSignature, machineProbes, type ProbeCache, reachSignature } from "./ProbeCache.js"
import { findProgram } from "./ProgramSearch.js"

/**
 * How the sandboxed linting process is started, so that it cannot signal any process of the
 * service: Node 20's permission model does not cover `process.kill`, and a repository's config
 * killed the server with `process.kill(process.ppid, "SIGKILL")`.
 *
 * - In a PID namespace of its own (`unshare --pid --fork`): the service's processes are not
 *   visible from inside, so no pid the child can name is one of them. Root creates it directly; an
 *   ordinary user through a user namespace (`--user --map-root-user`), where the kernel allows it.
 * - As an unprivileged user when the service runs as root (`setpriv`, inside the namespace): the
 *   kernel refuses a signal from another user, and the child reads only what that user may.
 * - In a session of its own (`detached`), so that a signal to its process group reaches only it.
 *
 * What the machine does not offer is left out, and the child's own guard on `process.kill` is then
 * the only fence; `confinementOf` says which fences hold, for the log and the README.
 */

/** The unprivileged user and group the child runs as when the service runs as root (`nobody`). */
export interface SandboxUser {
  readonly uid: number
  readonly gid: number
}

export const nobody: SandboxUser = { uid: 65534, gid: 65534 }

export interface Confinement {
  /** `unshare`'s arguments for a PID namespace, when the machine allows one. */
  readonly pidNamespace: ReadonlyArray<string> | undefined
  /** The user the child runs as, when the service runs as root and `setpriv` can switch to it. */
  readonly user: SandboxUser | undefined
}

export interface Launch {
  readonly command: string
  readonly args: ReadonlyArray<string>
}

/**
 * The command ran here and exited 0: how a fence is tried before it is used. A success is kept for
 * the next processes (ProbeCache) while the command's program, the files in `reaching` (with every
 * folder above them) and the machine's boot are unchanged; a failure is tried again.
 */
export const succeeds = (command: string, args: ReadonlyArray<string>, reaching: ReadonlyArray<string> = [], cache: ProbeCache = machineProbes) => {
  const program = isAbsolute(command) ? command : findProgram(command, process.env["PATH"] ?? "")
  const signatures = [program === undefined ? undefined : fileSignature(program), ...reaching.map(reachSignature)]
  const boot = bootId()
  const key = program === undefined || boot === undefined || signatures.some((s) => s === undefined)
    ? undefined
    : ["succeeds", boot, String(process.getuid?.() ?? ""), program, ...args, "\0", ...signatures.map(String)]
  if (key !== undefined && cache.get(key) === "yes") return true
  const result = spawnSync(command, args, { stdio: "ignore", timeout: 5_000 })
  const ran = result.error === undefined && result.status === 0
  if (ran && key !== undefined) cache.set(key, "yes")
  return ran
}

/** `setpriv`'s arguments that run the rest of the command as `user`, without groups or new privileges. */
export const dropTo = (user: SandboxUser) => [`--reuid=${user.uid}`, `--regid=${user.gid}`, "--clear-groups", "--no-new-privs", "--"]

/**
 * Tries each fence once on this machine: a namespace or a user switch that fails here is not used.
 * The user switch also needs the unprivileged user to reach `readable` (node, the linter's
 * modules): a service installed under a folder only root may enter keeps the other fences.
 */
export const probeConfinement = (readable: ReadonlyArray<string> = [], user: SandboxUser = nobody): Confinement => {
  const isRoot = process.getuid?.() === 0
  const namespace = isRoot ? ["--pid", "--fork", "--"] : ["--user", "--map-root-user", "--pid", "--fork", "--"]
  const pidNamespace = succeeds("unshare", [...namespace, "true"]) ? namespace : undefined
  return { pidNamespace, user: switchableUser(readable, user) }
}

/** The service runs as root and `setpriv` can switch to `user` here (whatever the child is to read). */
export const canSwitchTo = (user: SandboxUser): boolean => process.getuid?.() === 0 && succeeds("setpriv", [...dropTo(user), "true"])

/** `user`, when the service runs as root, `setpriv` can switch to it here, and it reaches `readable`. */
export const switchableUser = (readable: ReadonlyArray<string>, user: SandboxUser): SandboxUser | undefined =>
  canSwitchTo(user) && readable.every((path) => userReaches(user, path)) ? user : undefined

/** `user` can read `path` (and pass through every folder above it); a folder made for one analysis is asked with `unkept`. */
export const userReaches = (user: SandboxUser, path: string, cache: ProbeCache = machineProbes): boolean =>
  succeeds("setpriv", [...dropTo(user), "test", "-r", path], [path], cache)

/** A probe of the machine run once per process and list of paths the child reads. */
export const probedOnce = <A>(probe: (readable: ReadonlyArray<string>) => A) => {
  const probed = new Map<string, A>()
  return (readable: ReadonlyArray<string> = []): A => {
    const key = readable.join("\0")
    const known = probed.get(key)
    if (known !== undefined) return known
    const found = probe(readable)
    probed.set(key, found)
    return found
  }
}

/** The machine's confinement for a child that reads `readable`, probed on first use. */
export const confinement: (readable?: ReadonlyArray<string>) => Confinement = probedOnce((readable) => probeConfinement(readable))

/** The command that runs `command args` behind the fences of `confined`. */
export const launch = (confined: Confinement, command: string, args: ReadonlyArray<string>): Launch => {
  const inner = confined.user === undefined ? [command, ...args] : ["setpriv", ...dropTo(confined.user), command, ...args]
  const wrapped = confined.pidNamespace === undefined ? inner : ["unshare", ...confined.pidNamespace, ...inner]
  const [first = command, ...rest] = wrapped
  return { command: first, args: rest }
}

/** In words, for the log: which fences keep the child from the service's processes. */
export const confinementOf = (confined: Confinement): string => {
  const fences = [
    ...(confined.pidNamespace === undefined ? [] : ["a PID namespace of its own"]),
    ...(confined.user === undefined ? [] : [`user ${confined.user.uid}`]),
    "a guard on process.kill"
  ]
  return fences.join(", ")
}

/** Kills a child's whole process group (the launchers and the confined process), as far as it still exists. */
export const killGroup = (pid: number | undefined): void => {
  if (pid === undefined) return
  try {
    process.kill(-pid, "SIGKILL")
  } catch {
    // The group has already exited.
  }
}

/** Keeps the end of what a child wrote on stderr: enough to say why it died, bounded whatever it writes. */
export const tailOf = (limit: number) => {
  let text = ""
  return {
    add: (chunk: Buffer) => {
      text = (text + chunk.toString("utf8")).slice(-limit)
    },
    text: () => text,
    lastLine: () => text.trim().split("\n").filter((line) => line.trim() !== "").at(-1) ?? ""
  }
}
