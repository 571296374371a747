import { readFileSync } from "node:fs"
import { library } from "../../tsup.library.js"

// Every module of the index is an entry of its own as well as a namespace of the index: the
// declarations of the packages that use the core name its types by the module's subpath
// (`@tidemark/core/Analyzer`), as they name Effect's (`effect/Effect`), since TypeScript does
// not reach a type through `export * as`. Declarations are tsc's, a file per module
// (tsconfig.build.json): bundled by tsup, a namespace kept only the type of a name that is both a
// value and a type (`IngestionEvents.Event`), and bundling 150 entries took most of the build.
const modules = Array.from(readFileSync("src/index.ts", "utf8").matchAll(/from "\.\/(.+)\.js"/g), ([, module]) => `src/${module}.ts`)

const declarations = process.env["TIDEMARK_DECLARATIONS"] !== "false"

export default library(["src/index.ts", "src/memory.ts", ...modules], {
  dts: false,
  ...(declarations ? { onSuccess: "tsc -p tsconfig.build.json" } : {})
})
