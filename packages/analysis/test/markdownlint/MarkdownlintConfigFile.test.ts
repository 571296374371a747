import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { parseConfiguration, readConfiguration } from "../../src/markdownlint/MarkdownlintConfigFile.js"
import { rootConfigurationOf } from "../../src/tools/RootConfiguration.js"
import { filesOf } from "../ruff/RuffFixture.js"
import { markdownlintDefinition } from "./MarkdownlintFixture.js"

const read = (files: Readonly<Record<string, string>>, path = ".markdownlint.json") => {
  const tree = filesOf(files)
  const file = tree.find((candidate) => candidate.path === path)
  if (file === undefined) throw new Error(`no ${path}`)
  return readConfiguration("markdownlint", file, tree)
}

const configurationOf = (files: Readonly<Record<string, string>>, path?: string) =>
  Either.getOrThrow(read(files, path)).configuration

describe("parseConfiguration", () => {
  it("reads JSON with comments and trailing commas, YAML by its extension, and .markdownlintrc as JSON", () => {
    const parse = (path: string, content: string) => parseConfiguration({ path, content })
    expect(parse(".markdownlint.jsonc", "{\n  // long lines are fine\n  \"MD013\": false,\n}\n")).toEqual(Either.right({ MD013: false }))
    expect(parse(".markdownlint.json", "{ \"MD013\": { \"line_length\": 120 } }")).toEqual(Either.right({ MD013: { line_length: 120 } }))
    expect(parse(".markdownlint.yml", "MD013:\n  line_length: 120\nno-inline-html: false\n")).toEqual(Either.right({ MD013: { line_length: 120 }, "no-inline-html": false }))
    expect(parse(".markdownlintrc", "{ /* rc */ \"default\": false }")).toEqual(Either.right({ default: false }))
    // An extended file of another name: JSON, else YAML.
    expect(parse("config/markdown.cfg", "MD001: false\n")).toEqual(Either.right({ MD001: false }))
  })

  it("takes an empty file as an empty configuration, and refuses what is not an object", () => {
    expect(parseConfiguration({ path: ".markdownlint.yaml", content: "" })).toEqual(Either.right({}))
    expect(parseConfiguration({ path: ".markdownlint.yaml", content: "- MD013\n" })).toEqual(Either.left("not a configuration object"))
    expect(Either.isLeft(parseConfiguration({ path: ".markdownlint.json", content: "{ \"MD013\": " }))).toBe(true)
    expect(parseConfiguration({ path: ".markdownlint.yaml", content: "a: 1\na: 2\n" })).toEqual(Either.left("Map keys must be unique at line 2, column 1"))
  })
})

describe("rootConfigurationOf", () => {
  it("takes the first of the catalogue's configuration files the root has", () => {
    const root = rootConfigurationOf(markdownlintDefinition, filesOf({ ".markdownlint.yml": "", ".markdownlint.json": "{}" }))
    expect(root?.file.path).toBe(".markdownlint.json")
    expect(rootConfigurationOf(markdownlintDefinition, filesOf({ ".markdownlint.mjs": "" }))).toMatchObject({ readable: false })
  })
})

describe("readConfiguration", () => {
  it("follows extends as markdownlint merges them: the extended keys, then the file's own over them", () => {
    const files = {
      ".markdownlint.json": "{ \"$schema\": \"https://x\", \"extends\": \"docs/lint.yaml\", \"MD013\": false }",
      "docs/lint.yaml": "extends: ../shared/base.json\nMD013:\n  line_length: 100\nMD033: false\n",
      "shared/base.json": "{ \"default\": false, \"MD033\": true, \"MD051\": true }"
    }
    expect(configurationOf(files)).toEqual({ default: false, MD033: false, MD051: true, MD013: false })
    expect(Either.getOrThrow(read(files)).problems).toEqual([])
  })

  it("follows the styles markdownlint ships", () => {
    const configuration = configurationOf({ ".markdownlint.json": "{ \"extends\": \"markdownlint/style/prettier\", \"MD013\": true }" })
    // Prettier's style turns off (by alias) what Prettier formats, such as list indentation.
    expect(configuration).toMatchObject({ "ul-indent": false, "line-length": false, MD013: true })
  })

  it("reports each extends it does not follow, and keeps the rest", () => {
    const problemsOf = (files: Readonly<Record<string, string>>) =>
      Either.getOrThrow(read(files)).problems.map((problem) => [problem.code, problem.file, problem.message])
    expect(problemsOf({ ".markdownlint.json": "{ \"extends\": \"../outside.json\", \"MD013\": false }", "outside.json": "{}" })).toEqual([
      ["unsupported_configuration", ".markdownlint.json", "`extends: ../outside.json` is not a file of the repository (a package or a path outside it is not read): the rest of the configuration applies"]
    ])
    expect(problemsOf({ ".markdownlint.json": "{ \"extends\": 3 }" })).toEqual([
      ["unsupported_configuration", ".markdownlint.json", "`extends` is not a path: the rest of the configuration applies"]
    ])
    const unreadable = { ".markdownlint.json": "{ \"extends\": \"base.yaml\", \"MD013\": false }", "base.yaml": "MD001: [\n" }
    expect(problemsOf(unreadable).map(([code, file]) => [code, file])).toEqual([["unreadable_configuration", "base.yaml"]])
    expect(configurationOf(unreadable)).toEqual({ MD013: false })
    // A file that extends itself stops after a few rounds.
    const cycle = { ".markdownlint.json": "{ \"extends\": \"./.markdownlint.json\", \"MD013\": false }" }
    expect(problemsOf(cycle).map(([code]) => code)).toEqual(["unsupported_configuration"])
    expect(configurationOf(cycle)).toEqual({ MD013: false })
  })

  it("is an unreadable_configuration naming the file when the file itself cannot be read", () => {
    const problem = Either.getLeft(read({ ".markdownlint.yaml": "MD013: [\n" }, ".markdownlint.yaml"))
    expect(problem.pipe((p) => p._tag === "Some" ? [p.value.code, p.value.file] : [])).toEqual(["unreadable_configuration", ".markdownlint.yaml"])
  })
})
