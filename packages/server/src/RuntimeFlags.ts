import { setFlagsFromString } from "node:v8"
import { wasmBaselineOnly } from "./WasmTier.js"

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

if (wasmBaselineOnly(process.env["TIDEMARK_WASM_OPTIMIZE"])) setFlagsFromString("--liftoff-only")
