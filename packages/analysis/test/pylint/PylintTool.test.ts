import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { existsSync } from "node:fs"
import type { EnabledRule } from "../../src/EnabledRule.js"
import { makePylintTool } from "../../src/pylint/PylintTool.js"
import type { SourceFile } from "../../src/SourceTree.js"
import { catalogueHead } from "../CatalogueHeads.js"
import { checkoutOf } from "../external/Checkout.js"

const definition = catalogueHead("PyLint")
const tool = makePylintTool(definition)

const rule = (id: string, severity: EnabledRule["severity"]): EnabledRule => ({ patternId: `PyLint_${id}`, ruleId: id, severity, parameters: [] })

/** A few of the patterns on by default: an error, a warning, a syntax error. */
const defaults = [rule("E0602", "Error"), rule("W0102", "Warning"), rule("E0001", "Error"), rule("W0101", "Warning")]

/**
 * A small project with a known issue of each default family: a name never defined (an error), a
 * mutable default argument and code after a return (warnings), a file that does not parse; and
 * style Pylint would flag that the defaults leave alone (no docstrings, a one-letter name).
 */
const project: Readonly<Record<string, string>> = {
  "app/__init__.py": "",
  "app/core.py": ["def add(item, bucket=[]):", "    bucket.append(item)", "    return bucket", "    print('never')", "", "", "def total():", "    return missing_name + 1", ""].join("\n"),
  "app/broken.py": "def f(:\n    pass\n",
  "README.md": "# app\n"
}

const run = (root: string, files: ReadonlyArray<SourceFile>, rules = defaults, byDefault = false) =>
  Effect.flatten(tool.start(root, files, { rules, useConfigurationFile: false, configurationByDefault: byDefault }))

describe("makePylintTool", () => {
  it("takes Python by its extension and takes the prefix off", () => {
    expect(tool.languages).toEqual(["Python"])
    expect([tool.takes({ path: "a/b.py", content: "" }), tool.takes({ path: "a.pyi", content: "" }), tool.takes({ path: "a.js", content: "" })]).toEqual([true, true, false])
    expect(tool.ruleIdOf("PyLint_W0102")).toBe("W0102")
    expect(tool.configurationOf([{ path: ".pylintrc", content: "[MAIN]\n" }])).toEqual({ file: ".pylintrc", readable: true })
    expect(tool.configurationOf([{ path: "pyproject.toml", content: "[tool.black]\n" }])).toBeUndefined()
  })

  it.effect("reports an undefined name, a mutable default, unreachable code with their pattern, line, message and severity; a file that does not parse is not parsed", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf(project)
      const { problems, result } = yield* run(root, files)
      expect(problems).toEqual([])
      expect(result.issues.map((i) => [i.file, i.line, i.patternId, i.severity, i.message])).toEqual([
        ["app/core.py", 1, "PyLint_W0102", "Warning", "Dangerous default value [] as argument"],
        ["app/core.py", 4, "PyLint_W0101", "Warning", "Unreachable code"],
        ["app/core.py", 8, "PyLint_E0602", "Error", "Undefined variable 'missing_name'"]
      ])
      expect(result.unparsedFiles.map((file) => file.file)).toEqual(["app/broken.py"])
      expect(result.lintedFiles).toBe(3)
      const none = yield* run(root, files, [])
      expect([none.result.issues, none.result.lintedFiles]).toEqual([[], 3])
    }))

  it.effect("follows the repository's pylintrc as data: its disable list, never its init-hook or plugins", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({
        ...project,
        ".pylintrc": [
          "[MAIN]",
          "init-hook='import os; os.system(\"touch /tmp/tidemark-pylint-hook-ran\")'",
          "load-plugins=app.core",
          "",
          "[MESSAGES CONTROL]",
          "disable=",
          "    missing-module-docstring,",
          "    missing-function-docstring,",
          "    W0102",
          ""
        ].join("\n")
      })
      const { problems, result } = yield* run(root, files, defaults, true)
      expect(problems.map((p) => [p.code, p.message])).toEqual([
        ["unsupported_configuration", ".pylintrc: not followed (they would run the repository's code or change Tidemark's run): init-hook, load-plugins"]
      ])
      expect(result.configurationFile).toBe(".pylintrc")
      // Pylint's own defaults less what the repository disabled: the docstrings and W0102 gone.
      expect(result.issues.map((i) => i.patternId)).toEqual(["PyLint_W0101", "PyLint_E0602"])
      expect(existsSync("/tmp/tidemark-pylint-hook-ran")).toBe(false)
      expect(result.issues.find((i) => i.patternId === "PyLint_E0602")?.severity).toBe("Error")
    }))

  it.effect("falls back to the enabled patterns when Pylint refuses the repository's configuration, saying so", () =>
    Effect.gen(function*() {
      const { files, root } = checkoutOf({ ...project, "pylintrc": "[FORMAT]\nmax-line-length=wide\n" })
      const { problems, result } = yield* run(root, files, defaults, true)
      expect(problems.map((p) => [p.code, p.file])).toEqual([["unreadable_configuration", "pylintrc"]])
      expect(problems[0]?.message).toMatch(/^Pylint refused it \(the enabled patterns apply\): .*max-line-length: invalid int value: 'wide'/)
      expect(result.issues.map((i) => i.patternId)).toEqual(["PyLint_W0102", "PyLint_W0101", "PyLint_E0602"])
    }))

  it.effect("says it is not installed, and how to install it, where the search path has no pylint", () =>
    Effect.gen(function*() {
      const missing = makePylintTool(definition, { searchPath: "/nonexistent-folder" })
      expect(yield* missing.availability ?? Effect.die("no availability")).toEqual({
        _tag: "NotInstalled",
        reason: "pylint is not on the search path",
        install: "install Pylint (apt-get install pylint; scripts/install-analysers.sh installs every analyser)"
      })
      const { files, root } = checkoutOf(project)
      const failed = yield* Effect.either(Effect.flatten(missing.start(root, files, { rules: defaults, useConfigurationFile: false, configurationByDefault: false })))
      expect(Either.isLeft(failed) && failed.left.reason).toMatch(/^pylint is not on the search path: install Pylint/)
    }))
})
