import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { programOnPath, type ProgramQuery } from "../src/external/ProgramOnPath.js"
import { fileSignature, lifetime, onDisk, reachSignature } from "../src/ProbeCache.js"
import { succeeds } from "../src/SandboxLauncher.js"

const scratch = () => mkdtempSync(join(tmpdir(), "tidemark-probes-"))


/** An executable in `folder` that records each run in `runs` and prints `output`, exiting with `status`. */
const recordingProgram = (folder: string, name: string, output: string, status = 0) => {
  const runs = join(folder, `${name}.runs`)
  const program = join(folder, name)
  writeFileSync(program, `#!/bin/sh\necho run >> '${runs}'\necho '${output}'\nexit ${status}\n`)
  chmodSync(program, 0o755)
  // Writable by the unprivileged user a version question runs as when the tests run as root.
  chmodSync(folder, 0o777)
  return { program, runCount: () => (existsSync(runs) ? readFileSync(runs, "utf8").split("\n").filter((l) => l !== "").length : 0) }
}

describe("ProbeCache", () => {
  it("gives another process's answer back, until its lifetime ends", () => {
    const file = join(scratch(), "probes.json")
    let now = 1_000_000
    onDisk(file, () => now).set(["a", "b"], "yes")
    // Another process: another cache on the same file.
    const other = onDisk(file, () => now)
    expect(other.get(["a", "b"])).toBe("yes")
    expect(other.get(["a", "c"])).toBeUndefined()
    now += lifetime - 1
    expect(other.get(["a", "b"])).toBe("yes")
    now += 1
    expect(other.get(["a", "b"])).toBeUndefined()
  })

  it("keeps nothing where it cannot write, and still answers", () => {
    const folder = scratch()
    const blocked = join(folder, "a-file")
    writeFileSync(blocked, "")
    const cache = onDisk(join(blocked, "probes.json"))
    cache.set(["k"], "v")
    expect(cache.get(["k"])).toBeUndefined()
    const unreadable = join(folder, "garbage.json")
    writeFileSync(unreadable, "{not json")
    expect(onDisk(unreadable).get(["k"])).toBeUndefined()
  })

  it("signs a file by what a reinstall or a chmod changes, and a path by every folder above it", () => {
    const folder = scratch()
    const file = join(folder, "program")
    writeFileSync(file, "one")
    const before = fileSignature(file)
    const reach = reachSignature(file)
    expect(reach?.split("\n")).toHaveLength(file.split("/").length)
    utimesSync(file, new Date(2020, 1, 1), new Date(2020, 1, 1))
    expect(fileSignature(file)).not.toBe(before)
    const touched = reachSignature(file)
    chmodSync(folder, 0o700)
    expect(reachSignature(file)).not.toBe(touched)
    expect(fileSignature(join(folder, "absent"))).toBeUndefined()
    expect(reachSignature(join(folder, "absent"))).toBeUndefined()
  })
})

describe("a probe's success, kept for the next processes", () => {
  it("is not asked again while the program is unchanged; a failure is asked each time", () => {
    const folder = scratch()
    const cache = onDisk(join(folder, "probes.json"))
    const works = recordingProgram(folder, "fence-works", "")
    expect(succeeds(works.program, ["--try"], [], cache)).toBe(true)
    expect(succeeds(works.program, ["--try"], [], onDisk(join(folder, "probes.json")))).toBe(true)
    expect(works.runCount()).toBe(1)
    // Other arguments are another question.
    expect(succeeds(works.program, ["--other"], [], cache)).toBe(true)
    expect(works.runCount()).toBe(2)
    // A reinstalled program is asked again.
    utimesSync(works.program, new Date(2021, 1, 1), new Date(2021, 1, 1))
    expect(succeeds(works.program, ["--try"], [], cache)).toBe(true)
    expect(works.runCount()).toBe(3)

    const fails = recordingProgram(folder, "fence-fails", "", 1)
    expect(succeeds(fails.program, [], [], cache)).toBe(false)
    expect(succeeds(fails.program, [], [], cache)).toBe(false)
    expect(fails.runCount()).toBe(2)
  })

  it("is kept while the paths it reaches are unchanged, and asked again once one changes", () => {
    const folder = scratch()
    const cache = onDisk(join(folder, "probes.json"))
    const works = recordingProgram(folder, "reach", "")
    // Node's own path and the folders above it: nothing changes them while the tests run.
    expect(succeeds(works.program, ["--node"], [process.execPath], cache)).toBe(true)
    expect(succeeds(works.program, ["--node"], [process.execPath], cache)).toBe(true)
    expect(works.runCount()).toBe(1)
    // A folder of the test's own (the suite changes the folders above it at any time: only the
    // change below must be seen, whether or not the second call was answered from the cache).
    const tree = scratch()
    const reached = join(tree, "tree")
    mkdirSync(reached)
    succeeds(works.program, [reached], [reached], cache)
    succeeds(works.program, [reached], [reached], cache)
    const before = works.runCount()
    chmodSync(reached, 0o700)
    expect(succeeds(works.program, [reached], [reached], cache)).toBe(true)
    expect(works.runCount()).toBe(before + 1)
    // A path that does not exist is never kept.
    const absent = join(tree, "absent")
    succeeds(works.program, [absent], [absent], cache)
    succeeds(works.program, [absent], [absent], cache)
    expect(works.runCount()).toBe(before + 3)
    rmSync(folder, { recursive: true, force: true })
    rmSync(tree, { recursive: true, force: true })
  })
})

describe("an external analyser's version, kept for the next processes", () => {
  const query = (name: string): ProgramQuery => ({ name, versionArgs: ["--version"], versionOf: (output) => /^version: (\S+)$/m.exec(output)?.[1] })

  it.effect("is read once while the program's file is unchanged, again after a reinstall", () =>
    Effect.gen(function*() {
      const folder = scratch()
      const cache = onDisk(join(scratch(), "probes.json"))
      const tool = recordingProgram(folder, "kept-analyser", "version: 4.5.6")
      const first = yield* programOnPath(query("kept-analyser"), folder, cache)
      expect(first).toMatchObject({ _tag: "InstalledProgram", path: tool.program, version: "4.5.6" })
      // Another search path holding the same program is another process's question: not remembered in memory.
      const second = yield* programOnPath(query("kept-analyser"), `/nonexistent:${folder}`, cache)
      expect(second).toMatchObject({ _tag: "InstalledProgram", path: tool.program, version: "4.5.6" })
      expect(tool.runCount()).toBe(1)
      writeFileSync(tool.program, `#!/bin/sh\necho 'version: 4.6.0'\n`)
      const third = yield* programOnPath(query("kept-analyser"), `/nonexistent2:${folder}`, cache)
      expect(third).toMatchObject({ _tag: "InstalledProgram", version: "4.6.0" })
    }))

  it.effect("is not kept when the program did not tell it", () =>
    Effect.gen(function*() {
      const folder = scratch()
      const cache = onDisk(join(scratch(), "probes.json"))
      const mute = recordingProgram(folder, "mute-kept", "no version")
      expect((yield* programOnPath(query("mute-kept"), folder, cache))._tag).toBe("MissingProgram")
      // A broken program is not asked again for a while within the process; another search path asks.
      expect((yield* programOnPath(query("mute-kept"), `/nonexistent:${folder}`, cache))._tag).toBe("MissingProgram")
      expect(mute.runCount()).toBe(2)
    }))
})
