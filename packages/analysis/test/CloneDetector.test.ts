import type { IClone, IOptions, ITokenizer } from "@jscpd/core"
import { Detector, getDefaultOptions, MemoryStore, Statistic } from "@jscpd/core"
import { getFormatByFile, Tokenizer } from "@jscpd/tokenizer"
import { NodeContext } from "@effect/platform-node"
import { Effect } from "effect"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { CloneDetector } from "../src/CloneDetector.js"
import { makeFrameCache, readSourceTree } from "../src/index.js"
import { anchorTimeout } from "./Anchors.js"
import { ensureCorpus, readCorpus } from "./Corpus.js"
import { priceCode } from "./TreeFixture.js"

type Files = ReadonlyArray<{ readonly path: string; readonly content: string }>

const optionsWith = (minTokens: number): IOptions => ({ ...getDefaultOptions(), minTokens })

const known = (files: Files) => files.flatMap((file) => {
  const format = getFormatByFile(file.path)
  return format === undefined ? [] : [{ ...file, format }]
})

// Everything but the moment each clone was found and the statistic was started.
const comparable = (clones: ReadonlyArray<IClone>, statistic: Statistic) => ({
  clones: clones.map(({ foundDate: _, ...clone }) => clone),
  statistic: { ...statistic.getStatistic(), detectionDate: "" }
})

/** jscpd's own detector and store, as its CLI runs them: each file after the one before. */
const jscpd = async (files: Files, minTokens: number, tokenizer: ITokenizer = new Tokenizer()) => {
  const statistic = new Statistic()
  const detector = new Detector(tokenizer, new MemoryStore(), [], optionsWith(minTokens))
  const { CLONE_FOUND: found, START_DETECTION: started } = statistic.subscribe()
  if (found !== undefined) detector.on("CLONE_FOUND", found)
  if (started !== undefined) detector.on("START_DETECTION", started)
  const clones: Array<IClone> = []
  // Its store rejects every unseen window with a new Error: without stacks the corpus takes a
  // few seconds instead of half a minute, and nothing the detector reads changes.
  const stackTraceLimit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    for (const file of known(files)) {
      clones.push(...await detector.detect(file.path, file.content, file.format))
      // Its promises settle as microtasks, which leave the event loop no turn (see `ours`).
      await new Promise((resolve) => setImmediate(resolve))
    }
  } finally {
    Error.stackTraceLimit = stackTraceLimit
  }
  return comparable(clones, statistic)
}

/**
 * Ours, file after file. Between two files the event loop gets a turn: the corpus takes over a
 * minute of one core on a busy machine, and a vitest worker that cannot read its runner's answers
 * for a minute fails the whole run ("Timeout calling onTaskUpdate").
 */
const ours = async (files: Files, minTokens: number, tokenizer: ITokenizer = new Tokenizer()) => {
  const statistic = new Statistic()
  const detector = new CloneDetector(tokenizer, optionsWith(minTokens), [statistic])
  const clones: Array<IClone> = []
  for (const file of known(files)) {
    clones.push(...detector.detect(file.path, file.content, file.format))
    await new Promise((resolve) => setImmediate(resolve))
  }
  return comparable(clones, statistic)
}

const small: Files = [
  { path: "a.js", content: `const a = 1\n${priceCode}\nconsole.log(a)\n` },
  { path: "b.js", content: `// b\nconst b = 2\n${priceCode}\n${priceCode}\n${priceCode.replace("price", "again")}\nprocess.exit(b)\n` },
  { path: "c.ts", content: `export const c: number = 3\n${priceCode}\n` },
  // Markdown gives one map per embedded language: the detector takes them from the last.
  { path: "d.md", content: `# d\n\n\`\`\`js\n${priceCode}\n\`\`\`\n\n\`\`\`ts\n${priceCode}\n\`\`\`\n` },
  { path: "e.js", content: "export const unrelated = [1, 2, 3].map((n) => n * 2)\n\n\n\n\n" },
  // A block no earlier file has, twice in one file.
  { path: "f.js", content: `${priceCode.replaceAll("item", "entry")}\n${priceCode.replaceAll("item", "entry")}\n` }
]

const tree = fileURLToPath(new URL("./fixtures/tree/", import.meta.url))

describe("CloneDetector", () => {
  it("finds jscpd's clones and statistic on a small tree, within a file, across formats and at two sizes", async () => {
    for (const minTokens of [20, 30, 50]) {
      const expected = await jscpd(small, minTokens)
      expect(await ours(small, minTokens)).toEqual(expected)
    }
    const expected = await jscpd(small, 30)
    // Within b.js, across a, b and c, and inside d.md's two blocks.
    expect(expected.clones.length).toBeGreaterThanOrEqual(4)
    expect(new Set(expected.clones.map((clone) => clone.format))).toEqual(new Set(["javascript", "typescript"]))
    expect(expected.clones.some((clone) => clone.duplicationA.sourceId === clone.duplicationB.sourceId)).toBe(true)
  })

  it("finds jscpd's clones on the fixture tree, from the tokenizer and from the frame cache's replay", async () => {
    const files = await Effect.runPromise(readSourceTree(tree).pipe(Effect.provide(NodeContext.layer)))
    const expected = await jscpd(files, 30)
    expect(expected.clones.length).toBeGreaterThan(0)
    expect(await ours(files, 30)).toEqual(expected)
    const frames = makeFrameCache()
    expect(await ours(files, 30, frames.tokenizer(new Tokenizer()))).toEqual(expected)
    expect(await ours(files, 30, frames.tokenizer(new Tokenizer()))).toEqual(expected)
  })

  // Every third file (63 000 of the corpus's 182 000 lines, every format): the whole corpus took 70–85 s of a
  // two-core machine's suite for the same comparison.
  it("finds jscpd's clones and statistic on every third file of the corpus", async () => {
    const files = readCorpus(ensureCorpus()).filter((_, i) => i % 3 === 0)
    const expected = await jscpd(files, 50)
    expect(expected.clones.length).toBeGreaterThan(50)
    expect(await ours(files, 50)).toEqual(expected)
  }, anchorTimeout)
})
