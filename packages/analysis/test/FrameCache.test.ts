import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { defaultDuplicationOptions, type Duplication, detectDuplication, makeFrameCache, readSourceTree } from "../src/index.js"
import { NodeContext } from "@effect/platform-node"
import { fileURLToPath } from "node:url"
import { anchorTimeout } from "./Anchors.js"
import { ensureCorpus, readCorpus } from "./Corpus.js"
import { priceCode } from "./TreeFixture.js"

type Files = ReadonlyArray<{ readonly path: string; readonly content: string }>

const shared = priceCode

const options = { ...defaultDuplicationOptions, minTokens: 30 }

const detect = (files: Files, frames?: ReturnType<typeof makeFrameCache>, minTokens = options.minTokens) =>
  Effect.runPromise(detectDuplication(files, { ...options, minTokens }, frames))

// Every clone side of every file, every count and the percentage.
const plain = (duplication: Duplication) => JSON.parse(JSON.stringify(duplication)) as unknown

const tree = fileURLToPath(new URL("./fixtures/tree/", import.meta.url))

const small: Files = [
  { path: "a.js", content: `const a = 1\n${shared}\nconsole.log(a)\n` },
  { path: "b.js", content: `// b\nconst b = 2\n${shared}\n${shared.replace("price", "again")}\nprocess.exit(b)\n` },
  { path: "c.ts", content: `export const c: number = 3\n${shared}\n` },
  { path: "d.js", content: "export const unrelated = [1, 2, 3].map((n) => n * 2)\n\n\n\n\n" }
]

/** The clones of `files` with the cache, cold then warm, each equal to those of a run without it. */
const expectSameClones = async (files: Files, frames = makeFrameCache()) => {
  const uncached = plain(await detect(files))
  expect(plain(await detect(files, frames))).toEqual(uncached)
  expect(plain(await detect(files, frames))).toEqual(uncached)
  return uncached
}

describe("detectDuplication with a FrameCache", () => {
  it("finds exactly the clones of a run without it, cold and warm, on a small tree and the fixture tree", async () => {
    const found = await expectSameClones(small)
    expect(found).toMatchObject({ clones: 2 })
    const fixture = await Effect.runPromise(readSourceTree(tree).pipe(Effect.provide(NodeContext.layer)))
    await expectSameClones(fixture)
  })

  it("after a change, a moved file and a new minimum size, finds what a run without it finds", async () => {
    const frames = makeFrameCache()
    const before = await expectSameClones(small, frames)
    const changed: Files = [
      { path: "a.js", content: "const a = 1\nconsole.log(a)\n\n\n\n" },
      ...small.slice(1, 3),
      { path: "moved/d.js", content: small[3]?.content ?? "" },
      { path: "e.js", content: `const e = 5\n${shared}\n` }
    ]
    const after = await expectSameClones(changed, frames)
    expect(after).not.toEqual(before)
    // The frames depend on the minimum size: another one is not read from the entries of the first.
    expect(plain(await detect(small, frames, 40))).toEqual(plain(await detect(small, undefined, 40)))
  })

  it("drops the least recently used files past its size, and still finds the same clones", async () => {
    const frames = makeFrameCache(60)
    await expectSameClones(small, frames)
    await expectSameClones([...small].reverse(), frames)
  })

  it("on the corpus, after 10 files change, finds exactly the clones of a run without it", async () => {
    const files = readCorpus(ensureCorpus())
    const frames = makeFrameCache()
    const atDefault = (input: Files, cache?: ReturnType<typeof makeFrameCache>) =>
      Effect.runPromise(detectDuplication(input, defaultDuplicationOptions, cache))
    await atDefault(files, frames)
    const scripts = files.filter((file) => file.path.endsWith(".js"))
    const touched = new Set(scripts.filter((_, index) => index % 41 === 0).slice(0, 10).map((file) => file.path))
    // Each touched file gets the beginning of another file's text: new clones as well as changed lines.
    const donor = scripts[1]?.content.slice(0, 2000) ?? ""
    const changed = files.map((file) => (touched.has(file.path) ? { ...file, content: `${file.content}\n${donor}\n` } : file))
    const cached = plain(await atDefault(changed, frames))
    expect(cached).toEqual(plain(await atDefault(changed)))
  }, anchorTimeout)
})
