import { Duration, Effect, Schema } from "effect"
import { spawn } from "node:child_process"
import { killGroup, tailOf } from "../SandboxLauncher.js"
import { type ChildFences, confinedLaunch } from "./ChildFences.js"

/**
 * One run of an external analyser behind its fences (ChildFences), with an environment of three
 * fixed variables and nothing of the service's (no secret, no proxy, no locale of the host), a
 * time limit past which its whole process group is killed, and a cap on the output read. What
 * goes wrong is a ChildRunFailed naming the program and why: never an empty, clean-looking output.
 */

export interface RunLimits {
  readonly timeout: Duration.Duration
  /** The child's address space, where `prlimit` holds. */
  readonly memoryMegabytes: number
  /** The most of its standard output read; past it the child is stopped. */
  readonly outputBytes: number
}

export const defaultRunLimits: RunLimits = { timeout: Duration.minutes(5), memoryMegabytes: 2048, outputBytes: 64 * 1024 * 1024 }

/** The whole environment a child gets. HOME leads nowhere, so no user configuration is read. */
export const childEnvironment: Readonly<Record<string, string>> = {
  PATH: "/usr/local/bin:/usr/bin:/bin",
  HOME: "/nonexistent",
  LANG: "C.UTF-8"
}

export interface ChildRequest {
  /** The program, by absolute path (as ProgramOnPath found it). */
  readonly program: string
  readonly args: ReadonlyArray<string>
  /** The checkout: relative paths among `args` are read from it. */
  readonly cwd: string
  readonly fences: ChildFences
  readonly limits: RunLimits
  /**
   * The stream the program writes its findings on, read whole (up to `outputBytes`): standard
   * output unless told (Cppcheck writes its XML on standard error). Of the other, the end is kept.
   */
  readonly report?: "stdout" | "stderr" | undefined
  /**
   * Variables added to (or replacing) `childEnvironment`'s, chosen by the plug-in, never the service's: the Go
   * toolchain needs its caches and module settings told (GoEnvironment.ts).
   */
  readonly environment?: Readonly<Record<string, string>> | undefined
}

/** What a child that ran to its end left: its exit code is the program's to interpret. */
export interface ChildOutput {
  readonly exitCode: number
  /** Whole when it is the report's stream, else its end. */
  readonly stdout: string
  /** Whole when it is the report's stream, else its end. */
  readonly stderr: string
}

export class ChildRunFailed extends Schema.TaggedError<ChildRunFailed>()("ChildRunFailed", {
  program: Schema.String,
  reason: Schema.Literal("not_started", "timed_out", "output_too_large", "crashed"),
  detail: Schema.String
}) {
  override get message(): string {
    return `${this.program}: ${this.detail}`
  }
}

const stderrKept = 4096

/** A launcher that could not run what follows it exits 126 or 127, saying so under its own name. */
const launcherFailed = (code: number, stderr: string): boolean =>
  (code === 126 || code === 127) && /^(unshare|prlimit|setpriv): (failed to execute|cannot|.*: No such file)/m.test(stderr)

export const runConfined = (request: ChildRequest): Effect.Effect<ChildOutput, ChildRunFailed> =>
  Effect.async<ChildOutput, ChildRunFailed>((resume) => {
    const { limits, program } = request
    const { args, command } = confinedLaunch(request.fences, limits.memoryMegabytes, program, request.args)
    const child = spawn(command, args, {
      cwd: request.cwd,
      env: { ...childEnvironment, ...request.environment },
      // A session of its own: a stop kills every process of its group, and its signals to its group reach nothing else.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"]
    })
    const chunks: Array<Buffer> = []
    let read = 0
    const other = tailOf(stderrKept)
    const report = request.report === "stderr" ? child.stderr : child.stdout
    let stopped: ChildRunFailed | undefined
    const stop = (reason: ChildRunFailed["reason"], detail: string) => {
      stopped ??= new ChildRunFailed({ program, reason, detail })
      killGroup(child.pid)
      child.kill("SIGKILL")
    }
    report.on("data", (chunk: Buffer) => {
      if (stopped !== undefined) return
      read += chunk.length
      if (read > limits.outputBytes) return stop("output_too_large", `wrote more than ${limits.outputBytes} bytes of output`)
      chunks.push(chunk)
    })
    ;(report === child.stdout ? child.stderr : child.stdout).on("data", other.add)
    const timer = setTimeout(() => stop("timed_out", `did not finish within ${Duration.format(limits.timeout)}`), Duration.toMillis(limits.timeout))
    let settled = false
    const settle = (outcome: Effect.Effect<ChildOutput, ChildRunFailed>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      // Whatever it left running in its group goes with it.
      killGroup(child.pid)
      resume(outcome)
    }
    const failed = (reason: ChildRunFailed["reason"], detail: string) => settle(Effect.fail(new ChildRunFailed({ program, reason, detail })))
    child.once("error", (error) => {
      stop("not_started", `could not be started: ${error.message}`)
      // A child that never started has no `close` to wait for.
      if (child.pid === undefined && stopped !== undefined) settle(Effect.fail(stopped))
    })
    child.once("close", (code, signal) => {
      if (stopped !== undefined) return settle(Effect.fail(stopped))
      const whole = Buffer.concat(chunks).toString("utf8")
      const [stdout, stderr] = request.report === "stderr" ? [other.text(), whole] : [whole, other.text()]
      // What a launcher or a crash says is at the end of standard error.
      const end = tailOf(stderrKept)
      end.add(Buffer.from(stderr))
      const last = end.lastLine()
      if (signal !== null || code === null) return failed("crashed", `was killed by ${signal ?? "a signal"}${last === "" ? "" : `: ${last}`}`)
      if (launcherFailed(code, end.text())) return failed("not_started", `could not be started: ${last}`)
      settle(Effect.succeed({ exitCode: code, stdout, stderr }))
    })
    return Effect.sync(() => {
      clearTimeout(timer)
      killGroup(child.pid)
      child.kill("SIGKILL")
    })
  })
