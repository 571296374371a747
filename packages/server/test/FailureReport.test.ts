import { afterEach, describe, expect, it, vi } from "@effect/vitest"
import { Cause, Data, Effect } from "effect"
import { reportFailure } from "../src/FailureReport.js"

class Refused extends Data.TaggedError("Refused")<{ readonly message: string; readonly shown: boolean }> {}

const report = reportFailure((failure: Refused) => (failure.shown ? undefined : failure.message))

/** What the report wrote on stderr, through the default console. */
const written = (cause: Cause.Cause<Refused>) =>
  Effect.gen(function*() {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined)
    yield* report(cause)
    return error.mock.calls.map((args) => args.join(" "))
  })

describe("reportFailure", () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it.effect("tells a failure in one redacted error line", () =>
    Effect.gen(function*() {
      const lines = yield* written(Cause.fail(new Refused({ message: "cannot reach https://bot:s3cret@git.example/x.git", shown: false })))
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(/^error: cannot reach https:\/\/.*git\.example\/x\.git$/)
      expect(lines[0]).not.toContain("s3cret")
    }))

  it.effect("says nothing of a failure already shown, nor of an interruption", () =>
    Effect.gen(function*() {
      expect(yield* written(Cause.fail(new Refused({ message: "usage", shown: true })))).toEqual([])
      expect(yield* written(Cause.interrupt(Effect.runSync(Effect.fiberId)))).toEqual([])
    }))

  it.effect("shows a defect in full, redacted", () =>
    Effect.gen(function*() {
      const lines = yield* written(Cause.die(new Error("broken at postgres://app:hunter2@db/x")))
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain("Error: broken at postgres://")
      expect(lines[0]).not.toContain("hunter2")
      expect(lines[0]).not.toMatch(/^error: /)
    }))
})
