import { describe, expect, it } from "vitest"
import { onByDefault, pylintCategory, pylintOffByDefault, pylintRelease, toPylintTool } from "../scripts/PylintCatalogue.js"
import { committedMessageList, installedMessageList, readMessageList } from "../scripts/PylintMessages.js"
import pylint from "../src/data/pylint.json" with { type: "json" }

const messages = readMessageList(committedMessageList())
const byId = new Map(messages.map((message) => [message.id, message]))

describe("the Pylint catalogue", () => {
  it("reads Pylint's own listing: every message with its symbol, template and description, emittable or not", () => {
    expect(messages).toHaveLength(364)
    expect(byId.get("W0102")).toEqual({
      id: "W0102",
      symbol: "dangerous-default-value",
      template: "Dangerous default value %s as argument",
      description: "Used when a mutable value as list or dictionary is detected in a default value for an argument.",
      emittable: true
    })
    // A message with no template (its text is made at run time), and one this interpreter cannot emit.
    expect(byId.get("E0001")).toMatchObject({ symbol: "syntax-error", template: "" })
    expect(byId.get("E0106")).toMatchObject({ symbol: "return-arg-in-generator", emittable: false })
    expect(() => readMessageList("Emittable messages with current interpreter:\nsomething else\n")).toThrow(/a line this reader does not know/)
  })

  it("has a pattern per message but Pylint's information messages, its errors and chosen warnings on, less what needs the dependencies or run-time inference", () => {
    const tool = toPylintTool(messages)
    expect(tool).toEqual(pylint)
    expect(tool.patterns).toHaveLength(messages.filter((message) => !message.id.startsWith("I")).length)
    const on = tool.patterns.filter((pattern) => pattern.definition.enabled).map((pattern) => pattern.definition.id.slice("PyLint_".length))
    expect(on).toContain("E0602")
    expect(on).toContain("W0101")
    expect(on).not.toContain("W0102")
    expect(on).not.toContain("E0401")
    expect(on).not.toContain("E1101")
    expect(on).not.toContain("C0114")
    expect(on.every((id) => /^[EFW]/.test(id))).toBe(true)
    for (const id of pylintOffByDefault.keys()) expect(byId.get(id)?.id.startsWith("E"), id).toBe(true)
    expect(tool.enabledByDefault).toBe(false)
    expect(tool.patterns.find((pattern) => pattern.definition.id === "PyLint_W0102")?.definition).toMatchObject({
      title: "Dangerous default value",
      enabled: false,
      category: "ErrorProne",
      level: "Warning",
      explanation: `Pylint's message dangerous-default-value (W0102): https://pylint.readthedocs.io/en/v${pylintRelease}/user_guide/messages/`
    })
  })

  it("puts a message in a category by what it says about the code", () => {
    const category = (id: string) => pylintCategory(byId.get(id) ?? messages[0]!)
    expect([category("W0123"), category("W0611"), category("R0912"), category("C0114"), category("E1120"), category("C0103"), category("R1705")]).toEqual([
      "Security",
      "UnusedCode",
      "Complexity",
      "Documentation",
      "ErrorProne",
      "CodeStyle",
      "BestPractice"
    ])
    expect(onByDefault(byId.get("F0001") ?? messages[0]!)).toBe(true)
  })
})

describe("the committed Pylint listing", () => {
  it("is the installed Pylint's (re-run `pnpm generate --pylint` after an upgrade)", () => {
    expect(installedMessageList()).toBe(committedMessageList())
  })
})
