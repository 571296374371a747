import { library } from "../../tsup.library.js"

export default library(["src/index.ts", "src/memory.ts"])
