import { NodeContext } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { readInventory } from "../../src/inventory/TreeInventory.js"

const tree = (files: Readonly<Record<string, string>>) => {
  const root = mkdtempSync(join(tmpdir(), "inventory-"))
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), content)
  }
  return root
}

const npmLock = (packages: Readonly<Record<string, string>>, direct: ReadonlyArray<string>) =>
  JSON.stringify({
    lockfileVersion: 3,
    packages: {
      "": { dependencies: Object.fromEntries(direct.map((name) => [name, "*"])) },
      ...Object.fromEntries(Object.entries(packages).map(([name, version]) => [`node_modules/${name}`, { version, license: "MIT" }]))
    }
  })

describe("readInventory", () => {
  it.effect("reads every lockfile the analysis covers, with the manifest beside it, each dependency naming its lockfile", () =>
    Effect.gen(function*() {
      const outside = tree({ "package-lock.json": npmLock({ evil: "1.0.0" }, ["evil"]) })
      const root = tree({
        "package-lock.json": npmLock({ lodash: "4.17.11", "left-pad": "1.3.0" }, ["lodash"]),
        "services/api/requirements.txt": "requests==2.19.0\n",
        // Installed packages are never entered; fixtures the repository excludes are not read.
        "node_modules/lodash/package-lock.json": npmLock({ other: "1.0.0" }, ["other"]),
        "test/fixtures/package-lock.json": npmLock({ fixture: "0.0.1" }, ["fixture"]),
        // An npm 6 lockfile cannot be read: it is named, with why.
        "legacy/package-lock.json": JSON.stringify({ lockfileVersion: 1, dependencies: {} })
      })
      // A link to a lockfile elsewhere on the server is not followed.
      mkdirSync(join(root, "linked"))
      symlinkSync(join(outside, "package-lock.json"), join(root, "linked", "package-lock.json"))
      const inventory = yield* readInventory(root, (path) => !path.startsWith("test/"))
      expect(inventory.dependencies.map((d) => [d.purl, d.direct, d.path, d.licence])).toEqual([
        ["pkg:npm/lodash@4.17.11", true, "package-lock.json", "MIT"],
        ["pkg:npm/left-pad@1.3.0", false, "package-lock.json", "MIT"],
        ["pkg:pypi/requests@2.19.0", true, "services/api/requirements.txt", undefined]
      ])
      expect(inventory.unreadable.map((u) => u.path)).toEqual(["legacy/package-lock.json"])
      expect(inventory.unreadable[0]!.reason).toContain("lockfileVersion 1")
    }).pipe(Effect.provide(NodeContext.layer)))
})
