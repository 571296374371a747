import { describe, expect, it } from "@effect/vitest"
import { RegisteredTools } from "@tidemark/core"
import { Effect, Either } from "effect"
import { chmodSync, mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { EnabledRule } from "../../src/EnabledRule.js"
import { makeRegisteredTool } from "../../src/registered/RegisteredTool.js"
import type { SourceFile } from "../../src/SourceTree.js"
import { checkoutOf } from "../external/Checkout.js"

/** A folder the fenced user may write Go's build cache in. */
const goCache = () => {
  const folder = mkdtempSync(join(tmpdir(), "tidemark-registered-go-"))
  chmodSync(folder, 0o1777)
  return folder
}

/** Where Go and Staticcheck keep their caches: the fences' environment has no home. */
const goEnvironment = (folder: string) => ({ GOCACHE: join(folder, "go"), XDG_CACHE_HOME: folder })

/** Staticcheck through its SARIF output, as an admin would register golangci-lint or Semgrep. */
const registration = (command: readonly [string, ...Array<string>], name = "staticcheck-sarif") =>
  new RegisteredTools.RegisteredTool({
    uuid: "00000000-0000-5000-8000-000000000001",
    name,
    languages: ["Go"],
    command,
    timeoutSeconds: 120,
    memoryMegabytes: 4096,
    environment: { ...goEnvironment(goCache()), GOFLAGS: "-mod=mod", GOPROXY: "off" }
  })

const project = {
  "go.mod": "module example.com/m\n\ngo 1.19\n",
  "main.go": ["package main", "", "import \"fmt\"", "", "func main() {", "\tvar x []int", "\tx = append(x)", "\tfmt.Printf(\"%d\\n\", \"s\")", "}", ""].join("\n"),
  "README.md": "# m\n"
}

const enabled = (ruleId: string): EnabledRule => ({ patternId: `staticcheck-sarif_${ruleId}`, ruleId, severity: "Warning", parameters: [] })

const run = (tool: ReturnType<typeof makeRegisteredTool>, root: string, files: ReadonlyArray<SourceFile>, rules: ReadonlyArray<EnabledRule> = [], knownRules: ReadonlyArray<string> = []) =>
  Effect.flatten(tool.start(root, files, { rules, useConfigurationFile: false, configurationByDefault: false, knownRules }))

describe("a registered SARIF tool", () => {
  it.effect("runs its command over the checkout: each result an issue of its file and line, each rule of its log a pattern to learn", () =>
    Effect.gen(function*() {
      const tool = makeRegisteredTool(registration(["go-staticcheck", "-f", "sarif", "./..."]))
      expect(tool.languages).toEqual(["Go"])
      expect([tool.takes({ path: "a/b.go", content: "" }), tool.takes({ path: "b.py", content: "" })]).toEqual([true, false])
      expect(tool.ruleIdOf("staticcheck-sarif_SA4006")).toBe("SA4006")
      expect(yield* tool.availability ?? Effect.die("no availability")).toEqual({ _tag: "Installed" })
      const { files, root } = checkoutOf(project)
      const { discovered, problems, result } = yield* run(tool, root, files)
      expect(problems).toEqual([])
      expect(result.issues.map((i) => [i.file, i.line, i.patternId, i.severity])).toEqual([
        ["main.go", 7, "staticcheck-sarif_SA4006", "Warning"],
        ["main.go", 7, "staticcheck-sarif_SA4010", "Warning"],
        ["main.go", 7, "staticcheck-sarif_SA4021", "Warning"],
        // Staticcheck's rule says `error` by default, the others `warning`.
        ["main.go", 8, "staticcheck-sarif_SA5009", "Error"]
      ])
      expect(result.issues.find((i) => i.patternId.endsWith("SA5009"))?.message).toBe("Printf format %d has arg #1 of wrong type string")
      expect(result.lintedFiles).toBe(1)
      // Staticcheck describes every check it has in its log, found or not.
      expect(discovered?.length).toBeGreaterThan(100)
      const assigned = discovered?.find((rule) => rule.id === "SA4006")
      expect(assigned).toMatchObject({
        id: "SA4006",
        title: "A value assigned to a variable is never read before being overwritten. Forgotten error check or dead code?",
        level: "Warning",
        category: "ErrorProne"
      })
      expect(assigned?.description).toMatch(/^A value assigned to a variable is never read/)
    }))

  it.effect("leaves out a pattern the repository disabled, keeps one it enabled and one new to the catalogue", () =>
    Effect.gen(function*() {
      const tool = makeRegisteredTool(registration(["go-staticcheck", "-f", "sarif", "./..."]))
      const { files, root } = checkoutOf(project)
      const { result } = yield* run(tool, root, files, [{ ...enabled("SA4006"), severity: "Error" }], ["SA4006", "SA4010"])
      expect(result.issues.map((i) => [i.patternId, i.severity])).toEqual([
        ["staticcheck-sarif_SA4006", "Error"],
        ["staticcheck-sarif_SA4021", "Warning"],
        ["staticcheck-sarif_SA5009", "Error"]
      ])
    }))

  it.effect("gives a command naming {files} its languages' files, and reads its log from {output}", () =>
    Effect.gen(function*() {
      const tool = makeRegisteredTool(registration(["sh", "-c", "exec go-staticcheck -f sarif \"$@\" > \"$0\"", "{output}", "{files}"]))
      const { files, root } = checkoutOf(project)
      const { result } = yield* run(tool, root, files)
      expect(result.issues.map((i) => [i.file, i.line, i.patternId])).toEqual([
        ["main.go", 7, "staticcheck-sarif_SA4006"],
        ["main.go", 7, "staticcheck-sarif_SA4010"],
        ["main.go", 7, "staticcheck-sarif_SA4021"],
        ["main.go", 8, "staticcheck-sarif_SA5009"]
      ])
    }))

  it.effect("fails, never clean, when its command writes no log, and says how to install a program it cannot find", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf(project)
      const silent = yield* Effect.either(run(makeRegisteredTool(registration(["sh", "-c", "echo broken >&2; exit 3"])), root, files))
      expect(Either.isLeft(silent) && silent.left.reason).toBe("staticcheck-sarif wrote no SARIF log (exit code 3): broken")
      const garbled = yield* Effect.either(run(makeRegisteredTool(registration(["sh", "-c", "echo '{\"version\":\"2.0\"}'"])), root, files))
      expect(Either.isLeft(garbled) && garbled.left.reason).toMatch(/^staticcheck-sarif's log: invalid SARIF 2\.1\.0 log/)
      const missing = makeRegisteredTool(registration(["no-such-linter", "--sarif"]))
      expect(yield* missing.availability ?? Effect.die("no availability")).toEqual({
        _tag: "NotInstalled",
        reason: "no-such-linter is not on the search path",
        install: "install no-such-linter on the server's search path (the command the administrator registered for staticcheck-sarif)"
      })
      const notRun = yield* Effect.either(run(missing, root, files))
      expect(Either.isLeft(notRun) && notRun.left.reason).toMatch(/^no-such-linter is not on the search path/)
    }))
})
