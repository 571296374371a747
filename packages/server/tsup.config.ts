import { existsSync } from "node:fs"
import { cp } from "node:fs/promises"
import { library } from "../../tsup.library.js"

// Relative to the package, where tsup runs, like the entries.
const dashboardBuild = "../dashboard/dist"
const shipped = "dist/dashboard"

/**
 * The dashboard's built files ship inside this package (`dist/dashboard`), where the server looks
 * for them: an installed `tidemark serve` has its dashboard without another package or a path to
 * configure. `pnpm build` builds the dashboard first (it is a dev dependency, so the graph orders it).
 */
const copyDashboard = async () => {
  if (!existsSync(dashboardBuild)) {
    throw new Error(`${dashboardBuild} is missing: build @tidemark/dashboard before @tidemark/server`)
  }
  await cp(dashboardBuild, shipped, { recursive: true })
}

/** The server's modules, unbundled; the command itself (dist/bin.js) is bundled by tsup.bin.config.ts, built after this one. */
export default library(["src/ServerMain.ts", "src/RuntimeFlags.ts", "src/NodeHasher.ts"], { onSuccess: copyDashboard })
