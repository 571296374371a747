import { describe, expect, it } from "vitest"
import { cppcheckLintKey } from "../../src/cppcheck/CppcheckKey.js"

describe("cppcheckLintKey", () => {
  it("changes with the version, the options, the path, the content and the files the source may include", () => {
    const key = cppcheckLintKey("2.10", "--enable=warning", "a.c", "int x;\n", "headers")
    expect(cppcheckLintKey("2.10", "--enable=warning", "a.c", "int x;\n", "headers")).toBe(key)
    const others = [
      cppcheckLintKey("2.13", "--enable=warning", "a.c", "int x;\n", "headers"),
      cppcheckLintKey("2.10", "--enable=style,warning", "a.c", "int x;\n", "headers"),
      cppcheckLintKey("2.10", "--enable=warning", "b.c", "int x;\n", "headers"),
      cppcheckLintKey("2.10", "--enable=warning", "a.c", "int y;\n", "headers"),
      cppcheckLintKey("2.10", "--enable=warning", "a.c", "int x;\n", "other headers")
    ]
    expect(new Set([key, ...others]).size).toBe(6)
  })
})
