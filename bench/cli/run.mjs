// How long the `tidemark` command takes to start: the bundled dist/bin.js against the same entry
// built as it was before (the command's own sources in one file, every package from node_modules),
// both built and timed in this run, interleaved. Prints a table; not a test.
//
//   npx -y pnpm@10.34.9 --filter @tidemark/server build && node bench/cli/run.mjs [runs]
import { spawnSync } from "node:child_process"
import { existsSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import { cpus, loadavg } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "../..")
const server = join(root, "packages/server")
const bundled = join(server, "dist/bin.js")
if (!existsSync(bundled)) throw new Error(`${bundled} is missing: build @tidemark/server first`)

// tsup's own esbuild, the bundler of every package.
const esbuild = createRequire(createRequire(join(root, "package.json")).resolve("tsup"))("esbuild")
const baselineDir = join(server, ".bench-unbundled")
rmSync(baselineDir, { recursive: true, force: true })
await esbuild.build({
  entryPoints: [join(server, "src/bin.ts")],
  outdir: baselineDir,
  bundle: true,
  packages: "external",
  format: "esm",
  platform: "node",
  target: "node20",
  logLevel: "error"
})
const unbundled = join(baselineDir, "bin.js")

const runs = Number(process.argv[2] ?? "15")
const commands = [["--help"], ["repo", "--help"]]
const variants = [["unbundled (before)", unbundled], ["bundled dist/bin.js", bundled]]

const timed = (file, args) => {
  const started = process.hrtime.bigint()
  const result = spawnSync(process.execPath, [file, ...args], { encoding: "utf8", env: { PATH: process.env.PATH } })
  if (result.status !== 0) throw new Error(`${file} ${args.join(" ")} exited ${result.status}: ${result.stderr}`)
  return Number(process.hrtime.bigint() - started) / 1e6
}

const samples = new Map(variants.map(([name]) => [name, []]))
for (let run = 0; run < runs; run++) {
  for (const [name, file] of variants) for (const args of commands) samples.get(name).push(timed(file, args))
}
rmSync(baselineDir, { recursive: true, force: true })

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
const rows = variants.map(([name]) => {
  const sorted = [...samples.get(name)].sort((a, b) => a - b)
  const total = sorted.reduce((sum, ms) => sum + ms, 0)
  return { name, perSecond: (sorted.length / total) * 1000, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) }
})
const base = rows[0]
console.log(`tidemark start-up: ${runs} runs of each of ${commands.map((c) => `\`${c.join(" ")}\``).join(", ")} per variant, interleaved; Node ${process.version}, ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(" / ")}`)
console.log("| variant | commands/s | p50 ms | p99 ms | p50 vs unbundled |")
console.log("| --- | ---: | ---: | ---: | ---: |")
for (const row of rows) {
  console.log(`| ${row.name} | ${row.perSecond.toFixed(2)} | ${row.p50.toFixed(0)} | ${row.p99.toFixed(0)} | ${(base.p50 / row.p50).toFixed(2)}× |`)
}
