import { defineConfig, type Options } from "tsup"

/** How every workspace package is built: ESM for Node 20 with declarations; `entry` differs. */
export const library = (entry: ReadonlyArray<string> = ["src/index.ts"]) =>
  defineConfig({
    entry: [...entry],
    format: ["esm"],
    dts: true,
    sourcemap: true,
    clean: true,
    target: "node20"
  } satisfies Options)
