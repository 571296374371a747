import { Effect, Schema } from "effect"
import { readdir, readFile } from "node:fs/promises"
import { join } from "node:path"
import { table } from "./Report.js"

/** The parts of a V8 `.cpuprofile` the summary reads. */
const CpuProfile = Schema.Struct({
  nodes: Schema.Array(Schema.Struct({
    id: Schema.Number,
    children: Schema.optional(Schema.Array(Schema.Number)),
    callFrame: Schema.Struct({
      functionName: Schema.String,
      url: Schema.String,
      lineNumber: Schema.Number
    })
  })),
  samples: Schema.Array(Schema.Number),
  timeDeltas: Schema.Array(Schema.Number)
})
type CpuProfile = typeof CpuProfile.Type

/** Where a frame's code lives: a package, Tidemark's own code, Node's internals, or V8's pseudo-frames. */
const areaOf = (url: string, functionName: string) => {
  if (url === "") return functionName.startsWith("(") ? functionName : "(native)"
  if (url.startsWith("node:")) return "node internals"
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(url)
  if (pkg?.[1] !== undefined) return pkg[1]
  const own = /packages\/([^/]+)\//.exec(url)
  return own?.[1] !== undefined ? `@tidemark/${own[1]}` : url
}

const shortUrl = (url: string) => url.replace(/^.*node_modules\//, "").replace(/^.*\/packages\//, "packages/")

/**
 * Concerns of a request, most specific first: a sample counts for the first concern any frame of
 * its stack belongs to (an approximation: asynchronous continuations lose their callers).
 */
const concerns: ReadonlyArray<readonly [string, (functionName: string, url: string) => boolean]> = [
  ["garbage collection", (f) => f === "(garbage collector)"],
  ["hashing (SHA-256)", (f, u) => u.startsWith("node:internal/crypto") || f === "sha256Hex" || f === "constantTimeEqual"],
  ["NATS publish", (_, u) => u.includes("@nats-io/")],
  ["PostgreSQL (credential lookup)", (_, u) => /node_modules\/(pg|pg-protocol|pg-pool|@effect\/sql|@effect\/sql-pg)\//.test(u) || u.includes("adapter-pg")],
  ["JSON parse/stringify", (f, u) => u === "" && (f === "parse" || f === "stringify")],
  ["Schema decode/encode", (_, u) => /effect\/dist\/esm\/(ParseResult|Schema|SchemaAST)\.js/.test(u)],
  ["HTTP (node:http, sockets, @effect/platform)", (_, u) => u.startsWith("node:_http") || u.startsWith("node:net") || u.startsWith("node:internal/stream") || u.includes("@effect/platform") || u.includes("find-my-way-ts")],
  ["Effect runtime (fibers, context, FiberRefs)", (_, u) => /effect\/dist\/esm\//.test(u)],
  ["idle", (f) => f === "(idle)"]
]

const concernTable = (profile: CpuProfile, total: number) => {
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]))
  const memo = new Map<number, string>()
  const concernOf = (leaf: number) => {
    const known = memo.get(leaf)
    if (known !== undefined) return known
    const stack: Array<{ readonly functionName: string; readonly url: string }> = []
    // Bounded by the depth of the tree: every node has one parent, the root none.
    for (let id: number | undefined = leaf; id !== undefined && stack.length < 10_000; id = parent.get(id)) {
      const frame = frames.get(id)
      if (frame !== undefined) stack.push(frame)
    }
    const found = concerns.find(([, test]) => stack.some((f) => test(f.functionName, f.url)))?.[0] ?? "other"
    memo.set(leaf, found)
    return found
  }
  const by = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const c = concernOf(id)
    by.set(c, (by.get(c) ?? 0) + (profile.timeDeltas[i] ?? 0))
  })
  return table(
    ["concern (inclusive, approximate)", "ms", "share"],
    [...by.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, (v / 1000).toFixed(0), `${((100 * v) / total).toFixed(1)} %`])
  )
}

/** Self time per function and per area, in ms, of the newest profile in `dir`. */
export const summarise = (dir: string, top: number) =>
  Effect.gen(function*() {
    const files = (yield* Effect.promise(() => readdir(dir))).filter((f) => f.endsWith(".cpuprofile")).sort()
    const newest = files.at(-1)
    if (newest === undefined) return `No .cpuprofile in ${dir}`
    const text = yield* Effect.promise(() => readFile(join(dir, newest), "utf8"))
    const profile: CpuProfile = yield* Schema.decodeUnknown(Schema.parseJson(CpuProfile))(text)
    const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]))
    const functions = new Map<string, number>()
    const areas = new Map<string, number>()
    let total = 0
    profile.samples.forEach((id, i) => {
      const frame = byId.get(id)
      const micros = profile.timeDeltas[i] ?? 0
      if (frame === undefined) return
      total += micros
      const name = `${frame.functionName || "(anonymous)"} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`
      functions.set(name, (functions.get(name) ?? 0) + micros)
      const area = areaOf(frame.url, frame.functionName)
      areas.set(area, (areas.get(area) ?? 0) + micros)
    })
    const rows = (m: Map<string, number>, n: number) =>
      [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n)
        .map(([k, v]) => [k, (v / 1000).toFixed(0), `${((100 * v) / total).toFixed(1)} %`])
    return [
      `Profile ${join(dir, newest)}: ${(total / 1e6).toFixed(1)} s sampled`,
      "",
      table(["function (self time)", "ms", "share"], rows(functions, top)),
      "",
      table(["area (self time)", "ms", "share"], rows(areas, 25)),
      "",
      concernTable(profile, total)
    ].join("\n")
  })
