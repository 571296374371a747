import { spawnSync } from "node:child_process"
import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { isAfterLabel, isBracelessBody, isThrowExpression, withoutMisreadings } from "../../src/phpcs/Misreadings.js"
import { readReport } from "../../src/phpcs/PhpcsOutput.js"
import { checkoutOf } from "./PhpcsFixture.js"

/** The real phpcs's messages on one file, with the sniffs it misreads. */
const messagesOn = (content: string) => {
  const { root } = checkoutOf({ "a.php": content })
  const run = spawnSync("phpcs", ["--report=json", "-q", `--basepath=${root}`, "--standard=Squiz", "--sniffs=Squiz.PHP.NonExecutableCode", "a.php"], { cwd: root, encoding: "utf8" })
  const report = Either.getOrThrow(readReport(["a.php"], { exitCode: run.status ?? -1, stdout: run.stdout, stderr: run.stderr }))
  return Either.getOrThrow(report.get("a.php") ?? Either.left("none"))
}

const throwing = [
  "<?php",
  "function f($a) {",
  "    $b = $a ?? throw new Exception('none');",
  "    $c = fn () => throw new Exception('later');",
  "    call($a, static fn () =>",
  "        throw new Exception('later'));",
  "    return $b;",
  "    echo 'never';",
  "}",
  "function h(array $a) {",
  "    $i = 0;",
  "    while (++$i < 3 && $a[$i])",
  "        continue;",
  "    foreach ($a as $b) break;",
  "    return $i;",
  "}",
  "function k($ok) {",
  "    if (!$ok) goto FAIL;",
  "    return true;",
  "    FAIL:",
  "    return false;",
  "}",
  "function g($a) {",
  "    switch ($a) {",
  "        case 1:",
  "            throw new Exception('one');",
  "            break;",
  "    }",
  "}",
  ""
].join("\n")

describe("withoutMisreadings", () => {
  it("leaves out phpcs's unreachable code after a throw expression or a braceless body, and keeps it after a return or a throw statement", () => {
    const found = messagesOn(throwing)
    expect(found.length).toBeGreaterThan(2)
    expect(withoutMisreadings(found, throwing).map((m) => [m.line, m.message])).toEqual([
      [8, "Code after the RETURN statement on line 7 cannot be executed"],
      [27, "Code after the THROW statement on line 26 cannot be executed"]
    ])
  })

  it("reads a throw as an expression after an operator on its line or ending the line before", () => {
    const lines = throwing.split("\n")
    expect([3, 4, 6, 26].map((line) => isThrowExpression(lines, line))).toEqual([true, true, true, false])
    expect(isThrowExpression(["$a = $b ? $c", "    : throw new E();"], 2)).toBe(true)
    expect(isThrowExpression(["default: throw new E();"], 1)).toBe(false)
    expect(isThrowExpression(["        config('app.debug') && throw $t;"], 1)).toBe(true)
  })

  it("reads a statement as a loop's or an if's whole body when their head without braces leads to it", () => {
    const lines = throwing.split("\n")
    expect([isBracelessBody(lines, 13, "CONTINUE"), isBracelessBody(lines, 14, "BREAK"), isBracelessBody(lines, 15, "RETURN"), isBracelessBody(lines, 7, "RETURN")]).toEqual([true, true, false, false])
    expect(isBracelessBody(["} else", "    return 1;"], 2, "RETURN")).toBe(true)
  })

  it("reads code at or after a goto label past the return as reached", () => {
    const lines = throwing.split("\n")
    expect([isAfterLabel(lines, 19, 20), isAfterLabel(lines, 19, 21), isAfterLabel(lines, 7, 8)]).toEqual([true, true, false])
    expect(isAfterLabel(["return 1;", "default:", "echo 2;"], 1, 3)).toBe(false)
  })

  it("leaves out a PHP 4 constructor in a namespaced file, where PHP never took it for one", () => {
    const message = { source: "Generic.NamingConventions.ConstructorName.OldStyle", type: "ERROR" as const, line: 3, message: "PHP4 style constructors are not allowed" }
    expect(withoutMisreadings([message], "<?php\nnamespace App\\Models;\nclass Post { function post() {} }\n")).toEqual([])
    expect(withoutMisreadings([message], "<?php\nclass Post { function post() {} }\n")).toEqual([message])
  })
})
