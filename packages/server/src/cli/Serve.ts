import { Command } from "@effect/cli"
import { Effect } from "effect"
import { ExitCode } from "./ExitCode.js"

type ServerMain = typeof import("../ServerMain.js")

/**
 * Hands the process over to the server's modules (ServerMain.ts), loaded only when a server starts,
 * from the package itself rather than from this bundle: the client commands, run many times a day
 * in scripts and CI, start without them. Ctrl-C or SIGTERM aborts the server's run, and the
 * command waits for its layer to close (the embedded database flushes its files) before it exits.
 */
export const handOver = (mode: "serve" | "worker") =>
  Effect.async<number>((resume) => {
    const controller = new AbortController()
    const done = (import("@tidemark/server/main") as Promise<ServerMain>)
      .then((main) => main.runServer(mode, controller.signal))
      .then((code) => resume(Effect.succeed(code)), (error: unknown) => resume(Effect.die(error)))
    return Effect.promise(() => {
      controller.abort()
      return done
    })
  }).pipe(
    // ServerMain has already told what failed: the command only exits with its code.
    Effect.flatMap((code) => code === 0 ? Effect.void : new ExitCode({ code, message: "" }))
  )

/** `tidemark serve`: runs the bundled server until interrupted; every setting comes from the environment. */
export const serve = Command.make("serve", {}, () => handOver("serve")).pipe(
  Command.withDescription(
    "Run the Tidemark server. Settings come from the environment: PORT (8080), HOST (0.0.0.0), " +
      "TIDEMARK_DATA_DIR (./.tidemark), TIDEMARK_ADMIN_TOKEN (generated and printed once when unset), " +
      "TIDEMARK_MAX_BODY_BYTES, TIDEMARK_GIT_URL_GH|GL|BB, TIDEMARK_PUBLIC_URL (the dashboard's address, for commit status links)."
  )
)
