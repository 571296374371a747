import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { childFences } from "../../src/external/ChildFences.js"
import { goCachesBeside, goFolder, goVariables, modfileCopy, sharedCaches, withoutRequirements, withPlainGoLine } from "../../src/golang/GoEnvironment.js"
import { checkoutOf, goOutputOf, installed } from "./GoFixture.js"

describe("goVariables", () => {
  it("never downloads, uses the checkout's vendor/ when it has one, and the run's own -modfile otherwise", () => {
    const vendored = goVariables("/run", true)
    expect([vendored.GOPROXY, vendored.GOSUMDB, vendored.GOTOOLCHAIN, vendored.CGO_ENABLED, vendored.GOFLAGS]).toEqual(["off", "off", "local", "0", "-mod=vendor"])
    expect(goVariables("/run", false).GOFLAGS).toBe("-mod=mod")
    expect(goVariables("/run", false, "/run/modfile/go.mod").GOFLAGS).toBe("-mod=mod -modfile=/run/modfile/go.mod")
    const { GOCACHE, GOMODCACHE, GOPATH, HOME, XDG_CACHE_HOME } = vendored
    for (const path of [GOCACHE, GOMODCACHE, GOPATH, HOME, XDG_CACHE_HOME]) expect(path?.startsWith("/run/")).toBe(true)
  })

  it("keeps the build cache and Staticcheck's in the shared folder when given one, GOPATH and HOME in the run's", () => {
    const shared = goVariables("/run", false, undefined, "/kept")
    expect([shared.GOCACHE, shared.XDG_CACHE_HOME]).toEqual(["/kept/build", "/kept/user-cache"])
    expect([shared.GOPATH, shared.GOMODCACHE, shared.HOME].every((path) => path?.startsWith("/run/"))).toBe(true)
  })

  it.effect("is the environment the go command reports it runs in", () =>
    Effect.gen(function*() {
      const { go } = yield* installed
      const { root } = checkoutOf({ "go.mod": "module example.com/a\n\ngo 1.19\n", "a.go": "package a\n" })
      const output = yield* goOutputOf(go, ["env", "GOPROXY", "GOFLAGS", "GOMODCACHE", "CGO_ENABLED"], root)
      const [proxy, flags, modcache, cgo] = output.stdout.trim().split("\n")
      expect([proxy, cgo]).toEqual(["off", "0"])
      expect(flags).toMatch(/^-mod=mod -modfile=\/.*\/modfile\/go\.mod$/)
      expect(modcache).toMatch(/tidemark-go-.*\/gopath\/pkg\/mod$/)
    }))
})

describe("withoutRequirements", () => {
  it("drops every requirement but those a replace points at a folder of the checkout", () => {
    const goMod = [
      "module example.com/a",
      "",
      "go 1.20",
      "",
      "require (",
      "\tgithub.com/x/y v1.0.0",
      "\texample.com/local v0.0.0 // indirect",
      ")",
      "",
      "require golang.org/x/net v0.26.0",
      "require example.com/two v1.0.0",
      "",
      "replace example.com/local => ./local",
      "replace golang.org/x/net => golang.org/x/net v0.27.0",
      "replace (",
      "\texample.com/two v1.0.0 => ../two",
      ")",
      ""
    ].join("\n")
    const kept = withoutRequirements(goMod)
    expect(kept).not.toContain("github.com/x/y")
    expect(kept).not.toContain("require golang.org/x/net")
    expect(kept).toContain("require (\n\texample.com/local v0.0.0 // indirect\n)")
    expect(kept).toContain("require example.com/two v1.0.0")
    expect(kept).toContain("replace golang.org/x/net => golang.org/x/net v0.27.0")
    expect(withoutRequirements("module example.com/b\n")).toBe("module example.com/b\n")
  })
})

describe("withPlainGoLine", () => {
  const newer = ["module example.com/a", "", "go 1.23.0", "", "toolchain go1.23.4", "", "godebug default=go1.21", "godebug (", "\tpanicnil=1", ")", "", "require example.com/b v1.0.0", ""].join("\n")

  it("writes the go line without its patch release, and leaves out the toolchain and godebug directives Go 1.19 refuses", () => {
    expect(withPlainGoLine(newer)).toBe(["module example.com/a", "", "go 1.23", "", "", "", "require example.com/b v1.0.0", ""].join("\n"))
    expect(withPlainGoLine("module example.com/a\n\ngo 1.21rc2\n")).toBe("module example.com/a\n\ngo 1.21\n")
    expect(withPlainGoLine("module example.com/a\n\ngo 1.19\n")).toBe("module example.com/a\n\ngo 1.19\n")
  })

  it.effect("lets the installed go command list a module whose go.mod Go 1.21 or later wrote (beevik/etree's)", () =>
    Effect.gen(function*() {
      const { go } = yield* installed
      const { root } = checkoutOf({ "go.mod": "module example.com/a\n\ngo 1.23.0\n\ntoolchain go1.23.4\n", "a.go": "package a\n\nfunc A() int { return 1 }\n" })
      const output = yield* goOutputOf(go, ["list", "-e", "-f", "{{.ImportPath}} {{if .Error}}{{.Error}}{{end}}", "./..."], root)
      expect(output.stdout.trim()).toBe("example.com/a")
    }))
})

describe("goFolder", () => {
  it.effect("gives a run its own folders for the caches, removed at the scope's end", () =>
    Effect.gen(function*() {
      const folder = yield* Effect.scoped(Effect.map(goFolder(undefined), (folder) => {
        expect(readdirSync(folder).sort()).toEqual(["cache", "gopath", "home", "user-cache"])
        return folder
      }))
      expect(existsSync(folder)).toBe(false)
    }))
})

describe("sharedCaches", () => {
  const { user } = childFences([])
  const own = (folder: string) => join(folder, user === undefined ? "service" : `user-${user.uid}`)

  it("makes a folder beside the analysis cache for the user the runs switch to, owned by it", () => {
    const parent = mkdtempSync(join(tmpdir(), "tidemark-data-"))
    chmodSync(parent, 0o755)
    const directory = goCachesBeside(join(parent, "analysis-cache/"))
    expect(directory).toBe(join(parent, "analysis-cache-go"))
    expect(sharedCaches(directory, user)).toBe(own(directory))
    expect(readdirSync(own(directory)).sort()).toEqual(["build", "user-cache"])
    for (const name of ["", "build", "user-cache"]) expect(statSync(join(own(directory), name)).uid).toBe(user?.uid ?? process.getuid?.())
    // Made once, taken as it is the next time.
    expect(sharedCaches(directory, user)).toBe(own(directory))
  })

  it("keeps the runs without the user switch (a checkout the user cannot read) in a folder of their own", () => {
    const parent = mkdtempSync(join(tmpdir(), "tidemark-data-"))
    chmodSync(parent, 0o755)
    expect(sharedCaches(parent, undefined)).toBe(join(parent, "service"))
    expect(sharedCaches(parent, user)).toBe(own(parent))
  })

  it("is none where the runs' user cannot reach it (each run keeps its own caches then); the service's own user always can", () => {
    const closed = mkdtempSync(join(tmpdir(), "tidemark-closed-"))
    chmodSync(closed, 0o700)
    expect(sharedCaches(join(closed, "go"), user)).toBe(user === undefined ? join(closed, "go", "service") : undefined)
    expect(sharedCaches(join(closed, "go"), undefined)).toBe(join(closed, "go", "service"))
  })
})

describe("modfileCopy", () => {
  it.effect("copies go.mod and go.sum where the go command may rewrite them, the checkout's untouched", () =>
    Effect.scoped(Effect.gen(function*() {
      const { go } = yield* installed
      // google/uuid's go.mod has no go line: the go command adds one to the file it is given.
      const { root } = checkoutOf({ "go.mod": "module example.com/a\n", "go.sum": "", "a.go": "package a\n" })
      const folder = yield* goFolder(undefined)
      const modfile = modfileCopy(folder, root, undefined)
      expect(modfile).toBe(join(folder, "modfile", "go.mod"))
      expect(readdirSync(join(folder, "modfile")).sort()).toEqual(["go.mod", "go.sum"])
      expect(readFileSync(modfile, "utf8")).toBe("module example.com/a\n")
      const output = yield* goOutputOf(go, ["list", "./..."], root)
      expect(output.stdout.trim()).toBe("example.com/a")
      expect(readFileSync(join(root, "go.mod"), "utf8")).toBe("module example.com/a\n")
    })))
})
