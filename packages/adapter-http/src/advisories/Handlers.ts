import { AdvisoryImports } from "@tidemark/core"
import { Effect } from "effect"
import { answerData, type RequestOf } from "../HandlerShapes.js"
import type { importAdvisories } from "./Api.js"

/** The admin group's operations on advisories (see admin/Handlers.ts). */
export const adminHandlers = Effect.map(AdvisoryImports.AdvisoryImports, (imports) => ({
  importAdvisories: ({ payload }: RequestOf<typeof importAdvisories>) => answerData((caller) => imports.importRecords(caller, payload.records)),
  getAdvisoryImport: () => answerData((caller) => imports.status(caller)),
  matchAdvisories: () => answerData((caller) => imports.match(caller))
}))
