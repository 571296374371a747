import { library } from "../../tsup.library.js"

// The sandboxed linting process and the analysis threads are entries of their own: ConfigLintSandbox
// starts the one with node, ThreadedAnalyzer the other as a worker thread.
export default library(["src/index.ts", "src/ConfigLintChild.ts", "src/AnalysisThread.ts"])
