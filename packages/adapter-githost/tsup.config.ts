import { library } from "../../tsup.library.js"

export default library()
