import { spawnSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { ToolDefinitions } from "@tidemark/core"
import { describe, expect, it } from "vitest"
import { checkstyleOffByDefault, checkstyleOnByDefault, checkstyleRelease, CheckstyleReleaseMismatch, checkstyleTool, toCheckstyleTool } from "../scripts/CheckstyleCatalogue.js"
import { committedListing, firstParagraph, installedListing, readListing } from "../scripts/CheckstyleChecks.js"
import { catalogue } from "../src/index.js"

/**
 * The Checkstyle tool against Checkstyle itself: the committed listing is the installed jar's
 * (Debian's, the release Tidemark runs; `scripts/test-tools.sh` installs it), and what Checkstyle
 * reports with its own sun_checks.xml is among the catalogue's patterns.
 */

const checkstyle = (): ToolDefinitions.ToolDefinition => {
  const found = catalogue.find((tool) => tool.name === "Checkstyle")
  if (found === undefined) throw new Error("Checkstyle missing from the catalogue")
  return found
}
const patterns = checkstyle().patterns
const byCheck = new Map(patterns.map((p) => [p.definition.id.slice("Checkstyle_".length), p]))

/** The checks the installed Checkstyle reports on one source with its own sun_checks.xml. */
const sunReport = (java: string): ReadonlyArray<string> => {
  const folder = mkdtempSync(join(tmpdir(), "tidemark-checkstyle-catalogue-"))
  writeFileSync(join(folder, "A.java"), java)
  const run = spawnSync("checkstyle", ["-c", "/sun_checks.xml", "-f", "xml", "A.java"], {
    cwd: folder,
    encoding: "utf8",
    env: { PATH: process.env["PATH"] ?? "", HOME: folder, JAVA_TOOL_OPTIONS: "-Xmx256m -XX:-UsePerfData" }
  })
  return [...new Set(Array.from(run.stdout.matchAll(/source="[\w.]+\.(\w+?)(?:Check)?"/g), (match) => match[1] ?? ""))]
}

describe("the Checkstyle tool", () => {
  it("is a server-side Java tool, on by default, at Debian's Checkstyle, reading its configuration as data", () => {
    const { patterns: _patterns, ...head } = checkstyle()
    expect(head).toEqual({ ...checkstyleTool, version: checkstyleRelease })
    expect([head.patternPrefix, head.languages, head.readableConfigurationFiles?.[0]]).toEqual(["Checkstyle_", ["Java"], "checkstyle.xml"])
  })

  it("is generated from the installed jar's own module metadata", () => {
    expect(installedListing()).toBe(committedListing())
    const listed = readListing(committedListing())
    expect(listed.version).toBe(checkstyleRelease)
    expect(listed.modules.filter((module) => module.kind === "check")).toHaveLength(179)
    // SuppressWarningsHolder reports nothing: a module, not a pattern.
    expect(patterns).toHaveLength(178)
    expect(() => toCheckstyleTool({ ...listed, version: "10.12.4" })).toThrow(CheckstyleReleaseMismatch)
    expect(byCheck.get("EqualsHashCode")?.definition.title).toBe("Checks that classes that either override equals() or hashCode() also overrides the other.")
    expect(firstParagraph("<p>\n Checks {@code a} and <b>b</b>.\n</p>\n<p>More.</p>")).toBe("Checks a and b.")
  })

  it("has every check the installed Checkstyle reports with its sun_checks.xml", () => {
    const found = sunReport("package p;\npublic class A {\n  public int x;\n  public boolean equals(Object o) { if (o == null) ; return x == 3; }\n}\n")
    expect(found).toEqual(expect.arrayContaining(["EqualsHashCode", "EmptyStatement", "MagicNumber", "VisibilityModifier"]))
    for (const check of found) expect(byCheck.has(check), check).toBe(true)
  })

  it("enables the fault checks by default less those measured as noise, and no formatting, naming or Javadoc check", () => {
    const enabled = patterns.filter((p) => p.definition.enabled).map((p) => p.definition.id.slice("Checkstyle_".length))
    expect(enabled).toEqual([...checkstyleOnByDefault].sort())
    expect(enabled).toEqual(["CovariantEquals", "NoFinalizer", "RedundantImport", "StringLiteralEquality", "SuperFinalize", "UnusedImports", "UpperEll"])
    for (const check of checkstyleOffByDefault.keys()) expect(byCheck.get(check)?.definition.enabled, check).toBe(false)
    for (const pattern of patterns.filter((p) => p.definition.enabled)) {
      expect((pattern.definition.tags ?? []).some((tag) => ["whitespace", "javadoc", "naming", "indentation", "sizes", "metrics"].includes(tag)), pattern.definition.id).toBe(false)
    }
    expect(byCheck.get("EqualsHashCode")?.definition).toMatchObject({ category: "ErrorProne", level: "Warning", tags: ["coding", "TreeWalker", "sun_checks"] })
    expect(byCheck.get("UnusedImports")?.definition).toMatchObject({ category: "UnusedCode", level: "Info" })
    expect(byCheck.get("LineLength")?.definition).toMatchObject({ category: "Complexity", enabled: false, tags: ["sizes", "Checker", "sun_checks", "google_checks"] })
  })
})
