import { describe, expect, it } from "vitest"
import { argumentBatches, systemArgMax } from "../../src/external/ArgumentBatches.js"

describe("argumentBatches", () => {
  it("keeps every file, in order, each batch within the budget with the fixed arguments", () => {
    const files = Array.from({ length: 100 }, (_, i) => `scripts/file-${String(i).padStart(3, "0")}.sh`)
    const fixed = ["--format=json1", "--norc", "--"]
    const cost = (args: ReadonlyArray<string>) => args.reduce((sum, a) => sum + Buffer.byteLength(a) + 9, 0)
    const batches = argumentBatches(fixed, files, 1000)
    expect(batches.flat()).toEqual(files)
    expect(batches.length).toBeGreaterThan(1)
    for (const batch of batches) expect(cost([...fixed, ...batch])).toBeLessThanOrEqual(1000)
    // A batch is as full as the budget allows: the next file would not have fitted.
    for (const [index, batch] of batches.slice(0, -1).entries()) {
      const next = batches[index + 1]?.[0] ?? ""
      expect(cost([...fixed, ...batch, next])).toBeGreaterThan(1000)
    }
  })

  it("gives a file longer than the budget a batch of its own, and nothing none", () => {
    expect(argumentBatches([], ["x".repeat(200), "a.sh"], 100)).toEqual([["x".repeat(200)], ["a.sh"]])
    expect(argumentBatches([], [], 100)).toEqual([])
  })

  it("reads the system's limit on a command line", () => {
    expect(systemArgMax()).toBeGreaterThanOrEqual(128 * 1024)
    expect(argumentBatches([], ["a.sh", "b.sh"])).toEqual([["a.sh", "b.sh"]])
  })
})
