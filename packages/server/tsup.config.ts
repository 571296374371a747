import { library } from "../../tsup.library.js"

export default library(["src/bin.ts", "src/RuntimeFlags.ts"])
