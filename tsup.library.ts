import { defineConfig, type Options } from "tsup"

/**
 * How every workspace package is built: ESM for Node 20 with declarations; `entry` differs, and a
 * package may add a step (`onSuccess`) of its own. `TIDEMARK_DECLARATIONS=false` leaves the
 * declarations out: `pnpm start` builds so (scripts/build-for-start.mjs), since running the server
 * needs none and writing them is most of a build's time; `pnpm build` (tests, publishing) keeps them.
 */
export const library = (entry: ReadonlyArray<string> = ["src/index.ts"], extra: Options = {}) =>
  defineConfig({
    entry: [...entry],
    format: ["esm"],
    dts: process.env["TIDEMARK_DECLARATIONS"] !== "false",
    sourcemap: true,
    clean: true,
    target: "node20",
    ...extra
  } satisfies Options)
