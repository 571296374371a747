import { spawnSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { ToolDefinitions } from "@tidemark/core"
import { describe, expect, it } from "vitest"
import { phpcsOffByDefault, phpcsOnByDefault, phpcsRelease, PhpcsReleaseMismatch, phpcsTool, toPhpcsTool } from "../scripts/PhpcsCatalogue.js"
import { committedSniffList, descriptionOf, installedSniffCodes, installedSniffs, readSniffList, standardsOf, tokenizersOf } from "../scripts/PhpcsSniffs.js"
import { catalogue } from "../src/index.js"
import { phpcsPatternId, phpcsPatternSeverity, phpcsSniffCodes } from "../src/ToolHeads.js"

/**
 * The PHP_CodeSniffer tool against PHP_CodeSniffer itself: the committed listing is the installed
 * one's (Debian's php-codesniffer, the release Tidemark runs; `scripts/test-tools.sh` installs it),
 * and what it reports is among the catalogue's patterns.
 */

const phpcs = (): ToolDefinitions.ToolDefinition => {
  const found = catalogue.find((tool) => tool.name === "PHP_CodeSniffer")
  if (found === undefined) throw new Error("PHP_CodeSniffer missing from the catalogue")
  return found
}
const patterns = phpcs().patterns
const byId = new Map(patterns.map((p) => [p.definition.id, p]))

/** The sniffs (message sources less their last part) the installed phpcs reports on one file with a standard. */
const report = (php: string, standard: string): ReadonlyArray<string> => {
  const folder = mkdtempSync(join(tmpdir(), "tidemark-phpcs-catalogue-"))
  writeFileSync(join(folder, "a.php"), php)
  const run = spawnSync("phpcs", ["--report=json", `--standard=${standard}`, "a.php"], { cwd: folder, encoding: "utf8", env: { PATH: process.env["PATH"] ?? "", HOME: folder } })
  const parsed = JSON.parse(run.stdout) as { files: Record<string, { messages: ReadonlyArray<{ source: string }> }> }
  return [...new Set(Object.values(parsed.files).flatMap((file) => file.messages.map((m) => m.source.split(".").slice(0, 3).join("."))))]
}

describe("the PHP_CodeSniffer tool", () => {
  it("is a server-side PHP tool, on by default, at Debian's php-codesniffer, reading its four ruleset names as data", () => {
    const { patterns: _patterns, ...head } = phpcs()
    expect(head).toEqual({ ...phpcsTool, version: phpcsRelease })
    expect([head.patternPrefix, head.languages, head.readableConfigurationFiles]).toEqual(["PHPCS_", ["PHP"], [".phpcs.xml", "phpcs.xml", ".phpcs.xml.dist", "phpcs.xml.dist"]])
  })

  it("is generated from the installed PHP_CodeSniffer's own listing: its PHP sniffs, less those that run another program", () => {
    const listed = readSniffList(committedSniffList())
    // The installed phpcs's version, standards and sniffs are the listing's; the documentation and
    // tokenizers of a sample of sniffs too (all of them is a phpcs run each: `generate --phpcs`).
    expect(installedSniffCodes()).toEqual({ version: listed.version, standards: listed.standards, codes: listed.sniffs.map((sniff) => sniff.code) })
    const sample = ["Generic.PHP.DeprecatedFunctions", "Generic.PHP.Syntax", "PEAR.Functions.ValidDefaultValue", "Squiz.CSS.ColonSpacing", "Zend.Debug.CodeAnalyzer"]
    expect(installedSniffs(sample)).toEqual(listed.sniffs.filter((sniff) => sample.includes(sniff.code)).map((sniff) => ({ ...sniff })))
    expect(listed.version).toBe(phpcsRelease)
    expect(listed.standards).toEqual(["Generic", "MySource", "PEAR", "PSR1", "PSR12", "PSR2", "Squiz", "Zend"])
    const php = listed.sniffs.filter((sniff) => sniff.tokenizers.includes("PHP"))
    expect(patterns.length).toBe(php.length - 1)
    expect(byId.has("PHPCS_Zend_Debug_CodeAnalyzer")).toBe(false)
    expect(byId.has("PHPCS_Squiz_CSS_ColonSpacing")).toBe(false)
    expect(() => toPhpcsTool({ ...listed, version: "3.10.0" })).toThrow(PhpcsReleaseMismatch)
    expect(byId.get("PHPCS_Generic_PHP_DeprecatedFunctions")?.definition.title).toBe("Deprecated functions should not be used.")
  }, 60_000)

  it("names its patterns as the original service did, the sniff's code with underscores", () => {
    expect(phpcsPatternId("Generic.PHP.DeprecatedFunctions")).toBe("PHPCS_Generic_PHP_DeprecatedFunctions")
    expect(phpcsSniffCodes.has("PSR12.Files.FileHeader")).toBe(true)
    expect(phpcsPatternSeverity("Generic.PHP.Syntax")).toBe("Error")
    expect(phpcsPatternSeverity("Generic.CodeAnalysis.JumbledIncrementer")).toBe("Warning")
    expect(phpcsPatternSeverity("PSR12.Files.FileHeader")).toBe("Info")
  })

  it("enables by default the sniffs that find faults, no layout sniff, and none it keeps off with a reason", () => {
    const enabled = patterns.filter((p) => p.definition.enabled).map((p) => p.definition)
    expect(enabled.map((d) => d.id)).toEqual([...phpcsOnByDefault].map(phpcsPatternId).sort())
    expect(enabled.filter((d) => d.category === "CodeStyle")).toEqual([])
    for (const off of phpcsOffByDefault.keys()) expect(phpcsOnByDefault.has(off), off).toBe(false)
  })

  it("has every sniff the installed phpcs reports with PSR12 and Squiz", () => {
    const found = [...report("<?php\nfunction f($a,$a){ return; echo 1;}\n", "PSR12"), ...report("<?php\nfunction f($a,$a){ return; echo 1;}\n", "Squiz")]
    expect(found).toContain("Squiz.Functions.FunctionDuplicateArgument")
    for (const sniff of found) expect(byId.has(phpcsPatternId(sniff)), sniff).toBe(true)
  })

  it("reads phpcs -i, a sniff's tokenizers and its Text documentation", () => {
    expect(standardsOf("The installed coding standards are MySource, PEAR, PSR1 and Zend\n")).toEqual(["MySource", "PEAR", "PSR1", "Zend"])
    expect(tokenizersOf("class A implements Sniff {\n public $supportedTokenizers = [\n 'PHP',\n 'JS',\n ];")).toEqual(["PHP", "JS"])
    expect(tokenizersOf("class A implements Sniff {}")).toEqual(["PHP"])
    expect(descriptionOf("\n------\n| GENERIC: X |\n------\n\nDeprecated functions\nshould not be used.\n\n----- CODE COMPARISON -----\n| a |\n")).toBe("Deprecated functions should not be used.")
  })
})
