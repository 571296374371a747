import { describe, expect, it } from "vitest"
import { phpcsLintKey } from "../../src/phpcs/PhpcsKey.js"

describe("phpcsLintKey", () => {
  it("changes with the version, the ruleset, the path and the content", () => {
    const key = phpcsLintKey("3.7.1", "ruleset", "a.php", "<?php\n")
    expect(phpcsLintKey("3.7.1", "ruleset", "a.php", "<?php\n")).toBe(key)
    const others = [
      phpcsLintKey("3.10.0", "ruleset", "a.php", "<?php\n"),
      phpcsLintKey("3.7.1", "other ruleset", "a.php", "<?php\n"),
      phpcsLintKey("3.7.1", "ruleset", "b.php", "<?php\n"),
      phpcsLintKey("3.7.1", "ruleset", "a.php", "<?php\necho 1;\n")
    ]
    expect(new Set([key, ...others]).size).toBe(5)
  })
})
