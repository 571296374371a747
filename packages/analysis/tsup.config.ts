import { library } from "../../tsup.library.js"

// The service's own process imports `service` alone, which loads no linter. The sandboxed linting
// process and the analysis and lint threads are entries of their own: ConfigLintSandbox starts the
// first with node, ThreadedAnalyzer the analysis threads, and each analysis thread its lint thread
// (LintHelper).
export default library(["src/index.ts", "src/service.ts", "src/ConfigLintChild.ts", "src/AnalysisThread.ts", "src/LintThread.ts"])
