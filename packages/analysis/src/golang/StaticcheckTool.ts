import type { ToolDefinitions } from "@tidemark/core"
import type { AnalysisTool } from "../tools/AnalysisTool.js"
import { readStaticcheck } from "./GoFindings.js"
import { staticcheckOnPath } from "./GoProgram.js"
import { type GoToolOptions, makeGoTool } from "./GoTool.js"

/**
 * The Staticcheck plug-in: `staticcheck -f json -checks <the enabled patterns>` over a module's
 * packages (GoTool, GoRun). The code's own `//lint:ignore` comments are honoured by Staticcheck; a
 * `staticcheck.conf` is not read: the enabled patterns decide the checks. Where the module's go.mod
 * names no Go version, `-go` is the oldest its CI builds with, when it says (StatedGoVersion). Tests are checked too,
 * as Staticcheck does by default. A finding's severity is its pattern's (Staticcheck gives every
 * finding of its command line the same one).
 */
export const makeStaticcheckTool = (definition: ToolDefinitions.ToolDefinition, options: GoToolOptions = {}): AnalysisTool =>
  makeGoTool(definition, {
    lookUp: staticcheckOnPath,
    analyser: (program, rules, goVersion) => ({
      name: "Staticcheck",
      program: program.path,
      options: ["-f", "json", ...(goVersion === undefined ? [] : ["-go", goVersion]), "-checks", rules.map((rule) => rule.ruleId).sort().join(",")],
      report: "stdout",
      wholePackageOnly: new Set(["U1000"]),
      read: readStaticcheck
    })
  }, options)
