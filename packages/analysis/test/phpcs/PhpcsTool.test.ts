import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { existsSync } from "node:fs"
import { join } from "node:path"
import type { EnabledRule } from "../../src/EnabledRule.js"
import { makePhpcsTool } from "../../src/phpcs/PhpcsTool.js"
import type { SourceFile } from "../../src/SourceTree.js"
import { lintsOnceThroughCache, missingProgramIsNamed } from "../external/PluginChecks.js"
import { checkoutOf, defaultRules, phpcsDefinition, phpcsRule, project } from "./PhpcsFixture.js"

const tool = makePhpcsTool(phpcsDefinition)

const run = (root: string, files: ReadonlyArray<SourceFile>, rules: ReadonlyArray<EnabledRule> = defaultRules, which = tool, configurationByDefault = false) =>
  Effect.flatten(which.start(root, files, { rules, useConfigurationFile: false, configurationByDefault }))

const issuesOf = (result: { readonly issues: ReadonlyArray<{ readonly file: string; readonly line: number; readonly patternId: string; readonly severity: string }> }) =>
  result.issues.map((issue) => [issue.file, issue.line, issue.patternId, issue.severity])

type Found = { readonly file: string; readonly line: number; readonly patternId: string; readonly severity: string; readonly message: string }

const byFile = (issues: ReadonlyArray<Found>) =>
  Object.fromEntries([...new Set(issues.map((i) => i.file))].map((file) => [file, issues.filter((i) => i.file === file).map((i) => [i.line, i.patternId.slice("PHPCS_".length), i.severity, i.message])]))

/** PHP that leaves a mark in the checkout if it is ever run. */
const marking = (mark: string) => `<?php\nfile_put_contents(__DIR__ . '/${mark}', 'ran');\n`

describe("makePhpcsTool", () => {
  it("takes PHP by its extension, and takes the prefix off", () => {
    expect(tool.languages).toEqual(["PHP"])
    const taken = (path: string) => tool.takes({ path, content: "" })
    expect(["a.php", "src/b.phtml", "old.php5", "a.phpt", "php", "b.php.txt", "a.js"].map(taken)).toEqual([true, true, true, false, false, false, false])
    expect(tool.ruleIdOf("PHPCS_Generic_PHP_Syntax")).toBe("Generic_PHP_Syntax")
    expect(tool.configurationOf([{ path: "phpcs.xml.dist", content: "" }])).toEqual({ file: "phpcs.xml.dist", readable: true })
    expect(tool.configurationOf([{ path: "sub/phpcs.xml", content: "" }])).toBeUndefined()
  })

  it.effect("reports each default family's issue with its pattern, line, message and severity, and no style", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf(project)
      const defaults = yield* run(root, files)
      expect([defaults.problems, defaults.result.lintedFiles, defaults.result.failedFiles, defaults.result.unparsedFiles, defaults.result.configurationFile]).toEqual([[], 7, [], [], undefined])
      // By file: each issue's line, sniff (its pattern's id less `PHPCS_`), severity and message.
      expect(byFile(defaults.result.issues)).toEqual({
        "src/Broken.php": [
          [4, "Generic_PHP_Syntax", "Error", "PHP syntax error: syntax error, unexpected end of file"]
        ],
        "src/Legacy.php": [
          [4, "Generic_NamingConventions_ConstructorName", "Warning", "PHP4 style constructors are not allowed; use \"__construct()\" instead"],
          [19, "Generic_PHP_Syntax", "Error", "PHP syntax error: Redefinition of parameter $x"],
          [19, "Squiz_Functions_FunctionDuplicateArgument", "Error", "Variable \"$x\" appears more than once in function declaration"]
        ],
        "src/Loops.php": [
          [4, "Generic_CodeAnalysis_JumbledIncrementer", "Warning", "Loop incrementor ($i) jumbling with inner loop"],
          [9, "Generic_CodeAnalysis_UnconditionalIfStatement", "Warning", "Avoid IF statements that are always true or false"],
          [13, "Squiz_PHP_NonExecutableCode", "Warning", "Code after the RETURN statement on line 12 cannot be executed"]
        ],
        "src/Merged.php": [
          [2, "Generic_PHP_Syntax", "Error", "PHP syntax error: syntax error, unexpected token \"<<\", expecting end of file"],
          [2, "Generic_VersionControl_GitMergeConflict", "Error", "Merge conflict boundary found; type: opener"],
          [4, "Generic_VersionControl_GitMergeConflict", "Error", "Merge conflict boundary found; type: delimiter"],
          [6, "Generic_VersionControl_GitMergeConflict", "Error", "Merge conflict boundary found; type: closer"]
        ],
        "vendor/acme/Lib.php": [
          [2, "Generic_CodeAnalysis_JumbledIncrementer", "Warning", "Loop incrementor ($i) jumbling with inner loop"]
        ]
      })
      // A layout sniff reports only when enabled; with nothing enabled, the files are still counted.
      const [style, none] = [yield* run(root, files, [phpcsRule("Squiz.WhiteSpace.SuperfluousWhitespace", "Info")]), yield* run(root, files, [])]
      expect([issuesOf(style.result), none.result.issues, none.result.lintedFiles]).toEqual([[["src/Style.php", 2, "PHPCS_Squiz_WhiteSpace_SuperfluousWhitespace", "Info"]], [], 7])
    }))

  it.effect("follows the repository's ruleset as data, and never runs its PHP (own sniffs, autoload, bootstrap)", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({
        ...project,
        "phpcs.xml.dist": [
          "<?xml version=\"1.0\"?>",
          "<ruleset name=\"app\">",
          " <config name=\"installed_paths\" value=\"tools/standards\"/>",
          " <autoload>tools/autoload.php</autoload>",
          " <ini name=\"memory_limit\" value=\"64M\"/>",
          " <arg name=\"bootstrap\" value=\"tools/bootstrap.php\"/>",
          " <arg name=\"extensions\" value=\"php,inc/php,js\"/>",
          " <arg value=\"sp\"/>",
          " <file>src</file>",
          " <file>lib.inc</file>",
          " <exclude-pattern>*/Broken.php</exclude-pattern>",
          " <rule ref=\"Generic.CodeAnalysis.JumbledIncrementer\"><type>error</type></rule>",
          " <rule ref=\"Squiz.WhiteSpace.SuperfluousWhitespace\"/>",
          " <rule ref=\"Generic.Files.LineLength\"><properties><property name=\"lineLimit\" value=\"40\"/><property name=\"absoluteLineLimit\" value=\"0\"/></properties></rule>",
          " <rule ref=\"SlevomatCodingStandard.Arrays.TrailingArrayComma\"/>",
          " <rule ref=\"tools/Sniffs/MarkSniff.php\"/>",
          " <rule ref=\"./tools/base.xml\"/>",
          "</ruleset>",
          ""
        ].join("\n"),
        "tools/base.xml": "<?xml version=\"1.0\"?>\n<ruleset name=\"base\">\n <rule ref=\"Squiz.PHP.NonExecutableCode\"/>\n <rule ref=\"WordPress\"/>\n</ruleset>\n",
        "tools/autoload.php": marking("autoload-ran"),
        "tools/bootstrap.php": marking("bootstrap-ran"),
        "tools/Sniffs/MarkSniff.php": marking("sniff-ran"),
        "lib.inc": "<?php\nfor ($i = 0; $i < 3; $i++) {\n    for ($k = 0; $k < 3; $i++) {\n    }\n}\n"
      })
      const { problems, result } = yield* run(root, files, defaultRules, tool, true)
      expect(result.configurationFile).toBe("phpcs.xml.dist")
      // The ruleset's <type> makes the jumbled loops errors; a sniff it turns on takes its pattern's severity.
      expect(result.issues.map((i) => `${i.file}:${i.line} ${i.patternId} ${i.severity}`)).toEqual([
        "lib.inc:2 PHPCS_Generic_CodeAnalysis_JumbledIncrementer Error",
        "src/Loops.php:4 PHPCS_Generic_CodeAnalysis_JumbledIncrementer Error",
        "src/Loops.php:4 PHPCS_Generic_Files_LineLength Info",
        "src/Loops.php:13 PHPCS_Squiz_PHP_NonExecutableCode Warning",
        "src/Modern.php:7 PHPCS_Generic_Files_LineLength Info",
        "src/Modern.php:8 PHPCS_Generic_Files_LineLength Info",
        "src/Style.php:2 PHPCS_Squiz_WhiteSpace_SuperfluousWhitespace Info"
      ])
      expect(result.lintedFiles).toBe(6)
      for (const mark of ["autoload-ran", "bootstrap-ran", "sniff-ran"]) expect(existsSync(join(root, "tools", mark)), mark).toBe(false)
      expect(problems.map((p) => [p.code, p.file])).toEqual([["unsupported_configuration", "phpcs.xml.dist"]])
      expect(problems[0]?.message.split("; ")).toEqual([
        "phpcs.xml.dist: <config name=\"installed_paths\"> is not followed (it may name standards or programs outside the checkout)",
        "phpcs.xml.dist: <ini name=\"memory_limit\"> is not followed (PHP's settings are the server's)",
        "phpcs.xml.dist: <autoload>tools/autoload.php</autoload>: the repository's PHP is never run here: left out",
        "phpcs.xml.dist: <arg name=\"bootstrap\" value=\"tools/bootstrap.php\">: the repository's PHP is never run here: left out",
        "phpcs.xml.dist: <rule ref=\"SlevomatCodingStandard.Arrays.TrailingArrayComma\">: the standard SlevomatCodingStandard is not installed here (only PHP_CodeSniffer's own standards run): left out",
        "phpcs.xml.dist: <rule ref=\"tools/Sniffs/MarkSniff.php\">: the repository's own sniffs are PHP code, never run here: left out",
        "tools/base.xml: <rule ref=\"WordPress\">: the standard WordPress is not installed here (only PHP_CodeSniffer's own standards run): left out"
      ])
    }))

  it.effect("leaves out what phpcs would refuse, names a ruleset that is not XML or none of whose rules can run, and applies the enabled patterns instead", () =>
    Effect.gen(function*() {
      const jumbled = [phpcsRule("Generic.CodeAnalysis.JumbledIncrementer")]
      const expected = [["src/Loops.php", 4, "PHPCS_Generic_CodeAnalysis_JumbledIncrementer", "Warning"], ["vendor/acme/Lib.php", 2, "PHPCS_Generic_CodeAnalysis_JumbledIncrementer", "Warning"]]
      const unknown = checkoutOf({
        ...project,
        "phpcs.xml": [
          "<?xml version=\"1.0\"?>",
          "<ruleset name=\"a\">",
          " <rule ref=\"Generic.Formatting.NoSuch\"/>",
          " <rule ref=\"Generic.NoSuch\"/>",
          " <rule ref=\"Zend.Debug.CodeAnalyzer\"/>",
          " <rule ref=\"Generic.CodeAnalysis.JumbledIncrementer\"><severity>0</severity></rule>",
          " <rule ref=\"Squiz.PHP.NonExecutableCode\"/>",
          "</ruleset>",
          ""
        ].join("\n")
      })
      const first = yield* run(unknown.root, unknown.files, jumbled, tool, true)
      expect(issuesOf(first.result)).toEqual([["src/Loops.php", 13, "PHPCS_Squiz_PHP_NonExecutableCode", "Warning"]])
      expect(first.result.configurationFile).toBe("phpcs.xml")
      expect(first.problems.map((p) => p.message.split("; "))).toEqual([[
        "phpcs.xml: <rule ref=\"Generic.Formatting.NoSuch\">: not a PHP sniff of this PHP_CodeSniffer (a newer one's, or one for JavaScript or CSS): left out",
        "phpcs.xml: <rule ref=\"Generic.NoSuch\">: not a category of PHP sniffs of this PHP_CodeSniffer: left out",
        "phpcs.xml: <rule ref=\"Zend.Debug.CodeAnalyzer\">: runs another program: left out"
      ]])
      const broken = checkoutOf({ ...project, ".phpcs.xml": "<ruleset><rule ref=\"PSR12\">\n" })
      const notXml = yield* run(broken.root, broken.files, jumbled, tool, true)
      expect(issuesOf(notXml.result)).toEqual(expected)
      expect(notXml.result.configurationFile).toBeUndefined()
      expect(notXml.problems.map((p) => [p.code, p.file])).toEqual([["unreadable_configuration", ".phpcs.xml"]])
      const foreign = checkoutOf({ ...project, "phpcs.xml": "<?xml version=\"1.0\"?>\n<ruleset name=\"wp\"><rule ref=\"WordPress-Extra\"/></ruleset>\n" })
      const none = yield* run(foreign.root, foreign.files, jumbled, tool, true)
      expect(issuesOf(none.result)).toEqual(expected)
      expect(none.problems.map((p) => p.message)).toEqual([
        "phpcs.xml: <rule ref=\"WordPress-Extra\">: the standard WordPress-Extra is not installed here (only PHP_CodeSniffer's own standards run): left out; none of its rules can run here: the enabled patterns apply"
      ])
    }))

  it.effect("does not report syntax errors where composer.json requires a newer PHP than the server's php -l, and says so", () =>
    Effect.gen(function*() {
      const syntax = [phpcsRule("Generic.PHP.Syntax")]
      const modern = checkoutOf({ ...project, "composer.json": "{\"require\": {\"php\": \"^8.3\"}}" })
      const newer = yield* run(modern.root, modern.files, syntax)
      expect([newer.result.issues, newer.problems.map((p) => [p.code, p.file, p.message])]).toEqual([[], [[
        "unsupported_configuration",
        "composer.json",
        expect.stringMatching(/^composer\.json requires PHP 8\.3 or later, and this server's php -l is PHP 8\.2\.\d+: what it calls a syntax error may be newer PHP, so Generic\.PHP\.Syntax is not reported$/)
      ]]])
      const older = checkoutOf({ ...project, "composer.json": "{\"require\": {\"php\": \"^7.4 || ^8.0\"}}" })
      const reported = yield* run(older.root, older.files, syntax)
      expect([reported.result.issues.map((i) => i.file), reported.problems]).toEqual([["src/Broken.php", "src/Legacy.php", "src/Merged.php"], []])
    }))

  it.effect("checks each file once through the per-file cache, and again when it changes", () => {
    const checkout = checkoutOf(project)
    return lintsOnceThroughCache((files) => run(checkout.root, files), checkout, "src/Loops.php", "<?php\n")
  })

  it.effect("is not installed where phpcs is not on the search path: it says how to install it, and never runs clean", () => {
    const absent = makePhpcsTool(phpcsDefinition, { searchPath: "/nonexistent" })
    const { files, root } = checkoutOf(project)
    return missingProgramIsNamed(absent, tool, run(root, files, defaultRules, absent), {
      reason: "phpcs is not on the search path",
      install: "install PHP_CodeSniffer (apt-get install php-codesniffer; scripts/install-analysers.sh installs every analyser)",
      version: "3.7.1"
    })
  })
})
