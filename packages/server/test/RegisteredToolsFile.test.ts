import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Option } from "effect"
import { readRegisteredTools, registeredToolsOf, registeredToolUuid } from "../src/RegisteredToolsFile.js"

const shipped = ["ESLint9", "Ruff", "Staticcheck"]

describe("the registered tools' file (TIDEMARK_SARIF_TOOLS)", () => {
  it.effect("gives each tool its defaults and a uuid derived from its name, the same at every start", () =>
    Effect.gen(function*() {
      const tools = yield* registeredToolsOf("tools.json", JSON.stringify({ tools: [{ name: "semgrep", languages: ["Python", "Go"], command: ["semgrep", "scan", "--sarif"] }] }), shipped)
      expect(tools.map((tool) => ({ ...tool }))).toEqual([{
        uuid: registeredToolUuid("semgrep"),
        name: "semgrep",
        languages: ["Python", "Go"],
        command: ["semgrep", "scan", "--sarif"],
        timeoutSeconds: 600,
        memoryMegabytes: 2048,
        environment: {}
      }])
      expect(registeredToolUuid("semgrep")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(registeredToolUuid("semgrep")).not.toBe(registeredToolUuid("trivy"))
      expect(yield* readRegisteredTools(Option.none(), shipped)).toEqual([])
    }))

  it.effect("refuses a taken name (any case, a shipped tool's or another registration's), a language Tidemark does not measure, and what is not the file's shape", () =>
    Effect.gen(function*() {
      const reason = (text: string) => Effect.map(Effect.either(registeredToolsOf("tools.json", text, shipped)), Either.match({ onLeft: (e) => e.message, onRight: () => "accepted" }))
      expect(yield* reason(JSON.stringify({ tools: [{ name: "ruff", languages: ["Python"], command: ["ruff"] }] }))).toBe(
        "the registered tools of tools.json (TIDEMARK_SARIF_TOOLS) cannot be used: the name ruff is taken (by a shipped tool or another registration)"
      )
      const twice = { name: "trivy", languages: ["Go"], command: ["trivy"] }
      expect(yield* reason(JSON.stringify({ tools: [twice, { ...twice, name: "Trivy" }] }))).toMatch(/the name Trivy is taken/)
      expect(yield* reason(JSON.stringify({ tools: [{ name: "semgrep", languages: ["Klingon"], command: ["semgrep"] }] }))).toMatch(/semgrep: languages Tidemark does not measure: Klingon$/)
      expect(yield* reason(JSON.stringify({ tools: [{ name: "semgrep", languages: ["Go"], command: [] }] }))).toMatch(/command/)
      expect(yield* reason(JSON.stringify({ tools: [{ name: "has space", languages: ["Go"], command: ["x"] }] }))).toMatch(/name/)
      expect(yield* reason("{ not json")).toMatch(/cannot be used/)
      const unreadable = yield* Effect.either(readRegisteredTools(Option.some("/nonexistent/tools.json"), shipped))
      expect(Either.isLeft(unreadable) && unreadable.left.message).toMatch(/^the registered tools of \/nonexistent\/tools.json \(TIDEMARK_SARIF_TOOLS\) cannot be used: unreadable/)
    }))
})
