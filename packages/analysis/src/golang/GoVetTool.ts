import type { ToolDefinitions } from "@tidemark/core"
import type { AnalysisTool } from "../tools/AnalysisTool.js"
import { readGoVet } from "./GoFindings.js"
import { goOnPath } from "./GoProgram.js"
import { type GoToolOptions, makeGoTool } from "./GoTool.js"

/**
 * The go vet plug-in: `go vet -json -<analyzer>…` (the enabled patterns' analyzers only; vet runs
 * them all when none is named) over a module's packages (GoTool, GoRun), its report read from
 * standard error. A finding's severity is its pattern's.
 */
export const makeGoVetTool = (definition: ToolDefinitions.ToolDefinition, options: GoToolOptions = {}): AnalysisTool =>
  makeGoTool(definition, {
    lookUp: goOnPath,
    analyser: (program, rules) => ({
      name: "go vet",
      program: program.path,
      options: ["vet", "-json", ...rules.map((rule) => `-${rule.ruleId}`).sort()],
      report: "stderr",
      wholePackageOnly: new Set(),
      read: (_cwd, unitOf) => readGoVet(unitOf)
    })
  }, options)
