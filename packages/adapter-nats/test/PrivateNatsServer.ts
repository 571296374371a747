/**
 * Test support: a nats-server of a test's own, which the test may kill and restart (broker
 * outages) without disturbing the shared one.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { createConnection, createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Duration, Effect, Schedule } from "effect"

/** The nats-server binary: on the PATH, or where the Debian package puts it. */
const binary = () => {
  const directories = [...(process.env["PATH"] ?? "").split(":"), "/usr/sbin", "/usr/local/bin"]
  const found = directories.map((directory) => join(directory, "nats-server")).find((path) => existsSync(path))
  return found ?? "nats-server"
}

/** A loopback port nothing listens on (it was free a moment ago). */
export const freePort = Effect.async<number>((resume) => {
  const server = createServer()
  server.listen(0, "127.0.0.1", () => {
    const address = server.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    server.close(() => resume(Effect.succeed(port)))
  })
})

const accepting = (port: number) =>
  Effect.async<void, Error>((resume) => {
    const socket = createConnection({ host: "127.0.0.1", port })
    socket.once("connect", () => {
      socket.destroy()
      resume(Effect.void)
    })
    socket.once("error", (error) => resume(Effect.fail(error)))
  })

export interface PrivateNatsServer {
  readonly url: string
  /** Kills the server outright (SIGKILL), as a crash would. */
  readonly kill: Effect.Effect<void>
  /** Starts it again on the same port and storage directory. */
  readonly start: Effect.Effect<void, Error>
}

/**
 * A nats-server with JetStream of this test's own, on a free port with its storage in a fresh
 * directory; killed and its directory removed when the scope closes. Lets a test stop the broker
 * without disturbing the shared one.
 */
export const make = Effect.gen(function*() {
  const port = yield* freePort
  const storeDir = mkdtempSync(join(tmpdir(), "tidemark-nats-"))
  let process_: ChildProcess | undefined

  const kill = Effect.sync(() => {
    process_?.kill("SIGKILL")
    process_ = undefined
  })
  const start = Effect.gen(function*() {
    process_ = spawn(binary(), ["-a", "127.0.0.1", "-p", String(port), "-js", "-sd", storeDir], { stdio: "ignore" })
    yield* accepting(port).pipe(
      Effect.retry(Schedule.spaced(Duration.millis(50)).pipe(Schedule.upTo(Duration.seconds(10))))
    )
  })

  yield* Effect.addFinalizer(() => Effect.zipRight(kill, Effect.sync(() => rmSync(storeDir, { recursive: true, force: true }))))
  yield* start
  return { url: `nats://127.0.0.1:${port}`, kill, start } satisfies PrivateNatsServer
})
