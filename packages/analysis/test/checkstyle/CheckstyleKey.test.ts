import { describe, expect, it } from "vitest"
import { checkstyleLintKey } from "../../src/checkstyle/CheckstyleKey.js"

describe("checkstyleLintKey", () => {
  it("changes with Checkstyle's version, the configuration written, the path and the content", () => {
    const key = checkstyleLintKey("8.36.1", "<module name=\"Checker\"/>", "A.java", "class A {}")
    expect(checkstyleLintKey("8.36.1", "<module name=\"Checker\"/>", "A.java", "class A {}")).toBe(key)
    for (const other of [
      checkstyleLintKey("10.12.4", "<module name=\"Checker\"/>", "A.java", "class A {}"),
      checkstyleLintKey("8.36.1", "<module name=\"Checker\"><module name=\"TreeWalker\"/></module>", "A.java", "class A {}"),
      checkstyleLintKey("8.36.1", "<module name=\"Checker\"/>", "B.java", "class A {}"),
      checkstyleLintKey("8.36.1", "<module name=\"Checker\"/>", "A.java", "class A { }")
    ]) expect(other).not.toBe(key)
  })
})
