/**
 * Summarises the newest `.cpuprofile` of a directory (self time per function and per package,
 * time per concern of a request), e.g. one written by `BENCH_PROFILE_DIR=… pnpm bench`.
 *
 *   pnpm --filter @tidemark/bench-ingestion profile -- /tmp/tidemark-bench-prof
 */
import { Cause, Console, Effect, Exit } from "effect"
import * as Profile from "./Profile.js"

const dir = process.argv[2]
const program = dir === undefined
  ? Effect.fail(new Error("usage: ProfileSummary.ts <directory holding .cpuprofile files>"))
  : Effect.flatMap(Profile.summarise(dir, 40), Console.log)

Effect.runPromiseExit(program).then((exit) => {
  if (Exit.isFailure(exit)) {
    console.error(Cause.pretty(exit.cause))
    process.exitCode = 1
  }
})
