import { FileSystem } from "@effect/platform"
import { NodeContext } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { CommitAnalysis, Goals } from "@tidemark/core"
import { Effect, Either } from "effect"
import {
  AnalysisConfiguration,
  AnalysisCoverageScope,
  analyzeTree,
  coverageExclusion,
  defaultTreeAnalysisSettings,
  InvalidAnalysisConfiguration,
  loadGrammars,
  maxPathPatternCharacters,
  maxPathPatterns,
  MemoryAnalysisCache,
  parseAnalysisConfiguration,
  TreeAnalyzer
} from "../src/index.js"
import { priceCode as code, treeOf } from "./TreeFixture.js"

const reasonOf = (content: string) =>
  Either.match(parseAnalysisConfiguration(".codacy.yml", content), { onLeft: (error) => error.reason, onRight: () => "decoded" })

describe("parseAnalysisConfiguration", () => {
  it("decodes the documented template, keeping what the analysis uses", () => {
    const template = [
      "---",
      "engines:",
      "  rubocop:",
      "    exclude_paths:",
      "      - \"config/test.yml\"",
      "    base_sub_dir: \"test/baseDir\"",
      "  duplication:",
      "    exclude_paths:",
      "      - \"config/test.yml\"",
      "    config:",
      "      languages:",
      "        - \"ruby\"",
      "languages:",
      "  css:",
      "    extensions:",
      "      - \".scss\"",
      "  python:",
      "    enabled: false",
      "exclude_paths:",
      "  - \".bundle/**\"",
      "  - \"**.min.js\"",
      "include_paths:",
      "  - \"**/tests/integration/**\"",
      ""
    ].join("\n")
    const configuration = Either.getOrThrow(parseAnalysisConfiguration(".codacy.yml", template))
    expect(configuration.excludePaths).toEqual([".bundle/**", "**.min.js"])
    expect(configuration.includePaths).toEqual(["**/tests/integration/**"])
    expect(configuration.engines?.["duplication"]?.excludePaths).toEqual(["config/test.yml"])
    expect(configuration.languages?.["css"]?.extensions).toEqual([".scss"])
    expect(configuration.languages?.["python"]?.enabled).toBe(false)
  })

  it("takes an empty file, or empty entries, for no configuration", () => {
    expect(parseAnalysisConfiguration(".codacy.yml", "")).toEqual(Either.right(AnalysisConfiguration.none))
    expect(parseAnalysisConfiguration(".codacy.yml", "---\n")).toEqual(Either.right(AnalysisConfiguration.none))
    expect(reasonOf("exclude_paths:\nengines:\n  eslint-9:\nlanguages:\n  css:\n")).toBe("decoded")
  })

  it("says in one line what is wrong with a file it cannot read, and where", () => {
    expect(reasonOf("exclude_paths:\n  - a/**\n  - [b\n")).toMatch(/^not YAML: .* at line \d+, column \d+$/)
    expect(reasonOf("exclude_paths: []\nexclude_paths: []\n")).toBe("not YAML: Map keys must be unique at line 2, column 1")
    expect(reasonOf("- a\n")).toMatch(/^Expected .*, actual \["a"\]$/)
    expect(reasonOf("exclude_paths: \"src/**\"\n")).toBe(`at exclude_paths: Expected ReadonlyArray<JavaGlob> | null, actual "src/**"`)
    expect(reasonOf("engines:\n  eslint-9:\n    exclude_paths: [\"src/[a\"]\n")).toMatch(
      /^at engines\.eslint-9\.exclude_paths\.0: a class opened at character 5 is not closed in the glob "src\/\[a"$/
    )
    expect(reasonOf("languages:\n  css:\n    enabled: sometimes\n")).toMatch(/^at languages\.css\.enabled: Expected boolean/)
    const error = parseAnalysisConfiguration(".codacy.yaml", "a: *b\n")
    expect(Either.isLeft(error) && error.left).toBeInstanceOf(InvalidAnalysisConfiguration)
    expect(Either.isLeft(error) && error.left.message).toMatch(/^the configuration file \.codacy\.yaml was ignored: not YAML: /)
  })
})


const configured = {
  ".codacy.yml": [
    "---",
    "exclude_paths:",
    "  - \"legacy/**\"",
    "  - \"**.generated.js\"",
    "include_paths:",
    "  - \"dist/kept/**\"",
    "engines:",
    "  eslint-9:",
    "    exclude_paths: [\"src/loose.js\"]",
    "  duplication:",
    "    exclude_paths: [\"src/copy.js\"]",
    "  metric:",
    "    exclude_paths: [\"src/huge.js\"]",
    "  coverage:",
    "    exclude_paths: [\"src/untested.js\"]",
    "languages:",
    "  JavaScript:",
    "    extensions: [\".es6\"]",
    "  python:",
    "    enabled: false",
    ""
  ].join("\n"),
  "src/app.js": code,
  "src/copy.js": code,
  "src/loose.js": "export const same = (a, b) => a == b\n",
  "src/huge.js": "export const huge = (a) => (a ? 1 : 2)\n",
  "src/util.es6": "export const twice = (a) => a * 2\n",
  "src/api.generated.js": code,
  "legacy/old.js": code,
  "dist/bundle.js": code,
  "dist/kept/tool.js": "export const kept = 1\n",
  "scripts/report.py": "def f(x):\n    return x\n"
}

const analyzed = (files: Readonly<Record<string, string>>) =>
  Effect.gen(function*() {
    const root = yield* treeOf(files)
    const grammars = yield* loadGrammars
    return yield* analyzeTree(root, grammars, { ...defaultTreeAnalysisSettings, fileDuplicationBlockThreshold: 0 })
      .pipe(Effect.provide(MemoryAnalysisCache.layer))
  })

describe("analyzeTree with a configuration file", () => {
  it.scoped("leaves out what it excludes, from every measure or from the one an engine names", () =>
    Effect.gen(function*() {
      const { analysis, configurationProblem, lintSources, sources } = yield* analyzed(configured)
      expect(configurationProblem).toBeUndefined()
      // Global exclusions and the defaults are gone, but what include_paths takes back.
      expect(sources.map((file) => file.path)).toEqual([
        ".codacy.yml",
        "dist/kept/tool.js",
        "src/app.js",
        "src/copy.js",
        "src/huge.js",
        "src/loose.js",
        "src/util.es6"
      ])
      expect(lintSources.map((file) => file.path)).not.toContain("src/loose.js")
      expect(lintSources).toHaveLength(sources.length - 1)
      // `metric` leaves src/huge.js without per-file measures; `.es6` is JavaScript here.
      expect(analysis.files.map((file) => [file.path, file.language])).toEqual([
        [".codacy.yml", "YAML"],
        ["dist/kept/tool.js", "JavaScript"],
        ["src/app.js", "JavaScript"],
        ["src/copy.js", "JavaScript"],
        ["src/loose.js", "JavaScript"],
        ["src/util.es6", "JavaScript"]
      ])
      // `duplication` leaves src/copy.js out of jscpd's input: src/app.js has no clone left.
      expect(analysis.totals.clones).toBe(0)
      // Python is disabled: neither a language of the tree nor of its stack.
      expect(analysis.totals.languages.map((language) => language.language)).toEqual(["YAML", "JavaScript"])
      expect(analysis.totals.stackTags).toEqual(["language:javascript"])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("follows the defaults only when the file cannot be read, and says why", () =>
    Effect.gen(function*() {
      const broken = { ...configured, ".codacy.yml": "exclude_paths:\n  - \"legacy/**\"\n  - [oops\n" }
      const { analysis, configurationProblem, sources } = yield* analyzed(broken)
      expect(configurationProblem?.file).toBe(".codacy.yml")
      expect(configurationProblem?.message).toMatch(/^the configuration file \.codacy\.yml was ignored: not YAML: Flow sequence .* at line 4, column 1$/)
      expect(sources.map((file) => file.path)).toEqual([
        ".codacy.yml",
        "legacy/old.js",
        "scripts/report.py",
        "src/api.generated.js",
        "src/app.js",
        "src/copy.js",
        "src/huge.js",
        "src/loose.js",
        "src/util.es6"
      ])
      expect(analysis.totals.clones).toBeGreaterThan(0)

      // The Analyzer port answers the measures, and the problem for the repository as a core Problem.
      const fs = yield* FileSystem.FileSystem
      const port = yield* TreeAnalyzer.make({ cacheDirectory: yield* fs.makeTempDirectoryScoped({ prefix: "tidemark-cache-" }) })
      const root = yield* treeOf(broken)
      const output = yield* port.analyze(root, { goals: Goals.Goals.defaults, tools: [] })
      expect(output.measures.loc).toBe(analysis.totals.loc)
      // No tool ran: the code's languages are said to be not analysed, beside the unreadable file.
      expect(output.problems.map((problem) => problem.code)).toEqual(["invalid_configuration_file", "languages_not_analysed"])
      // The file as read goes with the output: the analysis keeps it for the coverage of its commit.
      expect(output.configurationFile?.path).toBe(".codacy.yml")
      expect(configurationProblem && TreeAnalyzer.configurationFileProblem(configurationProblem)).toMatchObject({
        code: "invalid_configuration_file",
        severity: "some_analysis",
        message: configurationProblem?.message
      })
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)
})

describe("coverageExclusion", () => {
  it("leaves out the coverage engine's paths and everything the analysis does not read", () => {
    const configuration = Either.getOrThrow(parseAnalysisConfiguration(".codacy.yml", configured[".codacy.yml"]))
    const excluded = coverageExclusion(configuration)
    expect(["src/untested.js", "legacy/old.js", "dist/bundle.js", "scripts/report.py", "src/app.min.js"].filter(excluded))
      .toHaveLength(5)
    expect(["src/app.js", "dist/kept/tool.js", "src/huge.js"].filter(excluded)).toEqual([])
    expect(coverageExclusion(AnalysisConfiguration.none)("src/untested.js")).toBe(false)
  })

  it("is the coverage scope of an analysed configuration file: the defaults alone without one, or when it cannot be read", () => {
    const excluded = AnalysisCoverageScope.excluded(new CommitAnalysis.ConfigurationFile({ path: ".codacy.yml", content: configured[".codacy.yml"] }))
    expect(["src/untested.js", "legacy/old.js", "node_modules/x/index.js"].filter(excluded)).toHaveLength(3)
    expect(excluded("src/app.js")).toBe(false)
    for (const file of [undefined, new CommitAnalysis.ConfigurationFile({ path: ".codacy.yml", content: "exclude_paths: 3" })]) {
      const defaults = AnalysisCoverageScope.excluded(file)
      expect(["node_modules/x/index.js", "dist/bundle.js", "src/app.min.js"].filter(defaults)).toHaveLength(3)
      expect(["src/untested.js", "legacy/old.js", "src/app.js"].filter(defaults)).toEqual([])
    }
  })
})

describe("parseAnalysisConfiguration's bounds", () => {
  const listing = (key: string, patterns: ReadonlyArray<string>) => `${key}:\n${patterns.map((pattern) => `  - "${pattern}"\n`).join("")}`
  const numbered = (count: number, name: (index: number) => string) => Array.from({ length: count }, (_, index) => name(index))

  it("refuses a file of more than maxPathPatterns patterns, counting every list", () => {
    const half = maxPathPatterns / 2
    expect(reasonOf(listing("exclude_paths", numbered(half, (i) => `a${i}/**`)) + listing("include_paths", numbered(half, (i) => `b${i}`))))
      .toBe("decoded")
    const engine = "engines:\n  duplication:\n    exclude_paths: [\"c/**\"]\n"
    expect(reasonOf(listing("exclude_paths", numbered(half, (i) => `a${i}/**`)) + listing("include_paths", numbered(half, (i) => `b${i}`)) + engine))
      .toBe(`${maxPathPatterns + 1} path patterns (exclude_paths and include_paths), more than the ${maxPathPatterns} read`)
  })

  it("refuses a file whose patterns hold more than maxPathPatternCharacters characters in all", () => {
    const long = (i: number) => `${String(i).padStart(3, "0")}/${"x".repeat(maxPathPatternCharacters / 100 - 4)}`
    expect(reasonOf(listing("exclude_paths", numbered(100, long)))).toBe("decoded")
    expect(reasonOf(listing("exclude_paths", [...numbered(100, long), "z"]))).toBe(
      `path patterns (exclude_paths and include_paths) of ${maxPathPatternCharacters + 1} characters in all, more than the ${maxPathPatternCharacters} read`
    )
  })
})
