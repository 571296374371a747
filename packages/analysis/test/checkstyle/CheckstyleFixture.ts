import type { ToolDefinitions } from "@tidemark/core"
import { Effect } from "effect"
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { configurationText, patternsPlan } from "../../src/checkstyle/CheckstyleConfig.js"
import { checkstyleOnPath } from "../../src/checkstyle/CheckstyleProgram.js"
import type { EnabledRule } from "../../src/EnabledRule.js"
import type { IssueSeverity } from "../../src/LintResult.js"
import { catalogueHead } from "../CatalogueHeads.js"

export { checkoutOf } from "../external/Checkout.js"

/** The catalogue's Checkstyle tool, without its patterns (they do not matter to a run). */
export const checkstyleDefinition: ToolDefinitions.ToolDefinition = catalogueHead("Checkstyle")

export const checkstyleRule = (check: string, severity: IssueSeverity): EnabledRule => ({
  patternId: `Checkstyle_${check}`,
  ruleId: check,
  severity,
  parameters: []
})

/** Patterns of each family a run may report, at the catalogue's severities (EmptyStatement is off by default, measured, but a fault where it is on). */
export const defaultRules: ReadonlyArray<EnabledRule> = [
  checkstyleRule("EqualsHashCode", "Warning"),
  checkstyleRule("StringLiteralEquality", "Warning"),
  checkstyleRule("FallThrough", "Warning"),
  checkstyleRule("EmptyStatement", "Warning"),
  checkstyleRule("UnusedImports", "Info"),
  checkstyleRule("UpperEll", "Warning")
]

/**
 * A small repository with a known issue of each family `defaultRules` enables: equals without hashCode (line 7),
 * a string compared with == (10), a case falling through (13), an empty statement (16), an unused
 * import (3), a long literal ending in a lower-case l (20); the formatting the defaults leave alone
 * (a tab, a long line, no Javadoc); a source newer than Checkstyle 8.36 reads (`sealed`); a class
 * whose equals without hashCode sits between `// CHECKSTYLE:OFF` and `// CHECKSTYLE:ON`.
 */
export const project: Readonly<Record<string, string>> = {
  "src/main/java/app/Money.java": [
    "package app;",
    "",
    "import java.util.List;",
    "",
    "public class Money {",
    "\tprivate int cents;",
    "    public boolean equals(Object other) {",
    "        if (!(other instanceof Money)) return false;",
    "        String unit = \"EUR\";",
    "        if (unit == \"USD\") return false;",
    "        switch (cents) {",
    "            case 1: cents++;",
    "            case 2: cents--; break;",
    "            default: break;",
    "        }",
    "        if (cents > 3) ;",
    `        String long_line_${"x".repeat(100)} = "";`,
    "        return ((Money) other).cents == cents;",
    "    }",
    "    static final long LIMIT = 10l;",
    "}",
    ""
  ].join("\n"),
  "src/main/java/app/Shape.java": "package app;\n\npublic sealed interface Shape permits Circle {}\n",
  "src/main/java/app/Quiet.java": [
    "package app;",
    "",
    "public class Quiet {",
    "    // CHECKSTYLE:OFF",
    "    public boolean equals(Object other) {",
    "        return other == this;",
    "    }",
    "    // CHECKSTYLE:ON",
    "}",
    ""
  ].join("\n"),
  "README.md": "# app\n"
}

/** The plan written where the fences' user reads it, as the plug-in writes it. */
export const writtenPlan = (checks: ReadonlyArray<string>): string => {
  const folder = mkdtempSync(join(tmpdir(), "checkstyle-run-test-"))
  chmodSync(folder, 0o755)
  const path = join(folder, "config.xml")
  writeFileSync(path, configurationText(patternsPlan(checks)), { mode: 0o644 })
  return path
}

/** The installed Checkstyle's path (the tests need it: scripts/test-tools.sh installs it). */
export const program = Effect.map(checkstyleOnPath(), (lookup) => {
  if (lookup._tag === "MissingProgram") throw new Error(lookup.reason)
  return lookup.path
})
