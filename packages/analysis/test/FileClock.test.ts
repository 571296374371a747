import { describe, expect, it } from "@effect/vitest"
import { Option } from "effect"
import { makeFileClock } from "../src/FileClock.js"
import { fileWatchOn } from "../src/FileWatch.js"

// Read by another thread while the writing one is stuck in a loop: ThreadedAnalyzer.test.ts.
describe("FileClock", () => {
  it("says which tool works on which file, and since when, until it ends", () => {
    const clock = makeFileClock()
    expect(clock.read()).toStrictEqual(Option.none())
    const before = Date.now()
    clock.begin("ESLint9", "src/ünïcode/a.js")
    const atWork = Option.getOrThrow(clock.read())
    expect([atWork.tool, atWork.path]).toStrictEqual(["ESLint9", "src/ünïcode/a.js"])
    expect(atWork.since).toBeGreaterThanOrEqual(before)
    clock.end()
    expect(clock.read()).toStrictEqual(Option.none())
  })
})

describe("FileWatch", () => {
  it("keeps the file on the clock while the tool works, and takes it off when the tool throws", () => {
    const clock = makeFileClock()
    const watch = fileWatchOn(clock)
    const seenDuring = watch.during("complexity", "deep.js", () => clock.read())
    expect(Option.map(seenDuring, (w) => w.path)).toStrictEqual(Option.some("deep.js"))
    expect(() => watch.during("complexity", "deep.js", () => { throw new RangeError("Maximum call stack size exceeded") })).toThrow(RangeError)
    expect(clock.read()).toStrictEqual(Option.none())
  })

  it("keeps the file of a promise on the clock until it settles, and takes it off when it rejects", async () => {
    const clock = makeFileClock()
    const watch = fileWatchOn(clock)
    const seenDuring = await watch.duringAsync("Stylelint", "a.css", async () => {
      await Promise.resolve()
      return clock.read()
    })
    expect(Option.map(seenDuring, (w) => [w.tool, w.path])).toStrictEqual(Option.some(["Stylelint", "a.css"]))
    expect(clock.read()).toStrictEqual(Option.none())
    await expect(watch.duringAsync("Stylelint", "a.css", () => Promise.reject(new Error("parser crashed")))).rejects.toThrow("parser crashed")
    expect(clock.read()).toStrictEqual(Option.none())
  })
})
