import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { defaultDuplicationOptions, detectDuplication } from "../src/index.js"
import { anchorTimeout, jscpdTotal } from "./Anchors.js"
import { ensureCorpus, readCorpus } from "./Corpus.js"

describe("duplication on the corpus", () => {
  it("is within 2 percentage points of the jscpd CLI with the same minimum block size", async () => {
    const root = ensureCorpus()
    const ours = await Effect.runPromise(detectDuplication(readCorpus(root), defaultDuplicationOptions))
    const jscpd = jscpdTotal(root, defaultDuplicationOptions.minTokens)
    console.table([
      { tool: "ours", clones: ours.clones, lines: ours.lines, duplicatedLines: ours.duplicatedLines, percentage: ours.percentage },
      { tool: "jscpd CLI", ...jscpd }
    ])
    expect(ours.clones).toBeGreaterThan(50)
    expect(Math.abs(ours.percentage - jscpd.percentage)).toBeLessThanOrEqual(2)
    // Blocks per file add up to the clones: each clone has two sides.
    expect(ours.files.reduce((sum, file) => sum + file.blocks.length, 0)).toBe(2 * ours.clones)
  }, anchorTimeout)
})
