import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { type Pattern, ToolDefinitions } from "@tidemark/core"
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { sourceFile } from "../scripts/CatalogueFiles.js"
import { cppcheckFile, cppcheckRelease, cppcheckSource, toCppcheckTool } from "../scripts/CppcheckCatalogue.js"
import { committedErrorList, readErrorList } from "../scripts/CppcheckErrorList.js"
import { rubocopFile, rubocopRelease, rubocopSource, toRubocopTool } from "../scripts/RubocopCatalogue.js"
import { committedCopList, readCopList } from "../scripts/RubocopCops.js"
import { toYamllintTool, yamllintFile, yamllintPresetsFile, yamllintRelease, yamllintSource } from "../scripts/YamllintCatalogue.js"
import { committedRuleList, readRuleList } from "../scripts/YamllintRules.js"
import { checkstyleFile, checkstyleModulesFile, checkstyleRelease, checkstyleSource, toCheckstyleTool } from "../scripts/CheckstyleCatalogue.js"
import { committedListing as committedCheckstyleListing, readListing as readCheckstyleListing } from "../scripts/CheckstyleChecks.js"
import { pylintFile, pylintRelease, pylintSource, toPylintTool } from "../scripts/PylintCatalogue.js"
import { committedMessageList, readMessageList } from "../scripts/PylintMessages.js"
import { phpcsFile, phpcsRelease, phpcsSource, toPhpcsTool } from "../scripts/PhpcsCatalogue.js"
import { committedSniffList, readSniffList } from "../scripts/PhpcsSniffs.js"
import { catalogueData, renderFiles } from "../scripts/EslintCatalogue.js"
import { committedListing, govetListingPath, staticcheckListingPath } from "../scripts/GoListings.js"
import { goRelease, govetFile, govetSource, toGovetTool } from "../scripts/GoVetCatalogue.js"
import { staticcheckFile, staticcheckRelease, staticcheckSource, toStaticcheckTool } from "../scripts/StaticcheckCatalogue.js"
import { markdownlintFile, markdownlintSource, toMarkdownlintTool } from "../scripts/MarkdownlintCatalogue.js"
import { installedMarkdownlintRules } from "../scripts/MarkdownlintRules.js"
import { ruffSource } from "../scripts/RuffCatalogue.js"
import { shellCheckRelease, shellCheckSource } from "../scripts/ShellCheckCatalogue.js"
import { installedEslint8, installedEslint9 } from "../scripts/RuleMetadata.js"
import { spectralFile, spectralSource, toSpectralTool } from "../scripts/SpectralCatalogue.js"
import { installedSpectralRules } from "../scripts/SpectralRules.js"
import { stylelintSource } from "../scripts/StylelintCatalogue.js"
import { installedManifest, installedStylelint } from "../scripts/StylelintRules.js"
import { catalogue, catalogueSource } from "../src/index.js"

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..")
const require = createRequire(import.meta.url)

const tool = (name: string): ToolDefinitions.ToolDefinition => {
  const found = catalogue.find((candidate) => candidate.name === name)
  if (found === undefined) throw new Error(`tool ${name} missing from the catalogue`)
  return found
}
const pattern = (toolName: string, id: string): Pattern.PatternDefinition => {
  const found = tool(toolName).patterns.find((candidate) => candidate.definition.id === id)
  if (found === undefined) throw new Error(`pattern ${id} missing from ${toolName}`)
  return found.definition
}
const parameter = (definition: Pattern.PatternDefinition, name: string) =>
  definition.parameters.find((candidate) => candidate.name === name)

const installedVersion = (specifier: string): unknown => {
  const manifest: unknown = require(`${specifier}/package.json`)
  return Schema.decodeUnknownSync(Schema.Struct({ version: Schema.String }))(manifest).version
}

// markdownlint's package exports no package.json: its version is the one the library reports.
const markdownlintRules = await installedMarkdownlintRules()
const markdownlintVersion = markdownlintRules.version
const spectralRules = installedSpectralRules()

describe("catalogue data", () => {
  it("decodes into ESLint9, ESLint (v8), Ruff, markdownlint, Stylelint, Spectral, ShellCheck, Cppcheck, RuboCop, Staticcheck, govet, yamllint, Checkstyle, PyLint and PHP_CodeSniffer and encodes back to the files unchanged", () => {
    expect(catalogue.map((t) => [t.name, t.uuid])).toEqual([
      ["ESLint9", "2a30ab97-477f-4769-8b88-af596ce7a94c"],
      ["ESLint", "f8b29663-2cb2-498d-b923-a10c6a8c05cd"],
      ["Ruff", "8b1e2f4a-93c6-4d57-a0e1-5c7d2b9f6e31"],
      ["markdownlint", "547ff16b-d57c-4d75-8067-5ccf3ea88a00"],
      ["Stylelint", "4f0a7c36-1d2e-4b8f-9a55-c3e6d2b7a914"],
      ["Spectral", "4c1d7e92-5b3a-4f08-9e6d-2a8b7c5f1e30"],
      ["ShellCheck", "233f8aac-4fb6-4193-8a17-e64515bea152"],
      ["Cppcheck", "76ad0ea2-3122-461b-afac-b0e54bace3ed"],
      ["RuboCop", "5a3b8e1c-7d24-4f69-b0e2-91c6d4f8a372"],
      ["Staticcheck", "14bdae53-7743-4f94-9040-61039fc0a31c"],
      ["govet", "1bd8de9d-9443-414d-b73e-113d513e3e76"],
      ["yamllint", "c4e7a2d9-3b61-4f08-9d5e-7a18b2f6c053"],
      ["Checkstyle", "8e2f4c71-0b9d-4a36-a5e8-3c7d19f26b04"],
      ["PyLint", "8d2f6b1a-4c97-4e35-a0d8-3f5e9c1b7a64"],
      ["PHP_CodeSniffer", "8d1f6b2e-4c73-4a95-b8e0-2f5a9c7d3e61"]
    ])
    const files = [
      "eslint9.json",
      "eslint8.json",
      "ruff.json",
      "markdownlint.json",
      "stylelint.json",
      "spectral.json",
      "shellcheck.json",
      "cppcheck.json",
      "rubocop.json",
      "staticcheck.json",
      "govet.json",
      "yamllint.json",
      "checkstyle.json",
      "pylint.json",
      "phpcs.json"
    ].map((file): unknown =>
      JSON.parse(readFileSync(join(packageDir, "src/data", file), "utf8"))
    )
    // The data files as generated, plus each tool's version: its linter's, the first package in source.json.
    const source = JSON.parse(readFileSync(join(packageDir, "src/data/source.json"), "utf8")) as ReadonlyArray<{
      readonly tool: string
      readonly packages: Readonly<Record<string, string>>
    }>
    const versions = ["ESLint9", "ESLint", "Ruff", "markdownlint", "Stylelint", "Spectral", "ShellCheck", "Cppcheck", "RuboCop", "Staticcheck", "govet", "yamllint", "Checkstyle", "PyLint", "PHP_CodeSniffer"].map((tool) => ({
      version: Object.values(source.find((s) => s.tool === tool)?.packages ?? {})[0]
    }))
    expect(versions.map((v) => v.version)).toEqual([
      installedVersion("eslint"),
      installedVersion("eslint8"),
      installedVersion("@astral-sh/ruff-wasm-nodejs"),
      markdownlintVersion,
      installedVersion("stylelint"),
      spectralRules.version,
      shellCheckRelease,
      cppcheckRelease,
      rubocopRelease,
      staticcheckRelease,
      goRelease,
      yamllintRelease,
      checkstyleRelease,
      pylintRelease,
      phpcsRelease
    ])
    expect(Schema.encodeSync(Schema.Array(ToolDefinitions.ToolDefinition))(catalogue)).toEqual(
      files.map((file, index) => ({ ...(file as object), ...versions[index] }))
    )
  })

  it("gives every pattern a unique id carrying its tool's prefix, in id order", () => {
    // markdownlint has some fifty rules, Spectral's two rulesets 112, yamllint twenty-two, go vet 27 analyzers; the linters of code, hundreds.
    const fewest: Readonly<Record<string, number>> = { markdownlint: 50, Spectral: 100, Staticcheck: 140, govet: 27, yamllint: 23 }
    for (const t of catalogue) {
      const ids = t.patterns.map((p) => p.definition.id)
      expect(ids.length).toBeGreaterThanOrEqual(fewest[t.name] ?? 150)
      expect(new Set(ids).size).toBe(ids.length)
      expect(ids.filter((id) => !id.startsWith(t.patternPrefix))).toEqual([])
      expect([...ids].sort()).toEqual(ids)
    }
  })

  it("is what the generator produces from the installed linters (re-run `pnpm generate` if not)", async () => {
    const data = catalogueData({ eslint9: installedEslint9(), eslint8: installedEslint8() })
    const ruff = ruffSource(String(installedVersion("@astral-sh/ruff-wasm-nodejs")))
    const markdownlint = markdownlintSource(markdownlintRules.version)
    const stylelint = stylelintSource(await installedStylelint())
    // ruff.json and shellcheck.json need a source snapshot to regenerate: RuffCatalogue.test.ts and
    // ShellCheckCatalogue.test.ts check them against Ruff and ShellCheck themselves; stylelint.json is
    // checked against the installed Stylelint in StylelintCatalogue.test.ts; cppcheck.json is made from
    // the committed error list, which CppcheckCatalogue.test.ts checks against the installed Cppcheck;
    // rubocop.json from the committed cop listing, which RubocopCatalogue.test.ts checks against RuboCop;
    // staticcheck.json and govet.json from the committed listings GoCatalogue.test.ts checks.
    // yamllint.json and its presets from the committed rule listing, checked in YamllintCatalogue.test.ts;
    // checkstyle.json and its modules from the committed listing, checked in CheckstyleCatalogue.test.ts;
    // pylint.json from the committed message listing, checked against Pylint in PylintCatalogue.test.ts.
    const files = [
      ...renderFiles(data),
      markdownlintFile(toMarkdownlintTool(markdownlintRules.rules)),
      spectralFile(toSpectralTool(spectralRules.rules)),
      cppcheckFile(toCppcheckTool(readErrorList(committedErrorList()))),
      rubocopFile(toRubocopTool(readCopList(committedCopList()))),
      staticcheckFile(toStaticcheckTool(committedListing(staticcheckListingPath))),
      govetFile(toGovetTool(committedListing(govetListingPath))),
      yamllintFile(toYamllintTool(readRuleList(committedRuleList()))),
      yamllintPresetsFile(readRuleList(committedRuleList())),
      checkstyleFile(toCheckstyleTool(readCheckstyleListing(committedCheckstyleListing()))),
      checkstyleModulesFile(readCheckstyleListing(committedCheckstyleListing())),
      pylintFile(toPylintTool(readMessageList(committedMessageList()))),
      phpcsFile(toPhpcsTool(readSniffList(committedSniffList()))),
      sourceFile([...data.source, ruff, markdownlint, stylelint, spectralSource(spectralRules.version), shellCheckSource, cppcheckSource, rubocopSource, staticcheckSource, govetSource, yamllintSource, checkstyleSource, pylintSource, phpcsSource])
    ]
    for (const [path, contents] of files) {
      expect(readFileSync(join(packageDir, path), "utf8"), path).toBe(contents)
    }
  })

  it("records the versions of the packages the patterns were read from", () => {
    expect(catalogueSource.map((s) => [s.tool, s.packages])).toEqual([
      [
        "ESLint9",
        {
          eslint: installedVersion("eslint"),
          "@typescript-eslint/eslint-plugin": installedVersion("@typescript-eslint/eslint-plugin"),
          "eslint-plugin-security": installedVersion("eslint-plugin-security")
        }
      ],
      ["ESLint", { eslint: installedVersion("eslint8") }],
      ["Ruff", { "@astral-sh/ruff-wasm-nodejs": installedVersion("@astral-sh/ruff-wasm-nodejs") }],
      ["markdownlint", { markdownlint: markdownlintVersion }],
      ["Stylelint", { stylelint: installedVersion("stylelint"), "stylelint-config-recommended": installedManifest("stylelint-config-recommended").version }],
      ["Spectral", { "@stoplight/spectral-rulesets": installedVersion("@stoplight/spectral-rulesets") }],
      ["ShellCheck", { shellcheck: shellCheckRelease }],
      ["Cppcheck", { cppcheck: cppcheckRelease }],
      ["RuboCop", { rubocop: rubocopRelease }],
      ["Staticcheck", { staticcheck: staticcheckRelease }],
      ["govet", { go: goRelease }],
      ["yamllint", { yamllint: yamllintRelease }],
      ["Checkstyle", { checkstyle: checkstyleRelease }],
      ["PyLint", { pylint: pylintRelease }],
      ["PHP_CodeSniffer", { "php-codesniffer": phpcsRelease }]
    ])
    expect(catalogueSource[1]?.packages["eslint"]).toMatch(/^8\./)
  })
})

describe("ESLint9 patterns", () => {
  it("marks no-unused-vars recommended, enabled, UnusedCode and Warning, not reporting parameters or catch bindings by default", () => {
    const found = tool("ESLint9").patterns.find((p) => p.definition.id === "ESLint9_no-unused-vars")
    expect(found?.recommended).toBe(true)
    expect(found?.definition).toMatchObject({
      title: "Disallow unused variables",
      description: "Disallow unused variables",
      explanation: "See https://eslint.org/docs/latest/rules/no-unused-vars",
      category: "UnusedCode",
      severityLevel: "Warning",
      level: "Warning",
      enabled: true,
      languages: ["JavaScript", "TypeScript"],
      timeToFix: 5,
      tags: ["problem", "recommended"]
    })
    expect(found?.definition.subCategory).toBeUndefined()
    // A function's arity is observable (Express's error middleware): removing a parameter breaks code.
    const defaults = Object.fromEntries((found?.definition.parameters ?? []).map((p) => [p.name, p.default]))
    expect(defaults).toMatchObject({ args: "none", caughtErrors: "none", ignoreRestSiblings: "true" })
    const ts = pattern("ESLint9", "ESLint9_@typescript-eslint_no-unused-vars")
    expect(Object.fromEntries(ts.parameters.map((p) => [p.name, p.default]))).toMatchObject({ args: "none", caughtErrors: "none", ignoreRestSiblings: "true" })
    expect(Object.fromEntries(pattern("ESLint9", "ESLint9_no-empty").parameters.map((p) => [p.name, p.default]))).toMatchObject({ allowEmptyCatch: "true" })
    expect(Object.fromEntries(pattern("ESLint9", "ESLint9_getter-return").parameters.map((p) => [p.name, p.default]))).toMatchObject({ allowImplicit: "true" })
  })

  it("reads eqeqeq's leading mode and its object option as parameters", () => {
    const eqeqeq = pattern("ESLint9", "ESLint9_eqeqeq")
    expect(eqeqeq.parameters.map((p) => p.name)).toEqual(["unnamedParam", "null"])
    expect(parameter(eqeqeq, "unnamedParam")).toMatchObject({
      default: "always",
      description: "enum option: always | smart | allow-null"
    })
    expect(eqeqeq).toMatchObject({ category: "BestPractice", severityLevel: "Warning", enabled: false })
  })

  it("takes parameter defaults from the rule's default options", () => {
    expect(parameter(pattern("ESLint9", "ESLint9_no-eval"), "allowIndirect")?.default).toBe("false")
    const noShadow = pattern("ESLint9", "ESLint9_@typescript-eslint_no-shadow")
    expect(parameter(noShadow, "hoist")).toEqual(
      expect.objectContaining({
        default: "functions-and-types",
        description: "Whether to report shadowing before outer functions or variables are defined."
      })
    )
    expect(parameter(noShadow, "allow")?.default).toBe("[]")
    expect(noShadow.languages).toEqual(["TypeScript"])
  })

  it("classifies code-executing rules as Security with a sub-category, and only those", () => {
    expect(pattern("ESLint9", "ESLint9_no-eval")).toMatchObject({ category: "Security", subCategory: "CommandInjection" })
    expect(pattern("ESLint9", "ESLint9_no-script-url")).toMatchObject({ category: "Security", subCategory: "XSS" })
    for (const t of catalogue) {
      const withSubCategory = t.patterns.filter((p) => p.definition.subCategory !== undefined)
      expect(withSubCategory.every((p) => p.definition.category === "Security")).toBe(true)
    }
    expect(pattern("ESLint9", "ESLint9_complexity").category).toBe("Complexity")
    expect(pattern("ESLint9", "ESLint9_no-await-in-loop").category).toBe("Performance")
  })

  it("includes eslint-plugin-security's rules, off by default, as Security patterns with a sub-category and a CWE", () => {
    const security = tool("ESLint9").patterns.filter((p) => p.definition.id.startsWith("ESLint9_security_"))
    expect(security.length).toBeGreaterThanOrEqual(14)
    for (const p of security) {
      expect([p.definition.id, p.definition.enabled, p.recommended, p.definition.category]).toEqual([p.definition.id, false, false, "Security"])
      expect(p.definition.subCategory).toBeDefined()
      expect((p.definition.tags ?? []).filter((tag) => /^CWE-\d+$/.test(tag))).toHaveLength(1)
      expect(p.definition.languages).toEqual(["JavaScript", "TypeScript"])
    }
    expect(pattern("ESLint9", "ESLint9_security_detect-child-process")).toMatchObject({
      subCategory: "CommandInjection",
      severityLevel: "Warning",
      tags: ["problem", "CWE-78"]
    })
    expect(pattern("ESLint9", "ESLint9_security_detect-non-literal-fs-filename")).toMatchObject({ subCategory: "FileAccess", tags: ["problem", "CWE-22"] })
    // The original ESLint 8 tool keeps its core rules only.
    expect(tool("ESLint").patterns.some((p) => p.definition.id.includes("security_"))).toBe(false)
  })

  it("includes typescript-eslint rules with `/` written as `_`", () => {
    const floating = tool("ESLint9").patterns.find(
      (p) => p.definition.id === "ESLint9_@typescript-eslint_no-floating-promises"
    )
    expect(floating?.recommended).toBe(true)
    expect(floating?.definition.tags).toEqual(["problem", "recommended", "type-checked"])
    // typescript-eslint's "strict" marker is an opt-in config, not "recommended".
    const strictOnly = pattern("ESLint9", "ESLint9_@typescript-eslint_no-non-null-assertion")
    expect(strictOnly).toMatchObject({ enabled: false, severityLevel: "High" })
  })

  it("leaves deprecated rules out", () => {
    const ids = new Set(tool("ESLint9").patterns.map((p) => p.definition.id))
    expect(ids.has("ESLint9_semi")).toBe(false)
    expect(ids.has("ESLint9_max-len")).toBe(false)
    const deprecated = installedEslint9().rules.filter((rule) => rule.module.meta.deprecated !== undefined)
    expect(deprecated.length).toBeGreaterThan(0)
    expect(deprecated.filter((rule) => ids.has(`ESLint9_${rule.ruleId.replaceAll("/", "_")}`))).toEqual([])
  })
})

describe("severity", () => {
  // Ruff's severities come from its own table, checked in RuffCatalogue.test.ts.
  it("follows the rule's type and recommendation in every ESLint pattern, code that does nothing a Warning", () => {
    // eslint-plugin-security's rules (a CWE tag) report what may be unsafe, for a person to judge.
    const expected = (tags: ReadonlyArray<string>, category: string): string =>
      tags.includes("layout") ? "Info" : category === "UnusedCode" || tags.some((tag) => tag.startsWith("CWE-")) ? "Warning" :
      tags.includes("problem") ? (tags.includes("recommended") ? "Error" : "High") : "Warning"
    for (const t of catalogue.filter((candidate) => candidate.family === "eslint")) {
      for (const { definition, recommended } of t.patterns) {
        expect(definition.level).toBe(definition.severityLevel)
        // Enabled by default: the linter's recommendation, but for the rules measured as mostly noise.
        const offByDefault = ["no-explicit-any", "ban-ts-comment", "no-require-imports"].some((name) => definition.id.endsWith(`_${name}`))
        expect(definition.enabled).toBe(recommended && !offByDefault)
        expect([definition.id, definition.severityLevel]).toEqual([definition.id, expected(definition.tags ?? [], definition.category)])
      }
    }
  })
})

describe("ESLint (v8)", () => {
  it("is a separate tool of the same family, off by default", () => {
    const v8 = tool("ESLint")
    expect(v8.family).toBe(tool("ESLint9").family)
    expect(v8).toMatchObject({ patternPrefix: "ESLint8_", enabledByDefault: false, isClientSide: false })
    expect(v8.configurationFiles).toContain(".eslintrc.json")
    expect(pattern("ESLint", "ESLint8_no-unused-vars")).toMatchObject({ category: "UnusedCode", severityLevel: "Warning" })
    // Rules removed in ESLint 9 but still active in 8.57.
    expect(pattern("ESLint", "ESLint8_no-new-symbol").category).toBe("ErrorProne")
    expect(v8.patterns.some((p) => p.definition.id.includes("@typescript-eslint"))).toBe(false)
  })
})
