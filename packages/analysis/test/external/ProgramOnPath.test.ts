import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, TestClock } from "effect"
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { brokenFor, programOnPath, type ProgramQuery } from "../../src/external/ProgramOnPath.js"
import { findProgram } from "../../src/ProgramSearch.js"

/** A folder holding an executable `name` that prints `output` (the test's own stand-in for a tool). */
const folderWith = (name: string, output: string) => {
  const folder = mkdtempSync(join(tmpdir(), "tidemark-path-"))
  const program = join(folder, name)
  writeFileSync(program, `#!/bin/sh\necho '${output}'\n`)
  chmodSync(folder, 0o755)
  chmodSync(program, 0o755)
  return { folder, program }
}

/**
 * A folder holding an executable `name` that counts its runs in a file beside it, then runs `body`
 * (`write` replaces it). The folder is writable by the unprivileged user the program runs as when
 * the tests run as root.
 */
const countingProgram = (name: string) => {
  const folder = mkdtempSync(join(tmpdir(), "tidemark-path-"))
  chmodSync(folder, 0o777)
  const program = join(folder, name)
  const runs = join(folder, "runs")
  const write = (body: string) => {
    writeFileSync(program, `#!/bin/sh\necho run >> '${runs}'\n${body}\n`)
    chmodSync(program, 0o755)
  }
  const runCount = () => (existsSync(runs) ? readFileSync(runs, "utf8").split("\n").filter((l) => l !== "").length : 0)
  return { folder, program, write, runCount, runs }
}

const query = (name: string): ProgramQuery => ({
  name,
  versionArgs: ["--version"],
  versionOf: (output) => /^version: (\S+)$/m.exec(output)?.[1]
})

describe("programOnPath", () => {
  it.effect("finds the program on the search path with its version", () =>
    Effect.gen(function*() {
      const { folder, program } = folderWith("fake-analyser", "Fake analyser\nversion: 1.2.3")
      const found = yield* programOnPath(query("fake-analyser"), `/nonexistent:${folder}`)
      expect(found).toMatchObject({ _tag: "InstalledProgram", name: "fake-analyser", path: program, version: "1.2.3" })
      // Asked once per process: removing the program is seen after a restart only.
      rmSync(folder, { recursive: true, force: true })
      expect(yield* programOnPath(query("fake-analyser"), `/nonexistent:${folder}`)).toBe(found)
    }))

  it.effect("says why a program cannot be used: absent, or silent about its version", () =>
    Effect.gen(function*() {
      const absent = yield* programOnPath(query("fake-analyser"), "/nonexistent")
      expect(absent).toMatchObject({ _tag: "MissingProgram", name: "fake-analyser", reason: "fake-analyser is not on the search path" })
      const { folder } = folderWith("mute-analyser", "no version here")
      const mute = yield* programOnPath(query("mute-analyser"), folder)
      expect(mute._tag).toBe("MissingProgram")
      expect(mute._tag === "MissingProgram" ? mute.reason : "").toContain("did not tell its version")
      rmSync(folder, { recursive: true, force: true })
    }))

  it.effect("finds a program installed after it was looked for in vain, without a restart", () =>
    Effect.gen(function*() {
      const folder = mkdtempSync(join(tmpdir(), "tidemark-path-"))
      const absent = yield* programOnPath(query("late-analyser"), folder)
      expect(absent._tag).toBe("MissingProgram")
      const program = join(folder, "late-analyser")
      writeFileSync(program, "#!/bin/sh\necho 'version: 2.0'\n")
      chmodSync(program, 0o755)
      expect(yield* programOnPath(query("late-analyser"), folder)).toMatchObject({ _tag: "InstalledProgram", version: "2.0" })
      rmSync(folder, { recursive: true, force: true })
    }))

  it.live("asks again a program that failed before telling its version, as a Go runtime that could not start does (exit 2)", () =>
    Effect.gen(function*() {
      const { folder, runs, write, runCount } = countingProgram("flaky-analyser")
      // Fails its first run, answers the next.
      write(`[ "$(wc -l < '${runs}')" -gt 1 ] || exit 2\necho 'version: 4.2'`)
      expect(yield* programOnPath(query("flaky-analyser"), folder)).toMatchObject({ _tag: "InstalledProgram", version: "4.2" })
      expect(runCount()).toBe(2)
      rmSync(folder, { recursive: true, force: true })
    }))

  it.effect("asks a broken program again only after a while, or once its file changed", () =>
    Effect.gen(function*() {
      // Never tells a version.
      const { folder, program, write, runCount } = countingProgram("broken-analyser")
      write("echo 'no version here'")
      const first = yield* programOnPath(query("broken-analyser"), folder)
      expect([first._tag, runCount()]).toEqual(["MissingProgram", 1])
      expect(yield* programOnPath(query("broken-analyser"), folder)).toBe(first)
      expect(runCount()).toBe(1)
      // After the while, asked again.
      yield* TestClock.adjust(Duration.sum(brokenFor, Duration.seconds(1)))
      expect((yield* programOnPath(query("broken-analyser"), folder))._tag).toBe("MissingProgram")
      expect(runCount()).toBe(2)
      // Reinstalled (its file changed): asked at once, and found.
      write("echo 'version: 3.1'")
      utimesSync(program, new Date(), new Date(Date.now() + 60_000))
      expect(yield* programOnPath(query("broken-analyser"), folder)).toMatchObject({ _tag: "InstalledProgram", version: "3.1" })
      expect(runCount()).toBe(3)
      rmSync(folder, { recursive: true, force: true })
    }))

  it("never searches a relative folder of the search path", () => {
    expect(findProgram("sh", "bin:.")).toBeUndefined()
    expect(findProgram("sh", "/usr/bin:/bin")).toMatch(/\/sh$/)
  })

  it.effect("looks on the service's PATH when told no search path", () =>
    Effect.gen(function*() {
      const found = yield* programOnPath({ name: "sh", versionArgs: ["-c", "echo version: 0"], versionOf: (output) => /version: (\S+)/.exec(output)?.[1] })
      expect(found).toMatchObject({ _tag: "InstalledProgram", version: "0" })
    }))
})
