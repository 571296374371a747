import { unkept } from "../ProbeCache.js"
import { canSwitchTo, dropTo, type Launch, nobody, probedOnce, type SandboxUser, succeeds, userReaches } from "../SandboxLauncher.js"

/**
 * The fences an external analyser (ShellCheck, and the Debian tools after it) runs behind. The
 * program is the server's own, but it reads the repository's files, and a parser is code that
 * crashes, loops and allocates on hostile input. Beside SandboxLauncher's fences (a PID namespace
 * of its own, an unprivileged user when the service runs as root, a session of its own), it gets:
 *
 * - a network namespace of its own (`unshare --net`): only a loopback interface that is down, so
 *   no address, local or remote, can be reached;
 * - a limit on its address space (`prlimit --as`), and no core dump (`--core=0`);
 * - an empty environment, a time limit and a cap on the output read (ConfinedRun).
 *
 * Each is tried once on the machine, as SandboxLauncher tries its own: what the machine refuses is
 * left out, and `fencesOf` says which hold, for the log and the docs.
 */
export interface ChildFences {
  /** `unshare`'s arguments (ending with `--`), when the machine allows a namespace of either kind. */
  readonly namespaces: ReadonlyArray<string> | undefined
  /** The child has a PID namespace of its own: no process of the service is visible from it. */
  readonly pidNamespace: boolean
  /** The child has a network namespace of its own: nothing can be reached from it. */
  readonly network: boolean
  /** The user the child runs as, when the service runs as root and `setpriv` can switch to it. */
  readonly user: SandboxUser | undefined
  /** `prlimit` can limit the child's address space. */
  readonly memoryLimit: boolean
}

const unshareWorks = (args: ReadonlyArray<string>) => succeeds("unshare", [...args, "--", "true"])

/** What the machine allows whatever the child reads: the namespaces, the address-space limit, the user switch. */
interface MachineFences extends Omit<ChildFences, "user"> {
  readonly switchable: boolean
}

const probeMachine = (user: SandboxUser): MachineFences => {
  const isRoot = process.getuid?.() === 0
  const base = isRoot ? [] : ["--user", "--map-root-user"]
  const pid = unshareWorks([...base, "--pid", "--fork"])
  const net = unshareWorks([...base, "--net"])
  const kinds = [...(pid ? ["--pid", "--fork"] : []), ...(net ? ["--net"] : [])]
  const together = kinds.length > 0 && unshareWorks([...base, ...kinds])
  return {
    namespaces: together ? [...base, ...kinds, "--"] : undefined,
    pidNamespace: together && pid,
    network: together && net,
    switchable: canSwitchTo(user),
    memoryLimit: succeeds("prlimit", ["--as=1073741824", "--core=0", "--", "true"])
  }
}

/** The user switch holds for a child that reads `readable` when the user reaches all of it. */
const readingWith = ({ switchable, ...machine }: MachineFences, readable: ReadonlyArray<string>, user: SandboxUser): ChildFences => ({
  ...machine,
  user: switchable && readable.every((path) => userReaches(user, path)) ? user : undefined
})

/**
 * Tries each fence once. An ordinary user makes namespaces inside a user namespace of its own
 * (`--user --map-root-user`), where the kernel allows it. The user switch also needs the
 * unprivileged user to reach `readable` (the program, the checkout).
 */
export const probeChildFences = (readable: ReadonlyArray<string> = [], user: SandboxUser = nobody): ChildFences =>
  readingWith(probeMachine(user), readable, user)

let machine: MachineFences | undefined

/**
 * The machine's fences for a child that reads `readable`: the machine tried once per process (each
 * external analyser's program had its own five tries, run while the analysis thread waited), the
 * paths once per list.
 */
export const childFences: (readable?: ReadonlyArray<string>) => ChildFences = probedOnce((readable) =>
  readingWith(machine ??= probeMachine(nobody), readable, nobody))

/**
 * The fences of a run of `program` over the checkout at `root`: the machine's, probed once, without
 * the user switch where the unprivileged user cannot read the checkout (asked each time: a
 * checkout is a new folder each analysis).
 */
export const childFencesReading = (program: string, root: string): ChildFences => {
  const fences = childFences([program])
  return fences.user === undefined || userReaches(fences.user, root, unkept) ? fences : { ...fences, user: undefined }
}

/** The command that runs `command args` behind `fences`, its address space limited to `memoryMegabytes`. */
export const confinedLaunch = (fences: ChildFences, memoryMegabytes: number, command: string, args: ReadonlyArray<string>): Launch => {
  const asUser = fences.user === undefined ? [command, ...args] : ["setpriv", ...dropTo(fences.user), command, ...args]
  // prlimit before setpriv: the limits are set while still privileged, and kept across the switch.
  const limited = fences.memoryLimit ? ["prlimit", `--as=${memoryMegabytes * 1024 * 1024}`, "--core=0", "--", ...asUser] : asUser
  const wrapped = fences.namespaces === undefined ? limited : ["unshare", ...fences.namespaces, ...limited]
  const [first = command, ...rest] = wrapped
  return { command: first, args: rest }
}

/** In words, for the log and the docs: which fences hold around an external analyser here. */
export const fencesOf = (fences: ChildFences): string =>
  [
    ...(fences.pidNamespace ? ["a PID namespace of its own"] : []),
    ...(fences.network ? ["no network (a network namespace of its own)"] : []),
    ...(fences.user === undefined ? [] : [`user ${fences.user.uid}`]),
    ...(fences.memoryLimit ? ["an address-space limit"] : []),
    "an empty environment",
    "a session of its own",
    "a time limit",
    "a cap on its output"
  ].join(", ")
