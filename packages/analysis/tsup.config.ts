import { library } from "../../tsup.library.js"

// The sandboxed linting process is an entry of its own: ConfigLintSandbox starts it with node.
export default library(["src/index.ts", "src/ConfigLintChild.ts"])
