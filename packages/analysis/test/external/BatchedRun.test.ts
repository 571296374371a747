import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Either } from "effect"
import { chmodSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { defaultRunLimits } from "../../src/external/ConfinedRun.js"
import { runBatched } from "../../src/external/BatchedRun.js"
import { childFences } from "../../src/external/ChildFences.js"
import { checkoutOf } from "./Checkout.js"

/**
 * A stand-in analyser that writes, on standard error, the files of its run on one line, and
 * fails any run given `bad.c`.
 */
const fakeAnalyser = (folder: string): string => {
  const program = join(folder, "fake-analyser")
  writeFileSync(program, [
    "#!/bin/sh",
    "shift",
    "for f in \"$@\"; do [ \"$f\" = bad.c ] && { echo 'cannot' >&2; exit 3; }; done",
    "echo \"$@\" >&2",
    ""
  ].join("\n"))
  chmodSync(program, 0o755)
  return program
}

const requestOf = (root: string, files: ReadonlyArray<string>, maxFiles?: number) => {
  const program = fakeAnalyser(root)
  return {
    name: "Fake",
    program,
    root,
    fences: childFences([program]),
    limits: { run: defaultRunLimits, total: Duration.minutes(1) },
    options: ["--report"],
    files,
    maxFiles,
    report: "stderr" as const,
    read: (given: ReadonlyArray<string>, output: { readonly exitCode: number; readonly stderr: string }) =>
      output.exitCode === 0
        ? Either.right(new Map(given.map((file) => [file, Either.right(output.stderr.trim())])))
        : Either.left(`Fake exited with code ${output.exitCode}`)
  }
}

describe("runBatched", () => {
  it.effect("runs the files at most maxFiles a run, and reads the report from the stream it is written on", () =>
    Effect.gen(function*() {
      const { root } = checkoutOf({ "a.c": "", "b.c": "", "c.c": "" })
      const outcomes = yield* runBatched(requestOf(root, ["a.c", "b.c", "c.c"], 2))
      expect([...outcomes]).toEqual([["a.c", Either.right("a.c b.c")], ["b.c", Either.right("a.c b.c")], ["c.c", Either.right("c.c")]])
    }))

  it.effect("runs a failed run's files again one by one, so that only the file that broke it fails", () =>
    Effect.gen(function*() {
      const { root } = checkoutOf({ "a.c": "", "bad.c": "" })
      const outcomes = yield* runBatched(requestOf(root, ["a.c", "bad.c"]))
      expect([...outcomes]).toEqual([["a.c", Either.right("a.c")], ["bad.c", Either.left("Fake exited with code 3")]])
    }))

  it.effect("gives each run the plug-in's environment variables", () =>
    Effect.gen(function*() {
      const { root } = checkoutOf({ "a.c": "" })
      const program = join(root, "print-variable")
      writeFileSync(program, "#!/bin/sh\necho \"$GOFLAGS\" >&2\n")
      chmodSync(program, 0o755)
      const outcomes = yield* runBatched({ ...requestOf(root, ["a.c"]), program, fences: childFences([program]), environment: { GOFLAGS: "-mod=vendor" } })
      expect([...outcomes]).toEqual([["a.c", Either.right("-mod=vendor")]])
    }))
})
