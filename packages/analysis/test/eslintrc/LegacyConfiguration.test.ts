import { describe, expect, it } from "@effect/vitest"
import { legacyConfigurationFiles, legacyConfigurationOf } from "../../src/eslintrc/LegacyConfiguration.js"
import { lintConfigDigest } from "../../src/LintKey.js"
import { configurationOf, json, reported, rulesReported, treeFiles } from "./LegacyTree.js"

// express's own .eslintrc.yml (expressjs/express at HEAD).
const expressConfig = `root: true
env:
  es2022: true
  node: true
rules:
  eol-last: error
  eqeqeq: [error, allow-null]
  indent: [error, 2, { MemberExpression: "off", SwitchCase: 1 }]
  no-trailing-spaces: error
  no-unused-vars: [error, { vars: all, args: none, ignoreRestSiblings: true }]
`

const middleware = "module.exports = function (err, req, res, next) {\n  return 1\n}\n"

describe("legacyConfigurationOf", () => {
  it("finds none in a tree without ESLint 8 config nor standard", () => {
    expect(legacyConfigurationOf(treeFiles({ "package.json": "{\"name\":\"x\"}", "a.js": "x\n" }))).toBeUndefined()
  })

  it("follows express's options: unused parameters are not reported with args: none, an unused variable is", () => {
    const configuration = configurationOf({ ".eslintrc.yml": expressConfig, "lib/app.js": middleware })
    expect(configuration.file).toBe(".eslintrc.yml")
    expect(configuration.readable).toBe(true)
    expect(configuration.problems).toEqual([])
    expect(reported(configuration, "lib/app.js", middleware)).toEqual([])
    expect(reported(configuration, "lib/app.js", "var unused = require('x')\n")).toEqual(["1:no-unused-vars"])
    // env node: `return` at the top level of a CommonJS script, and Node's globals.
    expect(reported(configuration, "lib/app.js", "if (process.env.X) return\n")).toEqual([])
  })

  it("keeps ESLint 8's default caughtErrors: none, which ESLint 9 changed to all", () => {
    const configuration = configurationOf({ ".eslintrc.json": json({ rules: { "no-unused-vars": "error" }, parserOptions: { ecmaVersion: 2020 } }) })
    expect(reported(configuration, "a.js", "try { f() } catch (e) {}\n")).toEqual([])
    const stated = configurationOf({ ".eslintrc.json": json({ rules: { "no-unused-vars": ["error", { caughtErrors: "all" }] } }) })
    expect(reported(stated, "a.js", "try { f() } catch (e) {}\n")).toEqual(["1:no-unused-vars"])
  })

  it("runs level-only entries with ESLint 8's defaults: while (true) and a function in a block of ES2015 code are reported", () => {
    const configuration = configurationOf({
      ".eslintrc.json": json({ parserOptions: { ecmaVersion: 2015 }, rules: { "no-constant-condition": "error", "no-inner-declarations": "error" } })
    })
    const code = "while (true) { if (f()) break }\nif (f) { function g () {} g() }\n"
    expect(reported(configuration, "a.js", code)).toEqual(["1:no-constant-condition", "2:no-inner-declarations"])
  })

  it("reads each file form, comments in JSON included, and package.json's eslintConfig", () => {
    const rules = { semi: ["error", "never"] }
    const forms: ReadonlyArray<Readonly<Record<string, string>>> = [
      { ".eslintrc.json": `// comment\n${json({ rules })}` },
      { ".eslintrc": `/* JSON */ ${json({ rules })}` },
      { ".eslintrc": "rules:\n  semi: [error, never]\n" },
      { ".eslintrc.yaml": "rules:\n  semi: [2, never]\n" },
      { ".eslintrc.yml": "rules: { semi: [error, never] }\n" },
      { "package.json": json({ name: "x", eslintConfig: { rules } }) }
    ]
    for (const files of forms) expect(reported(configurationOf(files), "a.js", "var a = 1;\n")).toEqual(["1:semi"])
  })

  it("takes only the first config of a folder in ESLint 8's order", () => {
    const configuration = configurationOf({
      ".eslintrc.yml": "rules: { semi: [error, never] }\n",
      ".eslintrc.json": json({ rules: { quotes: ["error", "double"] } }),
      "package.json": json({ eslintConfig: { rules: { "no-var": "error" } } })
    })
    expect(configuration.file).toBe(".eslintrc.yml")
    expect(rulesReported(configuration, "a.js", "var a = 'x';\n")).toEqual(["semi"])
  })

  it("finds .eslintrc.js but does not read it", () => {
    const configuration = configurationOf({ ".eslintrc.js": "module.exports = { rules: { semi: 2 } }\n", ".eslintrc.json": "{}" })
    expect(configuration).toMatchObject({ file: ".eslintrc.js", readable: false, config: [] })
    expect(configuration.problems.map((problem) => [problem.code, problem.file])).toEqual([["unreadable_configuration", ".eslintrc.js"]])
  })

  it("says when the root config does not parse", () => {
    const configuration = configurationOf({ ".eslintrc.json": "{ rules: " })
    expect(configuration.readable).toBe(false)
    expect(configuration.problems.map((problem) => problem.code)).toEqual(["unreadable_configuration"])
  })

  it("cascades: a folder's config over its parents', up to root: true", () => {
    const configuration = configurationOf({
      ".eslintrc.json": json({ root: true, rules: { semi: ["error", "never"], quotes: ["error", "single"] } }),
      "test/.eslintrc.yml": "env: { mocha: true }\nrules: { no-undef: error, quotes: [error, double] }\n",
      "vendor/.eslintrc.json": json({ root: true, rules: { "no-var": "error" } }),
      "outside/.eslintrc.json": json({ rules: { eqeqeq: "error" } })
    })
    const code = "describe(\"x\", function () { it(\"y\") });\n"
    expect(rulesReported(configuration, "test/a.test.js", code)).toEqual(["semi"])
    expect(rulesReported(configuration, "lib/a.js", code)).toEqual(["quotes", "semi"])
    // vendor/ is a root of its own: the root config's rules do not reach it.
    expect(rulesReported(configuration, "vendor/a.js", "var x = 'a';\n")).toEqual(["no-var"])
    expect(rulesReported(configuration, "outside/a.js", "if (a == 1) {}\n")).toEqual(["eqeqeq"])
    expect(rulesReported(configuration, "lib/a.js", "if (a == 1) {}\n")).toEqual([])
  })

  it("applies overrides to their files, nested overrides to files matching both, minus excludedFiles", () => {
    const configuration = configurationOf({
      "src/.eslintrc.json": json({
        overrides: [{
          files: ["*.test.js", "spec/**"],
          excludedFiles: "*.skip.test.js",
          rules: { "no-var": "error" },
          overrides: [{ files: "deep/**", rules: { semi: ["error", "never"] } }]
        }]
      })
    })
    const code = "var a = 1;\n"
    expect(rulesReported(configuration, "src/x/a.test.js", code)).toEqual(["no-var"])
    expect(rulesReported(configuration, "src/spec/a.js", code)).toEqual(["no-var"])
    expect(rulesReported(configuration, "src/deep/a.test.js", code)).toEqual(["no-var", "semi"])
    expect(rulesReported(configuration, "src/deep/a.js", code)).toEqual([])
    expect(rulesReported(configuration, "src/x/a.skip.test.js", code)).toEqual([])
    expect(rulesReported(configuration, "spec/a.js", code)).toEqual([])
  })

  it("declares env and globals (readonly, writable, off, legacy booleans) to no-undef and no-global-assign", () => {
    const configuration = configurationOf({
      ".eslintrc.yml": "env: { browser: true }\nglobals: { app: writable, config: false, legacy: true, window: off }\nrules: { no-undef: error, no-global-assign: error }\n"
    })
    const code = "app = 1\nconfig = 2\nlegacy = 3\ndocument.title = window.name\nundeclared()\n"
    expect(reported(configuration, "a.js", code)).toEqual(["2:no-global-assign", "4:no-undef", "5:no-undef"])
  })

  it("parses as ESLint 8 did: ES5 scripts unless parserOptions or an es20xx environment say otherwise", () => {
    const es5 = configurationOf({ ".eslintrc.json": json({ rules: {} }) })
    expect(reported(es5, "a.js", "const a = 1\n")).toEqual(["1:Parsing error: The keyword 'const' is reserved"])
    const modules = configurationOf({ ".eslintrc.json": json({ parserOptions: { ecmaVersion: 2022, sourceType: "module" }, env: { node: true } }) })
    expect(reported(modules, "a.js", "import a from 'a'\nexport const b = a?.c\n")).toEqual([])
    const jsx = configurationOf({ ".eslintrc.json": json({ env: { es2021: true }, parserOptions: { ecmaFeatures: { jsx: true } } }) })
    expect(reported(jsx, "a.js", "const a = <div />\n")).toEqual([])
  })

  it("leaves out the files .eslintignore, ignorePatterns and ESLint 8's defaults leave out", () => {
    const configuration = configurationOf({
      ".eslintrc.json": json({ ignorePatterns: ["build/"] }),
      ".eslintignore": "coverage\n# comment\n*.min.js\n!.storybook\n",
      "lib/.eslintrc.yml": "ignorePatterns: [generated/**]\n"
    })
    const ignored = ["coverage/a.js", "build/x/a.js", "lib/a.min.js", "lib/generated/a.js", "node_modules/x/a.js", ".github/a.js"]
    expect(ignored.filter((path) => !configuration.ignores(path))).toEqual([])
    expect(["lib/a.js", "generated/a.js", ".storybook/main.js"].filter(configuration.ignores)).toEqual([])
  })

  it("leaves out the files no config is for, as `eslint .` did: TypeScript without typescript-eslint's parser", () => {
    const plain = configurationOf({ ".eslintrc.json": json({ rules: { semi: "error" } }) })
    expect(["src/a.ts", "src/b.tsx"].filter(plain.ignores)).toEqual(["src/a.ts", "src/b.tsx"])
    expect(["src/a.js", "src/a.cjs", "src/a.mjs", "src/a.jsx"].filter(plain.ignores)).toEqual([])
    const typed = configurationOf({
      ".eslintrc.json": json({ overrides: [{ files: ["*.ts"], parser: "@typescript-eslint/parser", rules: { semi: "error" } }] })
    })
    expect(["src/a.ts", "src/b.tsx"].filter(typed.ignores)).toEqual(["src/b.tsx"])
    expect(reported(typed, "src/a.ts", "const a: number = 1\n")).toEqual(["1:semi"])
  })

  it("follows extends of eslint:recommended, then the file's own settings over it", () => {
    const configuration = configurationOf({ ".eslintrc.json": json({ extends: "eslint:recommended", env: { es2020: true }, rules: { "no-empty": "off" } }) })
    expect(rulesReported(configuration, "a.js", "if (a) {}\nconst b = 1\n")).toEqual(["no-undef", "no-unused-vars"])
  })

  it("follows standard: its semi rule reports a semicolon, and its plugins' rules are named once in a problem", () => {
    const configuration = configurationOf({ ".eslintrc.json": json({ extends: ["standard"] }) })
    expect(rulesReported(configuration, "a.js", "const a = 1;\nexport default a\n")).toEqual(["semi"])
    expect(configuration.problems.map((problem) => problem.message.split(":")[0])).toEqual([
      "the ESLint plugin \"import\" is not shipped with Tidemark",
      "the ESLint plugin \"n\" is not shipped with Tidemark",
      "the ESLint plugin \"promise\" is not shipped with Tidemark"
    ])
    expect(configuration.problems.every((problem) => problem.code === "unsupported_configuration" && problem.file === ".eslintrc.json")).toBe(true)
  })

  it("follows airbnb-base and airbnb-base/legacy", () => {
    const modern = configurationOf({ ".eslintrc.json": json({ extends: "airbnb-base" }) })
    expect(rulesReported(modern, "a.js", "var a = 1\nexport default a\n")).toEqual(["no-var", "semi"])
    const legacy = configurationOf({ ".eslintrc.json": json({ extends: "airbnb-base/legacy" }) })
    expect(rulesReported(legacy, "a.js", "'use strict';\n\nvar a = [1, 2,];\n\nmodule.exports = a;\n")).toEqual(["comma-dangle"])
  })

  it("follows prettier, which turns the formatting rules of the configs before it off", () => {
    const configuration = configurationOf({ ".eslintrc.json": json({ extends: ["standard", "prettier"] }) })
    expect(rulesReported(configuration, "a.js", "const a = 1;\nexport default a\n")).toEqual([])
  })

  it("follows plugin:@typescript-eslint/recommended on TypeScript files", () => {
    const configuration = configurationOf({
      ".eslintrc.json": json({ parser: "@typescript-eslint/parser", plugins: ["@typescript-eslint"], extends: ["plugin:@typescript-eslint/recommended"] })
    })
    expect(rulesReported(configuration, "src/a.ts", "export const a: any = 1\nlet b = 2\n")).toEqual(["@typescript-eslint/no-explicit-any", "@typescript-eslint/no-unused-vars", "prefer-const"])
    expect(configuration.problems).toEqual([])
  })

  it("follows eslint-plugin-security: its rules named by the repository, and its recommended-legacy config", () => {
    const code = "const { exec } = require('child_process')\nexec(`ls ${process.argv[2]}`)\n"
    const named = configurationOf({
      ".eslintrc.json": json({ plugins: ["security"], parserOptions: { ecmaVersion: 2020 }, rules: { "security/detect-child-process": "error" } })
    })
    expect(reported(named, "a.js", code)).toEqual(["2:security/detect-child-process"])
    expect(named.problems).toEqual([])
    const extended = configurationOf({
      ".eslintrc.json": json({ extends: ["plugin:security/recommended-legacy"], parserOptions: { ecmaVersion: 2020 } })
    })
    expect(reported(extended, "a.js", code)).toEqual(["2:security/detect-child-process"])
    expect(extended.problems).toEqual([])
  })

  it("names an unknown extends in a problem and applies the rest", () => {
    const configuration = configurationOf({ ".eslintrc.json": json({ extends: ["./base.js", "plugin:react/recommended", "some-company"], rules: { semi: "error" } }) })
    expect(rulesReported(configuration, "a.js", "var a = 1\n")).toEqual(["semi"])
    const messages = configuration.problems.map((problem) => problem.message)
    expect(messages.filter((message) => message.startsWith("extends \"./base.js\""))).toHaveLength(1)
    expect(messages.filter((message) => message.includes("\"plugin:react/recommended\""))).toHaveLength(1)
    expect(messages.filter((message) => message.includes("eslint-config-some-company"))).toHaveLength(1)
  })

  it("names an unknown plugin and its rules, an unknown parser, a rule ESLint 9 removed, and lints the rest", () => {
    const configuration = configurationOf({
      ".eslintrc.json": json({
        parser: "@babel/eslint-parser",
        plugins: ["react"],
        rules: { "react/jsx-key": "error", "valid-jsdoc": "error", "no-var": "error", "require-jsdoc": "off" }
      })
    })
    expect(rulesReported(configuration, "a.js", "var a = <div />\n")).toEqual(["no-var"])
    const messages = configuration.problems.map((problem) => problem.message)
    expect(messages.some((message) => message.includes("\"react\"") && message.includes("react/jsx-key"))).toBe(true)
    expect(messages.some((message) => message.includes("valid-jsdoc") && !message.includes("require-jsdoc"))).toBe(true)
    expect(messages.some((message) => message.includes("@babel/eslint-parser"))).toBe(true)
  })

  it("leaves out a rule whose options ESLint 9 rejects, and names it", () => {
    const configuration = configurationOf({ ".eslintrc.json": json({ rules: { "no-unused-vars": ["error", { unknownOption: 1 }], semi: "error" } }) })
    expect(rulesReported(configuration, "a.js", "var a = 1\n")).toEqual(["semi"])
    expect(configuration.problems.map((problem) => problem.message.slice(0, 32))).toEqual(["the rule no-unused-vars is left "])
  })

  it("lints with standard when package.json runs it, with its settings", () => {
    const configuration = configurationOf({
      "package.json": json({ devDependencies: { standard: "^17.1.0" }, standard: { globals: ["myGlobal"], env: ["mocha"], ignore: ["fixtures/**"] } }),
      "__tests__/.eslintrc.yml": "env: { jest: true }\nrules: { semi: [error, always], dot-notation: warn }\n"
    })
    expect(configuration.file).toBe("package.json")
    expect(rulesReported(configuration, "lib/a.js", "myGlobal(describe);\n")).toEqual(["semi"])
    // standard's config is given last (overrideConfigFile): a folder's own semi does not win over it.
    expect(rulesReported(configuration, "__tests__/a.js", "test('x', () => expect(1));\n")).toEqual(["semi"])
    expect(rulesReported(configuration, "lib/a.js", "undefinedName()\n")).toEqual(["no-undef"])
    expect(["fixtures/a.js", "coverage/a.js", "lib/a.min.js"].filter((path) => !configuration.ignores(path))).toEqual([])
  })

  it("lints with semistandard, whose semi rule asks for semicolons", () => {
    const configuration = configurationOf({ "package.json": json({ scripts: { lint: "semistandard --verbose" } }) })
    expect(rulesReported(configuration, "a.js", "const a = 1\nexport default a;\n")).toEqual(["semi"])
  })

  it("gives a deterministic, JSON-serialisable config, and leaves it unchanged by linting", () => {
    const files = { ".eslintrc.yml": expressConfig, "test/.eslintrc.yml": "env: { mocha: true }\n" }
    const configuration = configurationOf(files)
    const digest = lintConfigDigest(configuration.config)
    expect(lintConfigDigest(configurationOf(files).config)).toBe(digest)
    reported(configuration, "a.mjs", "export default 1\n")
    reported(configuration, "a.js", "return\n")
    expect(lintConfigDigest(configuration.config)).toBe(digest)
    expect(reported(configuration, "b.js", "return\n")).toEqual([])
  })

  it("lists the files it reads", () => {
    expect(legacyConfigurationFiles).toEqual(expect.arrayContaining([".eslintrc.js", ".eslintrc.json", ".eslintrc", "package.json", ".eslintignore"]))
  })
})
