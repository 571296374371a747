import { catalogue } from "@tidemark/catalogue"
import { phpcsPatternId, phpcsPatternSeverity } from "@tidemark/catalogue/ToolHeads"
import type { ToolDefinitions } from "@tidemark/core"
import type { EnabledRule } from "../../src/EnabledRule.js"
import type { IssueSeverity } from "../../src/LintResult.js"
import { catalogueHead } from "../CatalogueHeads.js"

export { checkoutOf } from "../external/Checkout.js"

/** The catalogue's PHP_CodeSniffer tool, without its patterns (they do not matter to a run). */
export const phpcsDefinition: ToolDefinitions.ToolDefinition = catalogueHead("PHP_CodeSniffer")

export const phpcsRule = (sniff: string, severity: IssueSeverity = phpcsPatternSeverity(sniff)): EnabledRule => ({
  patternId: phpcsPatternId(sniff),
  ruleId: phpcsPatternId(sniff).slice("PHPCS_".length),
  severity,
  parameters: []
})

/** The patterns on by default (the catalogue's enabled ones), at the catalogue's severities. */
export const defaultRules: ReadonlyArray<EnabledRule> = (catalogue.find((tool) => tool.name === "PHP_CodeSniffer")?.patterns ?? [])
  .filter((pattern) => pattern.definition.enabled)
  .map(({ definition }) => ({ patternId: definition.id, ruleId: definition.id.slice("PHPCS_".length), severity: definition.severityLevel, parameters: [] }))

/**
 * A small repository with a known issue of each default family: loops and dead code (Loops.php),
 * PHP refuses or breaks on (Legacy.php: a duplicated argument, a PHP 4 constructor), a file that
 * does not parse (Broken.php), a merge conflict left in (Merged.php). What the defaults leave
 * alone: style (Style.php: indentation, trailing spaces, no doc comments); sniffs measured as noise
 * (Legacy.php: a deprecated function, `$this` in a static method, an override, an inner
 * function); what phpcs 3.7.1 misreads of PHP 8 (Modern.php: throw expressions, a namespaced
 * method named as its class).
 */
export const project: Readonly<Record<string, string>> = {
  "src/Loops.php": [
    "<?php",
    "function grid(array $rows)",
    "{",
    "    for ($i = 0; $i < count($rows); $i++) {",
    "        for ($j = 0; $j < 3; $i++) {",
    "            echo $rows[$i][$j];",
    "        }",
    "    }",
    "    if (true) {",
    "        return;",
    "    }",
    "    return 1;",
    "    echo \"never\";",
    "}",
    ""
  ].join("\n"),
  "src/Legacy.php": [
    "<?php",
    "class Legacy extends Base",
    "{",
    "    function Legacy($a, $b)",
    "    {",
    "        echo strftime('%Y');",
    "    }",
    "",
    "    public static function make()",
    "    {",
    "        return $this->build();",
    "    }",
    "",
    "    public function save($data)",
    "    {",
    "        return parent::save($data);",
    "    }",
    "",
    "    public function outer($x, $x)",
    "    {",
    "        function inner() {}",
    "    }",
    "}",
    ""
  ].join("\n"),
  "src/Modern.php": [
    "<?php",
    "namespace App;",
    "class Post",
    "{",
    "    public function post(?string $title)",
    "    {",
    "        $title = $title ?? throw new \\InvalidArgumentException('title');",
    "        $later = fn () => throw new \\LogicException('later');",
    "        return $title;",
    "    }",
    "}",
    ""
  ].join("\n"),
  "src/Broken.php": "<?php\n$greeting = \"hello;\necho $greeting;\n",
  "src/Merged.php": "<?php\n<<<<<<< HEAD\n$a = 1;\n=======\n$a = 2;\n>>>>>>> feature\n",
  "src/Style.php": "<?php\n  $x=1;   \nif($x){echo 1;}\n",
  "vendor/acme/Lib.php": "<?php\nfor ($i = 0; $i < 3; $i++) {\n    for ($k = 0; $k < 3; $i++) {\n    }\n}\n",
  "README.md": "# app\n"
}
