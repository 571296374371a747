import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect } from "effect"
import { readdirSync, readFileSync } from "node:fs"
import { createServer, type Server } from "node:net"
import { childFences } from "../../src/external/ChildFences.js"
import { type ChildRequest, childEnvironment, defaultRunLimits, runConfined } from "../../src/external/ConfinedRun.js"

/**
 * What the runner promises an external analyser's run, each checked on this machine against what
 * the probe says holds here: the child sees no variable of the service, reaches no address when
 * the network fence holds, is stopped past its time and its output cap, and is told apart from a
 * clean run when it breaks.
 */

const bash = "/bin/bash"
const fences = childFences([bash])

const request = (script: string, limits: Partial<ChildRequest["limits"]> = {}): ChildRequest => ({
  program: bash,
  args: ["-c", script],
  cwd: "/",
  fences,
  limits: { ...defaultRunLimits, ...limits }
})

/** A TCP server of the test's, on the host's loopback, closed with the test's scope. */
const listening = Effect.acquireRelease(
  Effect.async<{ readonly server: Server; readonly port: number }>((resume) => {
    const server = createServer((socket) => socket.end("hello\n"))
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      resume(Effect.succeed({ server, port: typeof address === "object" && address !== null ? address.port : 0 }))
    })
  }),
  ({ server }) =>
    Effect.async<void>((resume) => {
      server.close(() => resume(Effect.void))
    })
)

/** A sleep's length no other process of the machine uses: how the test finds the child's sleepers. */
const marker = "61.7325"

/** The live processes (not zombies) running `sleep <marker>`. */
const sleepersLeft = (): ReadonlyArray<string> =>
  readdirSync("/proc").filter((entry) => /^\d+$/.test(entry)).filter((pid) => {
    try {
      const alive = !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"))
      return alive && readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes(marker)
    } catch {
      return false // gone while read
    }
  })

describe("runConfined", () => {
  it.effect("gives the child an environment of its own three variables, none of the service's", () =>
    Effect.gen(function*() {
      process.env["TIDEMARK_TEST_SECRET"] = "canary-7d1f"
      const output = yield* runConfined(request("env"))
      delete process.env["TIDEMARK_TEST_SECRET"]
      const variables = output.stdout.trim().split("\n").filter((line) => !/^(PWD|SHLVL|_)=/.test(line)).sort()
      // bash itself adds PWD, SHLVL and _; nothing else may come from outside.
      expect(variables).toEqual(Object.entries(childEnvironment).map(([name, value]) => `${name}=${value}`).sort())
      expect(output.stdout).not.toContain("canary-7d1f")
    }))

  it.effect("adds a plug-in's variables to the child's environment, over its own, and still none of the service's", () =>
    Effect.gen(function*() {
      process.env["TIDEMARK_TEST_SECRET"] = "canary-7d1f"
      const output = yield* runConfined({ ...request("env"), environment: { GOPROXY: "off", HOME: "/tmp/run-home" } })
      delete process.env["TIDEMARK_TEST_SECRET"]
      const variables = output.stdout.trim().split("\n").filter((line) => !/^(PWD|SHLVL|_)=/.test(line)).sort()
      expect(variables).toEqual(["GOPROXY=off", "HOME=/tmp/run-home", `LANG=${childEnvironment["LANG"]}`, `PATH=${childEnvironment["PATH"]}`])
    }))

  it.scoped("reaches no address when the probe says the network fence holds, and reaches one when it does not", () =>
    Effect.gen(function*() {
      const { port } = yield* listening
      const output = yield* runConfined(request(`exec 3<>/dev/tcp/127.0.0.1/${port} && head -n 1 <&3`))
      expect(output.exitCode === 0).toBe(!fences.network)
      expect(output.stdout.includes("hello")).toBe(!fences.network)
    }))

  it.effect("runs the child as PID 1 of a namespace of its own, as the unprivileged user, where those fences hold", () =>
    Effect.gen(function*() {
      const output = yield* runConfined(request("echo $$; id -u"))
      const [pid, uid] = output.stdout.trim().split("\n")
      expect(pid === "1").toBe(fences.pidNamespace)
      expect(uid === "65534").toBe(fences.user !== undefined)
    }))

  it.effect("limits the child's address space where prlimit holds", () =>
    Effect.gen(function*() {
      const output = yield* runConfined(request("ulimit -v", { memoryMegabytes: 256 }))
      expect(output.stdout.trim()).toBe(fences.memoryLimit ? String(256 * 1024) : "unlimited")
    }))

  it.effect("stops a child past its time, with its whole process group", () =>
    Effect.gen(function*() {
      const failed = yield* Effect.flip(runConfined(request(`sleep ${marker} & sleep ${marker}`, { timeout: Duration.millis(300) })))
      expect(failed.reason).toBe("timed_out")
      expect(failed.program).toBe(bash)
      expect(failed.message).toContain("did not finish within")
      // The background sleep goes with the rest: waited for until gone (a kill is not instant), never assumed.
      for (let tries = 0; tries < 100 && sleepersLeft().length > 0; tries++) yield* Effect.sleep(Duration.millis(50))
      expect(sleepersLeft()).toEqual([])
    }))

  it.effect("stops a child that writes more than the output cap", () =>
    Effect.gen(function*() {
      const failed = yield* Effect.flip(runConfined(request("head -c 10000000 /dev/zero", { outputBytes: 100_000 })))
      expect(failed.reason).toBe("output_too_large")
      const within = yield* runConfined(request("head -c 1000 /dev/zero", { outputBytes: 100_000 }))
      expect(within.stdout.length).toBe(1000)
    }))

  it.effect("reads the report whole from standard error when the program writes it there, and caps it", () =>
    Effect.gen(function*() {
      const script = "head -c 10000 /dev/zero | tr '\\0' x >&2; echo progress"
      const whole = yield* runConfined({ ...request(script), report: "stderr" })
      expect([whole.exitCode, whole.stderr.length, whole.stdout]).toEqual([0, 10000, "progress\n"])
      // Read as the other stream, only its end is kept.
      expect((yield* runConfined(request(script))).stderr.length).toBeLessThan(10000)
      const failed = yield* Effect.flip(runConfined({ ...request(script, { outputBytes: 1000 }), report: "stderr" }))
      expect(failed.reason).toBe("output_too_large")
    }))

  it.effect("tells a crash and a program that cannot start from a run", () =>
    Effect.gen(function*() {
      // A real fault (perl reads address 8): a signal PID 1 sends itself would be ignored by the kernel.
      const crashed = yield* Effect.flip(runConfined({ ...request(""), program: "/usr/bin/perl", args: ["-e", 'print unpack("p", pack("Q", 8))'] }))
      expect(crashed.reason).toBe("crashed")
      expect(crashed.message).toContain("SIGSEGV")
      const missing = yield* Effect.flip(runConfined({ ...request(""), program: "/nonexistent/tool" }))
      expect(missing.reason).toBe("not_started")
      expect(missing.message).toContain("could not be started")
      const exited = yield* runConfined(request("echo out; echo why >&2; exit 3"))
      expect(exited).toEqual({ exitCode: 3, stdout: "out\n", stderr: "why\n" })
    }))
})
