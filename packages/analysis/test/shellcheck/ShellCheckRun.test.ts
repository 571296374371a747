import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Either } from "effect"
import { chmodSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { childFences } from "../../src/external/ChildFences.js"
import { defaultShellCheckLimits, runShellCheck } from "../../src/shellcheck/ShellCheckRun.js"
import { checkoutOf } from "./ShellCheckFixture.js"

/**
 * A stand-in for ShellCheck that runs out of memory whenever it is given `heavy.sh` (as the real
 * one did on nvm.sh at 4 GB), and otherwise reports one SC2086 on line 1 of each file.
 */
const fakeShellCheck = (folder: string): string => {
  const program = join(folder, "fake-shellcheck")
  writeFileSync(program, [
    "#!/bin/sh",
    "while [ \"$1\" != \"--\" ]; do shift; done; shift",
    "for f in \"$@\"; do [ \"$f\" = heavy.sh ] && { echo 'shellcheck: out of memory' >&2; exit 251; }; done",
    "sep=''; printf '{\"comments\":['",
    "for f in \"$@\"; do printf '%s{\"file\":\"%s\",\"line\":1,\"endLine\":1,\"column\":6,\"endColumn\":8,\"level\":\"info\",\"code\":2086,\"message\":\"Double quote\",\"fix\":null}' \"$sep\" \"$f\"; sep=,; done",
    "printf ']}'; exit 1",
    ""
  ].join("\n"))
  chmodSync(program, 0o755)
  return program
}

const request = (root: string, program: string, files: ReadonlyArray<string>) => ({
  program,
  root,
  fences: childFences([program]),
  limits: defaultShellCheckLimits,
  options: ["--format=json1"],
  files
})

describe("runShellCheck", () => {
  it.effect("runs the files again one by one when a run fails, so that only the file that broke it fails", () =>
    Effect.gen(function*() {
      const { root } = checkoutOf({ "a.sh": "echo $1\n", "heavy.sh": "echo $1\n", "-x.sh": "echo $1\n" })
      const outcomes = yield* runShellCheck(request(root, fakeShellCheck(root), ["a.sh", "heavy.sh", "-x.sh"]))
      expect(Either.map(outcomes.get("a.sh") ?? Either.left(""), (comments) => comments.map((c) => [c.file, c.line, c.code]))).toEqual(Either.right([["a.sh", 1, 2086]]))
      expect(Either.isRight(outcomes.get("-x.sh") ?? Either.left(""))).toBe(true)
      expect(outcomes.get("heavy.sh")).toEqual(Either.left("ShellCheck exited with code 251: shellcheck: out of memory"))
    }))

  it.effect("gives the real ShellCheck's comments per file, and a file it cannot read as a failure", () =>
    Effect.gen(function*() {
      const { root } = checkoutOf({ "a.sh": "#!/bin/sh\necho $1\n" })
      const outcomes = yield* runShellCheck({ ...request(root, "/usr/bin/shellcheck", ["a.sh", "missing.sh"]), options: ["--format=json1", "--norc"] })
      expect(Either.map(outcomes.get("a.sh") ?? Either.left(""), (comments) => comments.map((c) => [c.line, c.code, c.level]))).toEqual(Either.right([[2, 2086, "info"]]))
      const missing = outcomes.get("missing.sh") ?? Either.right([])
      expect(Either.isLeft(missing) && missing.left.startsWith("ShellCheck could not read it:")).toBe(true)
    }))

  it.effect("fails what is left once the tree's time is spent, never counting it clean", () =>
    Effect.gen(function*() {
      const { root } = checkoutOf({ "a.sh": "echo $1\n" })
      const outcomes = yield* runShellCheck({ ...request(root, fakeShellCheck(root), ["a.sh"]), limits: { ...defaultShellCheckLimits, total: Duration.zero } })
      const outcome = outcomes.get("a.sh") ?? Either.right([])
      expect(Either.isLeft(outcome) && outcome.left.includes("ran out")).toBe(true)
    }))
})
