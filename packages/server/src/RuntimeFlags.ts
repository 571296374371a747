import { setFlagsFromString } from "node:v8"

/**
 * V8 settings of every tidemark process, applied on import, before the process allocates much:
 * the bin imports this module first, and so does the storage benchmark, which measures the
 * services in its own process (the ingestion benchmark runs the server itself).
 *
 * Allocation-site pretenuring off. V8 allocates the objects of an allocation site (an object
 * literal, say) straight in the old generation once most of them outlived a minor collection.
 * A phase that keeps many such objects (start-up, a bulk import, a benchmark's seed) decides it
 * for good; afterwards each request's short-lived objects from those sites are old from birth,
 * and the young objects they point to survive every minor collection until a major one. In the
 * storage benchmark that made one call in ten 10–13 ms slower (a scavenge promoting megabytes of
 * garbage); with pretenuring off, the p99 of a pattern list fell from 16–18 ms to 8–10 ms
 * (docs/benchmarks.md, "2026-11-24 (second session)").
 */
setFlagsFromString("--no-allocation-site-pretenuring")

/**
 * `TIDEMARK_WASM_OPTIMIZE=false`: WebAssembly (Ruff, the tree-sitter grammars, the embedded
 * database) runs on V8's baseline code only (Liftoff), never recompiled by its optimizing tier.
 * Optimizing Ruff's 10 MB module is some 4–5 s of CPU in every process (and thread) that lints
 * Python, and the embedded database's a few seconds more: a process that lints 50 files spent
 * 6.2 CPU s with the optimizing tier and 1.3 without; 3 000 files, 12.7 against 9.2. The optimized
 * code is faster once made (1 000 more files: 1.9 s against 2.9), so a long-lived server that lints
 * much Python keeps the default; short-lived servers and workers (and the test suite's) set it off.
 * The values are Config.boolean's (ServerConfig refuses others, naming the variable).
 */
export const wasmBaselineOnly = (value: string | undefined): boolean =>
  value !== undefined && ["false", "no", "off", "0"].includes(value.trim().toLowerCase())

if (wasmBaselineOnly(process.env["TIDEMARK_WASM_OPTIMIZE"])) setFlagsFromString("--liftoff-only")
