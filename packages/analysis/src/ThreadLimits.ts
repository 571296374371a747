import type { ResourceLimits } from "node:worker_threads"

/**
 * What analysis and lint threads are started with. Parsing and linting allocate many short-lived
 * objects: a young generation of 192 MB (V8's semi-spaces of 64 MB, against 16 MB by default) took
 * the bench's whole analysis in one thread from 13.5 s to 11.6 s (CPU 16.1 to 14.4 s), for at most
 * that much more memory per thread.
 */
export const analysisThreadLimits: ResourceLimits = { maxYoungGenerationSizeMb: 192 }
