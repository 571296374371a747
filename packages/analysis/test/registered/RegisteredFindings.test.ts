import { RegisteredTools } from "@tidemark/core"
import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { discoveredRulesOf, messagesByFile, ruleIdOfResult, splitRuleId } from "../../src/registered/RegisteredFindings.js"
import { readSarif } from "../../src/Sarif.js"

const log = JSON.stringify({
  version: "2.1.0",
  runs: [{
    tool: {
      driver: {
        name: "Semgrep",
        rules: [
          {
            id: "python.lang.security.audit.eval-detected",
            shortDescription: { text: "Detected the use of eval()" },
            fullDescription: { text: "eval() on user input runs it." },
            defaultConfiguration: { level: "error" },
            properties: { tags: ["CWE-95: Eval Injection", "security"] }
          },
          { id: "python.lang.correctness.useless-eqeq", name: "useless-eqeq", defaultConfiguration: { level: "note" } }
        ]
      }
    },
    results: [
      { ruleId: "python.lang.security.audit.eval-detected", message: { text: "eval" }, locations: [{ physicalLocation: { artifactLocation: { uri: "app/run.py" }, region: { startLine: 9 } } }] },
      { ruleId: "python.lang.correctness.useless-eqeq", level: "warning", message: { text: "x == x" }, locations: [{ physicalLocation: { artifactLocation: { uri: "app/run.py" }, region: { startLine: 3 } } }] },
      { ruleId: "undocumented:rule", message: { text: "only named here" }, locations: [{ physicalLocation: { artifactLocation: { uri: "file:///checkout/lib/a.py" }, region: { startLine: 1 } } }] },
      { ruleId: "outside", message: { text: "not ours" }, locations: [{ physicalLocation: { artifactLocation: { uri: "/elsewhere/x.py" } } }] }
    ]
  }]
})

describe("a registered tool's SARIF log", () => {
  const read = readSarif(log, "/checkout")
  const parsed = Either.getOrThrow(read)

  it("gives each file of the tree its messages, by line, the rule's level kept with its id", () => {
    const byFile = messagesByFile(parsed.issues, new Set(["app/run.py", "lib/a.py"]))
    expect([...byFile.keys()]).toEqual(["app/run.py", "lib/a.py"])
    expect(byFile.get("app/run.py")?.map((m) => [m.line, m.ruleId])).toEqual([
      [3, "python.lang.correctness.useless-eqeq:warning"],
      [9, "python.lang.security.audit.eval-detected:error"]
    ])
    expect(splitRuleId("undocumented:rule:warning")).toEqual({ rule: "undocumented:rule", level: "warning" })
    expect(byFile.get("lib/a.py")?.map((m) => m.ruleId)).toEqual(["undocumented:rule:warning"])
    expect(ruleIdOfResult({ tool: "t", ruleId: undefined, level: "note", message: "", file: undefined, line: undefined })).toBe("unknown:note")
  })

  it("learns every rule the log describes, and those only its results name, with a category from the rule's tags", () => {
    expect(discoveredRulesOf(parsed.rules)).toEqual([
      new RegisteredTools.DiscoveredRule({
        id: "python.lang.security.audit.eval-detected",
        title: "Detected the use of eval()",
        description: "eval() on user input runs it.",
        level: "Error",
        category: "Security"
      }),
      new RegisteredTools.DiscoveredRule({ id: "python.lang.correctness.useless-eqeq", title: "useless-eqeq", level: "Info", category: "ErrorProne" }),
      new RegisteredTools.DiscoveredRule({ id: "undocumented:rule", level: "Warning", category: "ErrorProne" }),
      new RegisteredTools.DiscoveredRule({ id: "outside", level: "Warning", category: "ErrorProne" })
    ])
  })
})
