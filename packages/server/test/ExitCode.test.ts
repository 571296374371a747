import { describe, expect, it } from "@effect/vitest"
import { Exit, FiberId } from "effect"
import { ExitCode, exitCodeOf } from "../src/cli/ExitCode.js"
import { ServerUnreachable } from "../src/cli/ClientError.js"

describe("exitCodeOf", () => {
  it("is a command's own code when it fails with ExitCode, 1 for any other failure or defect, 0 on success and Ctrl-C", () => {
    expect(exitCodeOf(Exit.succeed("done"))).toBe(0)
    expect(exitCodeOf(Exit.fail(new ExitCode({ code: 2, message: "cannot tell" })))).toBe(2)
    expect(exitCodeOf(Exit.fail(new ExitCode({ code: 1, message: "" })))).toBe(1)
    expect(exitCodeOf(Exit.fail(new ServerUnreachable({ url: "http://127.0.0.1:1", reason: "refused" })))).toBe(1)
    expect(exitCodeOf(Exit.die(new Error("a bug")))).toBe(1)
    expect(exitCodeOf(Exit.interrupt(FiberId.none))).toBe(0)
  })
})
