import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Either } from "effect"
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { defaultRunLimits } from "../../src/external/ConfinedRun.js"
import { runBatched, spreadSize } from "../../src/external/BatchedRun.js"
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

  it.effect("spreads the files over runs side by side, each given at least filesEach", () =>
    Effect.gen(function*() {
      const { root } = checkoutOf({ "a.c": "", "b.c": "", "c.c": "", "d.c": "" })
      // Each run says whether another ran beside it: it marks its start, then waits up to 5 s for a second mark.
      const marks = mkdtempSync(join(tmpdir(), "tidemark-marks-"))
      chmodSync(marks, 0o1777)
      const program = join(root, "side-by-side")
      writeFileSync(program, [
        "#!/bin/sh",
        "shift",
        // Not $$: each run has a PID namespace of its own, where it is 1.
        `mktemp -p ${marks} > /dev/null`,
        "i=0; while [ \"$(ls " + marks + " | wc -l)\" -lt 2 ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done",
        "echo \"$(ls " + marks + " | wc -l) $*\" >&2",
        ""
      ].join("\n"))
      chmodSync(program, 0o755)
      const request = { ...requestOf(root, ["a.c", "b.c", "c.c", "d.c"]), program, fences: childFences([program]) }
      const together = yield* runBatched({ ...request, parallel: { runs: 2, filesEach: 2 } })
      expect([...together]).toEqual([["a.c", Either.right("2 a.c b.c")], ["b.c", Either.right("2 a.c b.c")], ["c.c", Either.right("2 c.c d.c")], ["d.c", Either.right("2 c.c d.c")]])
      // Too few files to fill two runs of three: one run.
      const one = yield* runBatched({ ...requestOf(root, ["a.c", "b.c", "c.c", "d.c"]), parallel: { runs: 2, filesEach: 3 } })
      expect(new Set([...one.values()].map((outcome) => Either.getOrElse(outcome, () => "failed")))).toEqual(new Set(["a.c b.c c.c d.c"]))
    }))
})

describe("spreadSize", () => {
  it("fills as many runs as allowed with at least filesEach files, the files shared evenly", () => {
    expect(spreadSize(107, { runs: 2, filesEach: 20 })).toBe(54)
    expect(spreadSize(30, { runs: 2, filesEach: 20 })).toBe(30)
    expect(spreadSize(100, { runs: 4, filesEach: 20 })).toBe(25)
    expect(spreadSize(0, { runs: 2, filesEach: 20 })).toBe(1)
  })
})
