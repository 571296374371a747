import { describe, expect, layer } from "@effect/vitest"
import { Advisory, AdvisoryStore } from "@tidemark/core"
import { Effect, Option, type Layer } from "effect"
import { at, uniqueName } from "./Fixtures.js"

const event = (kind: "introduced" | "fixed" | "last_affected", version: string) => Advisory.RangeEvent.make({ kind, version })

/** An advisory of packages of the test's own (advisories are the installation's, shared by every test). */
const advisory = (id: string, packages: ReadonlyArray<readonly [Advisory.AffectedPackage["ecosystem"], string]>, fields: Partial<ConstructorParameters<typeof Advisory.Advisory>[0]> = {}) =>
  Advisory.Advisory.make({
    id,
    aliases: [`CVE-2024-${id.slice(-5)}`],
    summary: "Prototype pollution",
    modified: "2024-01-01T00:00:00Z",
    priority: "High",
    cvssScore: 7.5,
    cvssVector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H",
    cwes: ["CWE-1321"],
    affected: packages.map(([ecosystem, name]) =>
      Advisory.AffectedPackage.make({ ecosystem, name, ranges: [[event("introduced", "0"), event("fixed", "1.2.3")]], versions: [] })
    ),
    ...fields
  })

export const advisoryStoreContract = (name: string, storeLayer: Layer.Layer<AdvisoryStore.AdvisoryStore, unknown>) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`AdvisoryStore contract (${name})`, (it) => {
    describe("advisories", () => {
      it.effect("finds every advisory naming one of the packages, each once, whole", () =>
        Effect.gen(function*() {
          const store = yield* AdvisoryStore.AdvisoryStore
          const [left, right, other] = [uniqueName("left"), uniqueName("right"), uniqueName("other")]
          const both = advisory(uniqueName("GHSA"), [["npm", left], ["npm", right]])
          const { cvssScore: _, cvssVector: __, ...scored } = advisory(uniqueName("GHSA"), [["pypi", left]], { priority: "Medium", cwes: [] })
          // No CVSS at all: the fields are absent, not undefined.
          const one = Advisory.Advisory.make(scored)
          const count = yield* store.save([both, one], [], at(1))
          expect(count).toEqual({ saved: 2, unchanged: 0, removed: 0 })
          const found = yield* store.forPackages([{ ecosystem: "npm", name: left }, { ecosystem: "npm", name: right }])
          expect(found).toStrictEqual([both])
          expect(yield* store.forPackages([{ ecosystem: "pypi", name: left }])).toStrictEqual([one])
          expect(yield* store.forPackages([{ ecosystem: "cargo", name: left }, { ecosystem: "npm", name: other }])).toEqual([])
          expect(yield* store.forPackages([])).toEqual([])
        }))

      it.effect("keeps the newer copy by `modified`, and removes withdrawn advisories", () =>
        Effect.gen(function*() {
          const store = yield* AdvisoryStore.AdvisoryStore
          const pkg = uniqueName("pkg")
          const id = uniqueName("GHSA")
          const first = advisory(id, [["npm", pkg]])
          const newer = advisory(id, [["npm", pkg]], { modified: "2024-06-01T00:00:00Z", priority: "Critical", cvssScore: 9.8 })
          yield* store.save([first], [], at(1))
          expect(yield* store.save([newer], [], at(2))).toEqual({ saved: 1, unchanged: 0, removed: 0 })
          expect(yield* store.save([first], [], at(3))).toEqual({ saved: 0, unchanged: 1, removed: 0 })
          expect(yield* store.forPackages([{ ecosystem: "npm", name: pkg }])).toStrictEqual([newer])
          // A newer copy naming another package is found by that one only.
          const moved = uniqueName("moved")
          yield* store.save([advisory(id, [["npm", moved]], { modified: "2024-07-01T00:00:00Z" })], [], at(4))
          expect(yield* store.forPackages([{ ecosystem: "npm", name: pkg }])).toEqual([])
          expect((yield* store.forPackages([{ ecosystem: "npm", name: moved }])).map((a) => a.id)).toEqual([id])
          expect(yield* store.save([], [id, uniqueName("never-stored")], at(5))).toEqual({ saved: 0, unchanged: 0, removed: 1 })
          expect(yield* store.forPackages([{ ecosystem: "npm", name: moved }])).toEqual([])
        }))

      it.effect("stamps each import with its time and the number of advisories kept", () =>
        Effect.gen(function*() {
          const store = yield* AdvisoryStore.AdvisoryStore
          const stamp = "2100-01-01T00:00:00.000Z"
          yield* store.save([advisory(uniqueName("GHSA"), [["gem", uniqueName("gem")]])], [], stamp)
          const last = yield* store.lastImport
          expect(Option.isSome(last)).toBe(true)
          // Other suites may import at the same time: the latest stamp is at least this one.
          expect(Option.getOrThrow(last).at >= stamp).toBe(true)
          expect(Option.getOrThrow(last).advisories).toBeGreaterThanOrEqual(1)
        }))
    })
  })
