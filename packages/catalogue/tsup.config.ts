import { library } from "../../tsup.library.js"

// ToolHeads, RuleOptionSchema and StylelintSyntaxes are entries of their own: importing them must
// not decode the whole catalogue (Catalogue.ts), which the analysis threads never read.
export default library(["src/index.ts", "src/ToolHeads.ts", "src/RuleOptionSchema.ts", "src/StylelintSyntaxes.ts"])
