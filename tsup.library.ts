import { defineConfig, type Options } from "tsup"

/**
 * How every workspace package is built: ESM for Node 20 with declarations; `entry` differs, and a
 * package may add a step (`onSuccess`) of its own.
 */
export const library = (entry: ReadonlyArray<string> = ["src/index.ts"], extra: Options = {}) =>
  defineConfig({
    entry: [...entry],
    format: ["esm"],
    dts: true,
    sourcemap: true,
    clean: true,
    target: "node20",
    ...extra
  } satisfies Options)
