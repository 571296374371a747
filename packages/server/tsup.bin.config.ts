import { library } from "../../tsup.library.js"

/**
 * The `tidemark` command in one file, its dependencies inlined and what it never calls shaken out:
 * a client command loaded some 1 300 modules from node_modules (Effect's every module, fast-check,
 * @effect/cluster, undici) and spent about 1.7 CPU seconds doing so, more than most commands take
 * to run; bundled it starts in about a third of that. The server's modules stay out of the bundle
 * (`@tidemark/server/main`, loaded by `serve` and `worker` from dist/ServerMain.js): they must share
 * one copy of Effect and of the core with the analysis package, loaded from node_modules.
 *
 * Built after tsup.config.ts, into the same folder, which that build cleans.
 */
export default library(["src/bin.ts"], {
  clean: false,
  noExternal: [/.*/],
  // The server's entry stays an import, resolved at run time (tsup's `external` yields to `noExternal`).
  esbuildPlugins: [{
    name: "server-main-stays-out",
    setup: (build) => {
      build.onResolve({ filter: /^@tidemark\/server\/main$/ }, (args) => ({ path: args.path, external: true }))
    }
  }],
  splitting: false,
  // Bundled CommonJS calls `require` for Node's modules; an ES module has none of its own.
  banner: { js: "import { createRequire as __tidemarkRequire } from \"node:module\";\nconst require = __tidemarkRequire(import.meta.url);" }
})
