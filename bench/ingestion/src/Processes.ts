import { Duration, Effect, Schedule } from "effect"
import { type ChildProcess, spawn } from "node:child_process"
import { createWriteStream } from "node:fs"
import { fileURLToPath } from "node:url"

/** The built `tidemark` command (`pnpm build` first). */
export const tidemarkBin = fileURLToPath(new URL("../../../packages/server/dist/bin.js", import.meta.url))
export const baselineScript = fileURLToPath(new URL("./BaselineServer.ts", import.meta.url))

export interface Child {
  readonly name: string
  readonly process: ChildProcess
  readonly exited: Promise<number | null>
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once("exit", (code) => resolve(code))
  })

/** Asks the process to stop (it writes its CPU profile on a clean exit), then kills it after `grace`. */
const stop = (child: Child, grace: Duration.Duration) =>
  Effect.promise(async () => {
    if (child.process.exitCode !== null || child.process.signalCode !== null) return
    child.process.kill("SIGTERM")
    const timer = setTimeout(() => child.process.kill("SIGKILL"), Duration.toMillis(grace))
    await child.exited
    clearTimeout(timer)
  })

/**
 * A Node process of the benchmark, its output appended to `logFile`, stopped with the scope.
 * Only the loopback interface is used: HOST is forced to 127.0.0.1.
 */
export const node = (name: string, args: ReadonlyArray<string>, env: Record<string, string>, logFile: string) =>
  Effect.acquireRelease(
    Effect.sync((): Child => {
      const log = createWriteStream(logFile, { flags: "a" })
      const child = spawn(process.execPath, [...args], {
        env: { ...process.env, ...env, HOST: "127.0.0.1" },
        stdio: ["ignore", "pipe", "pipe"]
      })
      child.stdout.pipe(log)
      child.stderr.pipe(log)
      return { name, process: child, exited: exitOf(child) }
    }),
    (child) => stop(child, Duration.seconds(15))
  )

/** Polls `probe` every 200 ms until it succeeds, failing after `timeout` or if the process exits. */
export const waitUntilReady = <A, E>(child: Child, probe: Effect.Effect<A, E>, timeout: Duration.DurationInput) =>
  Effect.suspend((): Effect.Effect<A, E | Error> =>
    child.process.exitCode !== null
      ? Effect.fail(new Error(`${child.name} exited with code ${child.process.exitCode} before it was ready`))
      : probe
  ).pipe(
    Effect.retry(Schedule.spaced(Duration.millis(200))),
    Effect.timeoutFail({ duration: timeout, onTimeout: () => new Error(`${child.name} not ready within ${Duration.format(Duration.decode(timeout))}`) })
  )
