import { Effect } from "effect"
import { resolve } from "node:path"
import { pathToFileURL } from "node:url"

/** Whether the module at `moduleUrl` is the script node (or tsx) was started with, not a module imported by a test. */
export const isScript = (moduleUrl: string): boolean => {
  const started = process.argv[1]
  return started !== undefined && pathToFileURL(resolve(started)).href === moduleUrl
}

/** Runs an example at the edge: prints its answer as JSON, or the failure with a non-zero exit code. */
export const runScript = <A, E>(program: Effect.Effect<A, E>): Promise<void> =>
  Effect.runPromise(program).then(
    (answer) => console.log(JSON.stringify(answer, null, 2)),
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    }
  )
