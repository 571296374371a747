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
    // Another workspace package's types come from its built declarations (pnpm builds dependencies
    // first), not from its sources through the `tidemark-source` condition: each package's
    // declarations then check its own sources only, not the core's again (about 14 s each before).
    dts: process.env["TIDEMARK_DECLARATIONS"] === "false" ? false : { compilerOptions: { customConditions: [] } },
    sourcemap: true,
    clean: true,
    target: "node20",
    ...extra
  } satisfies Options)
