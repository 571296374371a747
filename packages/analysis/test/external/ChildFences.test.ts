import { describe, expect, it } from "vitest"
import { spawnSync } from "node:child_process"
import { type ChildFences, childFences, confinedLaunch, fencesOf, probeChildFences } from "../../src/external/ChildFences.js"

const all: ChildFences = {
  namespaces: ["--pid", "--fork", "--net", "--"],
  pidNamespace: true,
  network: true,
  user: { uid: 65534, gid: 65534 },
  memoryLimit: true
}
const none: ChildFences = { namespaces: undefined, pidNamespace: false, network: false, user: undefined, memoryLimit: false }

describe("confinedLaunch", () => {
  it("wraps the program in the namespaces, then the limits, then the user switch", () => {
    expect(confinedLaunch(all, 512, "/usr/bin/shellcheck", ["--format=json1", "a.sh"])).toEqual({
      command: "unshare",
      args: [
        "--pid", "--fork", "--net", "--",
        "prlimit", `--as=${512 * 1024 * 1024}`, "--core=0", "--",
        "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--no-new-privs", "--",
        "/usr/bin/shellcheck", "--format=json1", "a.sh"
      ]
    })
  })

  it("runs the program itself where no fence holds", () => {
    expect(confinedLaunch(none, 512, "/usr/bin/shellcheck", ["a.sh"])).toEqual({ command: "/usr/bin/shellcheck", args: ["a.sh"] })
  })
})

describe("probeChildFences", () => {
  it("keeps only what this machine allows, and says so in words", () => {
    const fences = probeChildFences(["/bin/sh"])
    const isRoot = process.getuid?.() === 0
    const works = (args: ReadonlyArray<string>) => spawnSync("unshare", [...(isRoot ? [] : ["--user", "--map-root-user"]), ...args, "--", "true"]).status === 0
    expect(fences.network).toBe(works(["--net"]) && fences.namespaces !== undefined)
    expect(fences.pidNamespace).toBe(works(["--pid", "--fork"]) && fences.namespaces !== undefined)
    expect(fences.user === undefined).toBe(!isRoot || spawnSync("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "--", "true"]).status !== 0)
    const words = fencesOf(fences)
    expect(words.includes("no network")).toBe(fences.network)
    expect(words.includes("PID namespace")).toBe(fences.pidNamespace)
    expect(words).toContain("an empty environment")
    expect(fencesOf(none)).toBe("an empty environment, a session of its own, a time limit, a cap on its output")
  })

  it("is probed once per list of paths the child reads", () => {
    expect(childFences(["/bin/sh"])).toBe(childFences(["/bin/sh"]))
  })

  it("does not switch to a user who cannot read what the child must", () => {
    const fences = probeChildFences(["/root/.tidemark-nowhere-readable"])
    expect(fences.user).toBeUndefined()
  })
})
