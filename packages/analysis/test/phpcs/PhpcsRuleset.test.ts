import { spawnSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { patternsPlan, readRuleset, rulesetText, selectedBy } from "../../src/phpcs/PhpcsRuleset.js"

const ruleset = (content: string, others: Readonly<Record<string, string>> = {}) => {
  const root = { path: "phpcs.xml", content }
  const files = new Map([[root.path, root], ...Object.entries(others).map(([path, text]) => [path, { path, content: text }] as const)])
  return Either.getOrThrow(readRuleset(root, files))
}

/** What the real phpcs lists for a written ruleset (`-e`): it takes it whole. */
const listed = (text: string): string => {
  const path = join(mkdtempSync(join(tmpdir(), "tidemark-phpcs-ruleset-")), "ruleset.xml")
  writeFileSync(path, text)
  const { status, stdout } = spawnSync("phpcs", ["-e", `--standard=${path}`], { encoding: "utf8" })
  return `${status} ${stdout}`
}

describe("readRuleset", () => {
  it("keeps rules with their settings, the arguments that change findings, and writes them for phpcs, which takes them", () => {
    const read = ruleset([
      "<?xml version=\"1.0\"?>",
      "<ruleset name=\"app\">",
      " <arg name=\"tab-width\" value=\"4\"/>",
      " <arg name=\"report\" value=\"summary\"/>",
      " <arg value=\"nps\"/>",
      " <rule ref=\"PSR12\"><exclude name=\"PSR12.Files.FileHeader\"/><exclude-pattern type=\"relative\">^tests/*</exclude-pattern></rule>",
      " <rule ref=\"Zend\"/>",
      " <rule ref=\"Generic.PHP.ForbiddenFunctions\"><type>error</type><message>Do not use %s</message><properties>",
      "  <property name=\"forbiddenFunctions\" type=\"array\"><element key=\"sizeof\" value=\"count\"/><element key=\"delete\" value=\"unset\"/></property>",
      " </properties></rule>",
      "</ruleset>",
      ""
    ].join("\n"))
    expect(read.problems).toEqual([])
    expect(read.plan.typed).toEqual(["Generic.PHP.ForbiddenFunctions"])
    const text = rulesetText(read.plan)
    expect(text).toBe([
      "<?xml version=\"1.0\"?>",
      "<ruleset name=\"Tidemark\">",
      " <arg name=\"tab-width\" value=\"4\"/>",
      " <arg value=\"n\"/>",
      " <rule ref=\"PSR12\">",
      "   <exclude name=\"PSR12.Files.FileHeader\"/>",
      "   <exclude-pattern type=\"relative\">^tests/*</exclude-pattern>",
      " </rule>",
      " <rule ref=\"Zend\">",
      "   <exclude name=\"Zend.Debug.CodeAnalyzer\"/>",
      " </rule>",
      " <rule ref=\"Generic.PHP.ForbiddenFunctions\">",
      "   <type>error</type>",
      "   <message>Do not use %s</message>",
      "   <properties>",
      "    <property name=\"forbiddenFunctions\" type=\"array\">",
      "     <element key=\"sizeof\" value=\"count\"/>",
      "     <element key=\"delete\" value=\"unset\"/>",
      "    </property>",
      "   </properties>",
      " </rule>",
      "</ruleset>",
      ""
    ].join("\n"))
    const sniffs = listed(text)
    expect(sniffs).toMatch(/^0 /)
    expect(sniffs).toContain("Generic.PHP.ForbiddenFunctions")
    expect(sniffs).not.toContain("Zend.Debug.CodeAnalyzer")
    expect(sniffs).not.toContain("PSR12.Files.FileHeader")
  })

  it("chooses files as phpcs would: its <file>s, its exclude patterns (absolute and relative) and its extensions", () => {
    const read = ruleset([
      "<ruleset name=\"app\">",
      " <file>src</file><file>./bin/tool.php</file>",
      " <exclude-pattern>*/Fixtures/*</exclude-pattern>",
      " <exclude-pattern type=\"relative\">^src/Legacy/*</exclude-pattern>",
      " <exclude-pattern>*.tpl\\.php</exclude-pattern>",
      " <arg name=\"extensions\" value=\"php,module/php,js/js\"/>",
      " <rule ref=\"Generic.PHP.Syntax\"/>",
      "</ruleset>"
    ].join("\n"))
    expect([read.plan.files, read.plan.extensions]).toEqual([["src", "bin/tool.php"], ["php", "module"]])
    const selected = selectedBy(read.plan, "/checkout")
    expect(["src/A.php", "src/B/Fixtures/c.php", "src/Legacy/d.php", "lib/Legacy/src/Legacy/e.php", "bin/tool.php", "bin/other.php", "src/page.tpl.php"].map(selected))
      .toEqual([true, false, false, false, true, false, false])
  })

  it("follows a ruleset of the checkout it names, once, and names what it cannot follow", () => {
    const read = ruleset("<ruleset name=\"app\"><rule ref=\"config/base.xml\"/><rule ref=\"../outside.xml\"/><rule ref=\"phpcs.xml\"/></ruleset>", {
      "config/base.xml": "<ruleset name=\"base\"><rule ref=\"Generic.PHP.Syntax\"/><rule ref=\"../phpcs.xml\"/><rule ref=\"Sniffs/\"/></ruleset>"
    })
    expect(read.plan.rules.map((rule) => rule.ref)).toEqual(["Generic.PHP.Syntax"])
    expect(read.problems).toEqual([
      "config/base.xml: <rule ref=\"Sniffs/\">: the repository's own sniffs are PHP code, never run here: left out",
      "phpcs.xml: <rule ref=\"../outside.xml\">: not a ruleset of the checkout: left out"
    ])
    expect(Either.isLeft(readRuleset({ path: "phpcs.xml", content: "<config/>" }, new Map()))).toBe(true)
  })

  it("makes the enabled patterns' plan of the catalogue's sniffs alone", () => {
    expect(patternsPlan(["Generic.PHP.Syntax", "Nope.Nope.Nope"]).rules.map((rule) => rule.ref)).toEqual(["Generic.PHP.Syntax"])
    expect(listed(rulesetText(patternsPlan(["Generic.PHP.Syntax"])))).toMatch(/^0 [\s\S]*Generic\.PHP\.Syntax/)
  })
})
