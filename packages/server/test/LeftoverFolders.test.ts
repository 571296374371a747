import { describe, expect, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { removeLeftovers } from "../src/LeftoverFolders.js"

/** The pid of a process that has ended. */
const deadPid = () => {
  const ended = spawnSync("true")
  if (ended.pid === undefined) throw new Error("could not start a process")
  return ended.pid
}

describe("removeLeftovers", () => {
  it.effect("removes the folders of processes that no longer run, and keeps the others", () =>
    Effect.gen(function*() {
      const directory = mkdtempSync(join(tmpdir(), "tidemark-leftovers-"))
      try {
        const dead = `tidemark-sandbox-${deadPid()}-abc`
        const own = `tidemark-sandbox-${process.pid}-def`
        const parent = `tidemark-sandbox-${process.ppid}-ghi`
        for (const name of [dead, own, parent, "unrelated", "tidemark-sandbox-notapid"]) mkdirSync(join(directory, name))
        writeFileSync(join(directory, dead, "a.js"), "x")
        expect(yield* removeLeftovers(directory, "tidemark-sandbox-")).toEqual([dead])
        expect(readdirSync(directory).sort()).toEqual([own, parent, "tidemark-sandbox-notapid", "unrelated"].sort())
        expect(yield* removeLeftovers(join(directory, "missing"), "tree-")).toEqual([])
      } finally {
        rmSync(directory, { recursive: true, force: true })
      }
      expect(existsSync(directory)).toBe(false)
    }))
})
