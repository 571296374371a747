import type { ToolDefinitions } from "@tidemark/core"
import { Duration, Effect } from "effect"
import { dirname } from "node:path"
import { childFencesReading } from "../../src/external/ChildFences.js"
import { childEnvironment, defaultRunLimits, runConfined } from "../../src/external/ConfinedRun.js"
import { goFolder, goVariables, modfileCopy } from "../../src/golang/GoEnvironment.js"
import { goOnPath, staticcheckOnPath } from "../../src/golang/GoProgram.js"
import type { EnabledRule } from "../../src/EnabledRule.js"
import type { IssueSeverity } from "../../src/LintResult.js"
import { catalogueHead } from "../CatalogueHeads.js"

export { checkoutOf } from "../external/Checkout.js"

export const staticcheckDefinition: ToolDefinitions.ToolDefinition = catalogueHead("Staticcheck")
export const govetDefinition: ToolDefinitions.ToolDefinition = catalogueHead("govet")

export const ruleOf = (prefix: string) => (id: string, severity: IssueSeverity): EnabledRule => ({ patternId: `${prefix}${id}`, ruleId: id, severity, parameters: [] })

/** Default patterns of each family the tests meet, at the catalogue's severities. */
export const staticcheckRules: ReadonlyArray<EnabledRule> = [
  ruleOf("Staticcheck_")("SA4006", "Warning"),
  ruleOf("Staticcheck_")("SA5009", "Error"),
  ruleOf("Staticcheck_")("S1003", "Info"),
  ruleOf("Staticcheck_")("ST1005", "Info"),
  ruleOf("Staticcheck_")("U1000", "Warning")
]
export const govetRules: ReadonlyArray<EnabledRule> = [ruleOf("govet_")("printf", "Error"), ruleOf("govet_")("assign", "Warning")]

/**
 * A small module with a known issue of each default family: a value never used (main.go:11), a
 * Printf verb of the wrong type (14), strings.Index for strings.Contains (15), an error string
 * capitalised (store/store.go:6), an unused function (store/store.go:9), a self-assignment (main.go:17).
 */
export const project: Readonly<Record<string, string>> = {
  "go.mod": "module example.com/shop\n\ngo 1.19\n",
  "main.go": [
    "package main",
    "",
    "import (",
    "\t\"fmt\"",
    "\t\"strings\"",
    "",
    "\t\"example.com/shop/store\"",
    ")",
    "",
    "func main() {",
    "\tx := store.Count()",
    "\tx = 2",
    "\tfmt.Println(x)",
    "\tfmt.Printf(\"%d\\n\", \"text\")",
    "\tif strings.Index(\"abc\", \"b\") != -1 {",
    "\t\ty := 1",
    "\t\ty = y",
    "\t\tfmt.Println(y, store.Check())",
    "\t}",
    "}",
    ""
  ].join("\n"),
  "store/store.go": [
    "package store",
    "",
    "import \"errors\"",
    "",
    "// Check says what is wrong.",
    "func Check() error { return errors.New(\"Something failed\") }",
    "",
    "// Count is one.",
    "func Count() int { return 1 }",
    "",
    "func unused() {}",
    ""
  ].join("\n")
}

/** The project with a test that imports a module the checkout does not hold (as go-yaml's import gopkg.in/check.v1). */
export const missingTestDependency: Readonly<Record<string, string>> = {
  ...project,
  "go.mod": "module example.com/shop\n\nrequire gopkg.in/check.v1 v0.0.0-20161208181325-20d25e280405\n",
  "store/store_test.go": "package store\n\nimport (\n\t\"testing\"\n\n\t\"gopkg.in/check.v1\"\n)\n\nfunc Test(t *testing.T) { check.TestingT(t) }\n"
}

/** A module whose go.mod needs a module the checkout does not hold: one file imports it. */
export const missingDependency: Readonly<Record<string, string>> = {
  "go.mod": "module example.com/cli\n\ngo 1.19\n\nrequire github.com/spf13/pflag v1.0.5\n",
  "flags/flags.go": "package flags\n\nimport \"github.com/spf13/pflag\"\n\n// Name is the command line's.\nfunc Name() string { return pflag.CommandLine.Name() }\n",
  "flags/plain.go": "package flags\n\nimport \"fmt\"\n\n// Plain prints.\nfunc Plain() { fmt.Printf(\"%s\\n\", 3) }\n",
  "main.go": "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Printf(\"%d\\n\", \"x\") }\n"
}

/**
 * A module whose package `cmd` has one file importing a module the checkout does not hold and two
 * that use its declarations (as cobra's command.go and the files around it).
 */
export const dependentFiles: Readonly<Record<string, string>> = {
  "go.mod": "module example.com/tool\n\ngo 1.19\n\nrequire github.com/spf13/pflag v1.0.5\n",
  "cmd/command.go": "package cmd\n\nimport \"github.com/spf13/pflag\"\n\n// Command holds flags.\ntype Command struct{ Flags *pflag.FlagSet }\n",
  "cmd/run.go": "package cmd\n\nimport \"fmt\"\n\n// Run runs.\nfunc Run(c *Command) { fmt.Printf(\"%d\\n\", \"x\") }\n",
  "cmd/help.go": "package cmd\n\n// Help helps.\nfunc Help(c *Command) string { return \"\" }\n",
  "main.go": "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Printf(\"%d\\n\", \"x\") }\n"
}

/**
 * A real run of the go command (or Staticcheck) in a module of the test's, in the environment the
 * plug-ins give it (GoEnvironment, a folder of the run's): what the readers are tested on.
 */
export const goOutputOf = (program: string, args: ReadonlyArray<string>, cwd: string, report?: "stdout" | "stderr") =>
  Effect.scoped(Effect.gen(function*() {
    const fences = childFencesReading(program, cwd)
    const folder = yield* goFolder(fences.user)
    const modfile = modfileCopy(folder, cwd, fences.user)
    return yield* runConfined({
      program,
      args,
      cwd,
      fences,
      limits: { ...defaultRunLimits, timeout: Duration.minutes(5), memoryMegabytes: 4096 },
      report,
      environment: { ...goVariables(folder, false, modfile), PATH: `${dirname(program)}:${childEnvironment["PATH"] ?? ""}` }
    })
  }))

/** The installed go and Staticcheck programs, found as the plug-ins find them. */
export const installed = Effect.gen(function*() {
  const go = yield* goOnPath()
  const staticcheck = yield* staticcheckOnPath()
  if (go._tag !== "InstalledProgram" || staticcheck._tag !== "InstalledProgram") {
    const reasons = [go, staticcheck].flatMap((lookup) => lookup._tag === "MissingProgram" ? [lookup.reason] : [])
    return yield* Effect.die(`the tests need go and Staticcheck installed (scripts/test-tools.sh): ${reasons.join("; ")}`)
  }
  return { go: go.path, staticcheck: staticcheck.path }
})
