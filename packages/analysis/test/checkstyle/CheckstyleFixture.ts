import type { ToolDefinitions } from "@tidemark/core"
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

/** Some of the patterns on by default, at the catalogue's severities. */
export const defaultRules: ReadonlyArray<EnabledRule> = [
  checkstyleRule("EqualsHashCode", "Warning"),
  checkstyleRule("StringLiteralEquality", "Warning"),
  checkstyleRule("FallThrough", "Warning"),
  checkstyleRule("EmptyStatement", "Warning"),
  checkstyleRule("UnusedImports", "Info"),
  checkstyleRule("UpperEll", "Warning")
]

/**
 * A small repository with a known issue of each default family: equals without hashCode (line 7),
 * a string compared with == (10), a case falling through (13), an empty statement (16), an unused
 * import (3), a long literal ending in a lower-case l (20); the formatting the defaults leave alone
 * (a tab, a long line, no Javadoc); a source newer than Checkstyle 8.36 reads (`sealed`); a class
 * that silences EqualsHashCode with `@SuppressWarnings("checkstyle:equalshashcode")`.
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
    "@SuppressWarnings(\"checkstyle:equalshashcode\")",
    "public class Quiet {",
    "    public boolean equals(Object other) {",
    "        return other == this;",
    "    }",
    "}",
    ""
  ].join("\n"),
  "README.md": "# app\n"
}
