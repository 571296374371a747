import { createRequire } from "node:module"
import type { Pattern, ToolDefinitions } from "@tidemark/core"
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { plainText, ruffOffByDefault, ruffPatternId, ruffTitle } from "../scripts/RuffCatalogue.js"
import {
  categoryByCodePrefix,
  categoryByLinter,
  errorCodePrefixes,
  ruffCategory,
  ruffSeverity
} from "../scripts/RuffClassification.js"
import { ruffWeakness } from "../scripts/BanditWeaknesses.js"
import { check, enabledCodes, refusal, stableCodesShapedLike } from "../scripts/RuffWorkspace.js"
import { catalogue } from "../src/index.js"

const require = createRequire(import.meta.url)

const ruff = (): ToolDefinitions.ToolDefinition => {
  const found = catalogue.find((tool) => tool.name === "Ruff")
  if (found === undefined) throw new Error("Ruff missing from the catalogue")
  return found
}
const patterns = ruff().patterns
const codeOf = (id: string): string => id.slice("Ruff_".length)
const codes = patterns.map((p) => codeOf(p.definition.id))
const recommended = new Set(patterns.filter((p) => p.recommended).map((p) => codeOf(p.definition.id)))
const definition = (code: string): Pattern.PatternDefinition => {
  const found = patterns.find((p) => p.definition.id === `Ruff_${code}`)
  if (found === undefined) throw new Error(`Ruff_${code} missing`)
  return found.definition
}
/** The linter's name is a pattern's first tag, as the generator writes it. */
const linterOf = (definition: Pattern.PatternDefinition): string => definition.tags?.[0] ?? ""

const reported = (options: object, source: string): ReadonlySet<string> =>
  new Set(check(options, source).flatMap((d) => (d.code === null ? [] : [d.code])))

/**
 * Python that trips rules inside Ruff's default selection (unused import and variable, mutable
 * default, undefined name) and outside it (`== None`, `eval`, `print`, an ambiguous name).
 */
const snippet = [
  "import os",
  "",
  "",
  "def f(x, y=[]):",
  "    if x == None:",
  '        print(eval("1"))',
  "    l = 1",
  "    return undefined_name",
  ""
].join("\n")

describe("the Ruff tool", () => {
  it("is a server-side Python tool on by default, at the installed Ruff's version", () => {
    const manifest: unknown = require("@astral-sh/ruff-wasm-nodejs/package.json")
    const { version } = Schema.decodeUnknownSync(Schema.Struct({ version: Schema.String }))(manifest)
    expect(ruff()).toMatchObject({
      uuid: "8b1e2f4a-93c6-4d57-a0e1-5c7d2b9f6e31",
      name: "Ruff",
      patternPrefix: "Ruff_",
      family: "Ruff",
      isClientSide: false,
      languages: ["Python"],
      enabledByDefault: true,
      configurationFiles: ["pyproject.toml", "ruff.toml", ".ruff.toml"],
      version
    })
  })

  it("names each pattern Ruff_<code>, once, with a readable rule name and its docs page", () => {
    expect(codes.length).toBeGreaterThan(700)
    expect(new Set(codes).size).toBe(codes.length)
    for (const { definition: d } of patterns) {
      expect(d.id).toMatch(/^Ruff_[A-Z]+[0-9]+$/)
      expect(d.id).toBe(ruffPatternId(codeOf(d.id)))
      const slug = /^See https:\/\/docs\.astral\.sh\/ruff\/rules\/([a-z0-9-]+)\/$/.exec(d.explanation ?? "")?.[1] ?? ""
      expect([d.id, d.title]).toEqual([d.id, ruffTitle(slug)])
      expect(d.description?.trim().length ?? 0).toBeGreaterThan(0)
      expect(d.parameters).toEqual([])
      expect(d.languages).toEqual(["Python"])
    }
    expect(definition("F401")).toMatchObject({ title: "Unused import", description: "Checks for unused imports." })
  })
})

describe("Ruff's security patterns", () => {
  it("each bandit test's CWE as a tag and a sub-category, as bandit declares them", () => {
    const security = patterns.map((p) => p.definition).filter((d) => d.category === "Security")
    expect(security.length).toBeGreaterThan(50)
    for (const d of security) {
      expect([d.id, typeof d.subCategory]).toEqual([d.id, "string"])
      // The table's CWE, not only one: ruff.json is rewritten by hand when no Ruff checkout of the
      // installed version is at hand to regenerate it.
      const cwes = (d.tags ?? []).filter((tag) => /^CWE-\d+$/.test(tag))
      expect([d.id, cwes]).toEqual([d.id, [ruffWeakness(linterOf(d), codeOf(d.id))?.cwe]])
    }
    expect(definition("S608")).toMatchObject({ subCategory: "SQLInjection", tags: ["flake8-bandit", "CWE-89"] })
    expect(definition("S105")).toMatchObject({ subCategory: "Auth", tags: ["flake8-bandit", "CWE-259"] })
    expect(definition("S602")).toMatchObject({ subCategory: "CommandInjection" })
    expect(definition("S602").tags).toContain("CWE-78")
    // Its sub-category is what the finding leads to, not that of bandit's CWE.
    expect(definition("S701")).toMatchObject({ subCategory: "XSS", tags: ["flake8-bandit", "CWE-94"] })
    // No other Ruff linter's pattern carries a CWE.
    expect(patterns.filter((p) => p.definition.category !== "Security" && (p.definition.tags ?? []).some((tag) => tag.startsWith("CWE-")))).toEqual([])
  })

  it("a rule of no bandit test has neither", () => {
    expect(ruffWeakness("flake8-bandit", "S999")).toBeUndefined()
    expect(ruffWeakness("flake8-simplify", "SIM101")).toBeUndefined()
    expect(ruffWeakness("flake8-bandit", "S307")).toEqual({ cwe: "CWE-78", subCategory: "CommandInjection" })
  })
})

describe("Ruff's patterns against Ruff itself", () => {
  it("are codes the installed Ruff accepts one by one", () => {
    expect(codes.filter((code) => refusal({ lint: { select: [code] } }) !== undefined)).toEqual([])
  })

  it("each run when selected, without preview mode: none is a preview rule", () => {
    // One by one: selected together, Ruff drops one of each incompatible pair (D203/D211, D212/D213).
    const notRun = codes.filter((code) => !enabledCodes({ lint: { select: [code] } }, [code]).has(code))
    expect(notRun).toEqual([])
  })

  it("report on Python that breaks them", () => {
    const found = reported({ lint: { select: ["F401", "E711", "S307", "F821", "B006"] } }, snippet)
    expect([...found].sort()).toEqual(["B006", "E711", "F401", "F821", "S307"])
  })

  it("leave out no stable rule Ruff knows: the other codes it accepts are redirects to patterns", () => {
    const catalogued = new Set(codes)
    const others = [...stableCodesShapedLike(codes)].filter((code) => !catalogued.has(code))
    // RUF101 names the rule each redirected code now selects.
    const targets = check({ lint: { select: ["RUF101"] } }, `x = 1  # noqa: ${others.join(", ")}\n`).map(
      (d) => /^`([A-Z0-9]+)` is a redirect to `([A-Z0-9]+)`$/.exec(d.message)?.slice(1) ?? [d.message]
    )
    expect(targets.map(([from]) => from).sort()).toEqual([...others].sort())
    expect(targets.filter(([, to]) => to === undefined || !catalogued.has(to))).toEqual([])
  }, 120_000)
})

describe("recommended Ruff patterns", () => {
  it("are exactly the rules Ruff enables by default; enabled, but for those whose advice breaks code", () => {
    const byDefault = enabledCodes({}, codes)
    expect(codes.filter((code) => byDefault.has(code) !== recommended.has(code))).toEqual([])
    expect([...ruffOffByDefault].every((code) => recommended.has(code))).toBe(true)
    for (const { definition: d, recommended: isRecommended } of patterns) {
      expect(d.enabled).toBe(isRecommended && !ruffOffByDefault.has(d.id.slice("Ruff_".length)))
      expect(d.tags?.includes("recommended")).toBe(isRecommended)
    }
  })

  it("are what a default Ruff reports on code that breaks rules inside and outside its defaults", () => {
    const everything = reported({ lint: { select: codes } }, snippet)
    const byDefault = reported({}, snippet)
    expect([...byDefault].sort()).toEqual([...everything].filter((code) => recommended.has(code)).sort())
    expect(byDefault.size).toBeGreaterThan(0)
    expect([...everything].filter((code) => !recommended.has(code)).length).toBeGreaterThan(0)
  })
})

describe("Ruff categories and severities", () => {
  it("come from the documented tables, by linter and code prefix", () => {
    for (const { definition: d } of patterns) {
      const code = codeOf(d.id)
      expect(Object.keys(categoryByLinter)).toContain(linterOf(d))
      expect([code, d.category]).toEqual([code, ruffCategory(linterOf(d), code)])
      expect([code, d.severityLevel]).toEqual([code, ruffSeverity(code, d.category)])
      expect(d.level).toBe(d.severityLevel)
      // Only security patterns have a sub-category: bandit's weakness of the rule.
      expect([code, d.subCategory]).toEqual([code, d.category === "Security" ? ruffWeakness(linterOf(d), code)?.subCategory : undefined])
    }
  })

  it("use every row of the code-prefix table", () => {
    const unused = Object.keys(categoryByCodePrefix).filter((prefix) => !codes.some((code) => code.startsWith(prefix)))
    expect(unused).toEqual([])
  })

  it("place the linters as the brief's examples do", () => {
    const expected: ReadonlyArray<readonly [string, string, string]> = [
      ["F401", "UnusedCode", "Warning"],
      ["F632", "ErrorProne", "Error"],
      ["F821", "ErrorProne", "Error"],
      ["F701", "ErrorProne", "Error"],
      ["E902", "ErrorProne", "Error"],
      ["B006", "ErrorProne", "Warning"],
      ["E501", "CodeStyle", "Info"],
      ["I001", "CodeStyle", "Info"],
      ["N802", "CodeStyle", "Info"],
      ["UP006", "CodeStyle", "Info"],
      ["S307", "Security", "Warning"],
      ["C901", "Complexity", "Warning"],
      ["D100", "Documentation", "Info"],
      ["PERF401", "Performance", "Warning"],
      ["ARG001", "UnusedCode", "Warning"],
      ["ERA001", "UnusedCode", "Warning"]
    ]
    expect(expected.map(([code]) => [code, definition(code).category, definition(code).severityLevel])).toEqual(expected)
  })

  it("are Error only for the codes Python cannot compile or run", () => {
    const errors = patterns.filter((p) => p.definition.severityLevel === "Error").map((p) => codeOf(p.definition.id))
    expect(errors.length).toBeGreaterThan(0)
    expect(errors.filter((code) => !errorCodePrefixes.some((prefix) => code.startsWith(prefix)))).toEqual([])
  })
})

describe("Ruff descriptions", () => {
  it("keep Markdown links as their text and code spans as written", () => {
    expect(plainText("variants based on [PEP 585].")).toBe("variants based on PEP 585.")
    expect(plainText("using [`str.removeprefix()`](https://docs.python.org) or [`Self`][Self]")).toBe(
      "using `str.removeprefix()` or `Self`"
    )
    expect(plainText("redundant `Final[Literal[...]]` annotations")).toBe("redundant `Final[Literal[...]]` annotations")
    expect(patterns.filter((p) => /\]\(|\]\[/.test(p.definition.description ?? "")).map((p) => p.definition.id)).toEqual([])
  })
})
