import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { dirname } from "node:path"
import { childFencesReading } from "../../src/external/ChildFences.js"
import { childEnvironment } from "../../src/external/ConfinedRun.js"
import { goFolder, goVariables, modfileCopy } from "../../src/golang/GoEnvironment.js"
import { listPackages, readPackages } from "../../src/golang/GoPackages.js"
import { checkoutOf, installed, missingDependency, project } from "./GoFixture.js"

/** The module's packages as the plug-ins list them, offline, in a folder of the run's. */
const packagesOf = (files: Readonly<Record<string, string>>) =>
  Effect.scoped(Effect.gen(function*() {
    const { go } = yield* installed
    const { root } = checkoutOf(files)
    const fences = childFencesReading(go, root)
    const folder = yield* goFolder(fences.user)
    const environment = { ...goVariables(folder, false, modfileCopy(folder, root, fences.user)), PATH: `${dirname(go)}:${childEnvironment["PATH"] ?? ""}` }
    const listed = yield* listPackages({ go, cwd: root, fences, environment })
    return { root, listed }
  }))

describe("listPackages", () => {
  it.effect("lists a module's packages, their files with the tests' and what the tests import, which go list does not load", () =>
    Effect.gen(function*() {
      const { listed, root } = yield* packagesOf({
        ...project,
        "store/store_test.go": "package store\n\nimport \"testing\"\n\nfunc TestCount(t *testing.T) {}\n",
        "store/x_test.go": "package store_test\n\nimport \"gopkg.in/check.v1\"\n\nvar _ = check.Suite\n"
      })
      expect(Either.map(listed, (packages) => packages.map((p) => [p.dir, p.importPath, p.files, p.testImports, p.problem]))).toEqual(Either.right([
        [root, "example.com/shop", ["main.go"], [], undefined],
        [`${root}/store`, "example.com/shop/store", ["store.go", "store_test.go", "x_test.go"], ["testing", "gopkg.in/check.v1"], undefined]
      ]))
    }))

  it.effect("says which package needs a module the checkout does not hold, offline, and lists the others as whole", () =>
    Effect.gen(function*() {
      const { listed } = yield* packagesOf(missingDependency)
      const packages = Either.getOrElse(listed, () => [])
      expect(packages.map((p) => [p.importPath, p.files])).toEqual([["example.com/cli", ["main.go"]], ["example.com/cli/flags", ["flags.go", "plain.go"]]])
      expect(packages[0]?.problem).toBeUndefined()
      expect(packages[1]?.problem).toContain("github.com/spf13/pflag")
    }))

  it.effect("lists a module whose go.mod predates Go 1.17 and requires what the checkout lacks (go-yaml, cobra), offline", () =>
    Effect.gen(function*() {
      const { listed } = yield* packagesOf({ ...missingDependency, "go.mod": "module example.com/cli\n\nrequire github.com/spf13/pflag v1.0.5\n" })
      expect(Either.map(listed, (packages) => packages.map((p) => [p.importPath, p.problem === undefined]))).toEqual(Either.right([
        ["example.com/cli", true],
        ["example.com/cli/flags", false]
      ]))
    }))

  it.effect("says why a module cannot be listed when its go.mod cannot be read", () =>
    Effect.gen(function*() {
      const { listed } = yield* packagesOf({ "go.mod": "module example.com/x\n\nrequire (\n", "a.go": "package a\n" })
      expect(Either.isLeft(listed)).toBe(true)
      expect(Either.isLeft(listed) ? listed.left : "").toMatch(/^go list exited with code 1: .*go\.mod/)
    }))
})

describe("readPackages", () => {
  it("never reads output it does not understand as an empty module", () => {
    expect(Either.isLeft(readPackages("{\"Dir\": 3}"))).toBe(true)
    expect(readPackages("")).toEqual(Either.right([]))
  })

  it("says what the go command said when it could list nothing for the pattern", () => {
    const unlisted = JSON.stringify({ ImportPath: "example.com/a", Match: ["./..."], Incomplete: true, Error: { ImportStack: [], Pos: "", Err: "open /cache/63/x-d: permission denied" } })
    expect(readPackages(unlisted)).toEqual(Either.left("go list could not list the module: open /cache/63/x-d: permission denied"))
  })
})
