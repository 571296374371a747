import { Config, ConfigProvider, Effect, Either } from "effect"

/**
 * `TIDEMARK_WASM_OPTIMIZE=false`: WebAssembly (Ruff, the tree-sitter grammars, the embedded
 * database) runs on V8's baseline code only (Liftoff), never recompiled by its optimizing tier.
 * Optimizing Ruff's 10 MB module is some 4–5 s of CPU in every process (and thread) that lints
 * Python, and the embedded database's a few seconds more: a process that lints 50 files spent
 * 6.2 CPU s with the optimizing tier and 1.3 without; 3 000 files, 12.7 against 9.2. The optimized
 * code is faster once made (1 000 more files: 1.9 s against 2.9), so a long-lived server that lints
 * much Python keeps the default; short-lived servers and workers (and the test suite's) set it off.
 * One reading of the variable, here and in ServerConfig (which refuses a value that is not a
 * boolean, naming it; here such a value leaves the default).
 */
export const optimizeWasm = Config.boolean("TIDEMARK_WASM_OPTIMIZE").pipe(Config.withDefault(true))

/** Whether `value` of TIDEMARK_WASM_OPTIMIZE keeps WebAssembly at the baseline tier. */
export const wasmBaselineOnly = (value: string | undefined): boolean =>
  Either.getOrElse(
    Effect.runSync(Effect.either(Effect.withConfigProvider(
      optimizeWasm,
      ConfigProvider.fromMap(new Map(value === undefined ? [] : [["TIDEMARK_WASM_OPTIMIZE", value]]))
    ))),
    () => true
  ) === false
