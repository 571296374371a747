import { describe, expect, layer } from "@effect/vitest"
import type { Tool } from "@tidemark/core"
import { Effect } from "effect"
import { ConflictList, PatternData, ToolList } from "./fixtures/Bodies.js"
import * as Http from "./fixtures/Http.js"
import {
  allowConfigurationFiles,
  applyStandard,
  checkstyle,
  cppcheck,
  createStandard,
  eslint8,
  eslint9,
  govet,
  markdownlint,
  paths,
  phpcs,
  rubocop,
  ruff,
  shellCheck,
  staticcheck,
  spectral,
  stylelint,
  type World,
  world,
  yamllint,
  pylint
} from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"

const listTools = (w: World) =>
  Effect.map(Http.get(paths.tools(w.org, w.repo), { token: w.token }), (reply) => Http.expectBody(reply, 200, ToolList).data)

const toolIn = (tools: ReadonlyArray<Tool.Tool>, uuid: string) => {
  const found = tools.find((t) => t.uuid === uuid)
  expect(found, `tool ${uuid}`).toBeDefined()
  return found
}

/** A tool as the list shows it in a repository nobody configured: on or off by default, no standard, no configuration file. */
const listed = (uuid: string, name: string, isEnabled: boolean) => ({
  uuid,
  name,
  isClientSide: false,
  settings: { name, isEnabled, followsStandard: false, isCustom: false, hasConfigurationFile: false, usesConfigurationFile: false, enabledBy: [] }
})

const conflicts = (w: World) =>
  Effect.map(Http.get(paths.conflicts(w.org, w.repo), { token: w.token }), (reply) => Http.expectBody(reply, 200, ConflictList).data)

const configure = (w: World, tool: string, json: unknown) => Http.patch(paths.tool(w.org, w.repo, tool), { token: w.token, json })

const getPattern = (w: World, tool: string, pattern: string) =>
  Effect.map(
    Http.get(paths.pattern(w.org, w.repo, tool, pattern), { token: w.token }),
    (reply) => Http.expectBody(reply, 200, PatternData).data
  )

layer(testLayer, { excludeTestServices: true })("tools", (it) => {
  describe("listRepositoryTools", () => {
    it.effect("lists every catalogue tool with its settings; ESLint9 is on by default for JavaScript/TypeScript, markdownlint for Markdown", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const reply = yield* Http.get(paths.tools(w.org, w.repo), { token: w.token })
        expect(reply.body).toEqual({
          data: [
            listed(eslint9, "ESLint9", true),
            listed(eslint8, "ESLint", false),
            // On by default only for Python, which this repository does not use.
            listed(ruff, "Ruff", false),
            // On by default for Markdown: the repository has a README.
            listed(markdownlint, "markdownlint", true),
            // On by default only for CSS, SCSS and Less, which this repository does not use.
            listed(stylelint, "Stylelint", false),
            // On by default only for JSON and YAML (where API documents are), which this repository does not use.
            listed(spectral, "Spectral", false),
            // On by default only for Shell, which this repository does not use.
            listed(shellCheck, "ShellCheck", false),
            // On by default only for C and C++, which this repository does not use.
            listed(cppcheck, "Cppcheck", false),
            // On by default only for Ruby, which this repository does not use.
            listed(rubocop, "RuboCop", false),
            // On by default only for Go, which this repository does not use.
            listed(staticcheck, "Staticcheck", false),
            // On by default only for Go, which this repository does not use.
            listed(govet, "govet", false),
            // On by default only for YAML, which this repository does not use.
            listed(yamllint, "yamllint", false),
            // On by default only for Java, which this repository does not use.
            listed(checkstyle, "Checkstyle", false),
            // A second Python tool, off by default.
            listed(pylint, "PyLint", false),
            // On by default only for PHP, which this repository does not use.
            listed(phpcs, "PHP_CodeSniffer", false)
          ]
        })
      }))

    it.effect("detects ESLint9's configuration file at the repository root", () =>
      Effect.gen(function*() {
        const w = yield* world({ eslintConfig: true })
        const tools = yield* listTools(w)
        expect(toolIn(tools, eslint9)?.settings.hasConfigurationFile).toBe(true)
        expect(toolIn(tools, eslint8)?.settings.hasConfigurationFile).toBe(false)
      }))
  })

  describe("configureTool", () => {
    it.effect("disables and enables a tool (204), which becomes the repository's own choice", () =>
      Effect.gen(function*() {
        const w = yield* world()
        Http.expectNoContent(yield* configure(w, eslint9, { enabled: false }))
        expect(toolIn(yield* listTools(w), eslint9)?.settings).toMatchObject({ isEnabled: false, isCustom: true })
        Http.expectNoContent(yield* configure(w, eslint9, { enabled: true }))
        expect(toolIn(yield* listTools(w), eslint9)?.settings).toMatchObject({ isEnabled: true, isCustom: true })
      }))

    it.effect("accepts an empty body and changes nothing", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const before = yield* listTools(w)
        Http.expectNoContent(yield* configure(w, eslint9, {}))
        expect(yield* listTools(w)).toEqual(before)
      }))

    it.effect("sets patterns with their parameters; parameters not given keep their defaults", () =>
      Effect.gen(function*() {
        const w = yield* world()
        Http.expectNoContent(
          yield* configure(w, eslint9, {
            patterns: [
              { id: "ESLint9_complexity", enabled: true, parameters: [{ name: "max", value: "12" }] },
              { id: "ESLint9_no-unused-vars", enabled: false }
            ]
          })
        )
        const complexity = yield* getPattern(w, eslint9, "ESLint9_complexity")
        expect(complexity.enabled).toBe(true)
        expect(complexity.isCustom).toBe(true)
        expect(complexity.enabledBy).toEqual([])
        expect(complexity.parameters).toEqual([
          { name: "maximum", value: "" },
          { name: "max", value: "12" },
          { name: "variant", value: "" }
        ])
        const unused = yield* getPattern(w, eslint9, "ESLint9_no-unused-vars")
        expect(unused).toMatchObject({ enabled: false, isCustom: true })
        // The tool itself stays as it was.
        expect(toolIn(yield* listTools(w), eslint9)?.settings.isEnabled).toBe(true)
      }))

    it.effect("switches to the repository's configuration file and back", () =>
      Effect.gen(function*() {
        const w = yield* world({ eslintConfig: true })
        yield* allowConfigurationFiles(w.org)
        Http.expectNoContent(yield* configure(w, eslint9, { useConfigurationFile: true }))
        expect(toolIn(yield* listTools(w), eslint9)?.settings).toMatchObject({
          isEnabled: true,
          hasConfigurationFile: true,
          usesConfigurationFile: true
        })
        Http.expectNoContent(yield* configure(w, eslint9, { useConfigurationFile: false }))
        expect(toolIn(yield* listTools(w), eslint9)?.settings.usesConfigurationFile).toBe(false)
      }))

    it.effect("refuses pattern changes while the configuration file is used (409), in the same body or later", () =>
      Effect.gen(function*() {
        const w = yield* world({ eslintConfig: true })
        yield* allowConfigurationFiles(w.org)
        const change = { patterns: [{ id: "ESLint9_complexity", enabled: true }] }
        yield* Http.expectError(yield* configure(w, eslint9, { useConfigurationFile: true, ...change }), "Conflict")
        Http.expectNoContent(yield* configure(w, eslint9, { useConfigurationFile: true }))
        expect(yield* Http.expectError(yield* configure(w, eslint9, change), "Conflict")).toContain("configuration file")
        expect((yield* getPattern(w, eslint9, "ESLint9_complexity")).enabled).toBe(false)
      }))

    it.effect("refuses to enable ESLint v8 while ESLint9 is enabled (409), and allows it once ESLint9 is off", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const message = yield* Http.expectError(yield* configure(w, eslint8, { enabled: true }), "Conflict")
        expect(message).toContain("ESLint9")
        expect(toolIn(yield* listTools(w), eslint8)?.settings.isEnabled).toBe(false)
        Http.expectNoContent(yield* configure(w, eslint9, { enabled: false }))
        Http.expectNoContent(yield* configure(w, eslint8, { enabled: true }))
        const tools = yield* listTools(w)
        expect(toolIn(tools, eslint8)?.settings.isEnabled).toBe(true)
        expect(toolIn(tools, eslint9)?.settings.isEnabled).toBe(false)
        expect(yield* conflicts(w)).toEqual([])
      }))

    it.effect("answers 422 for a pattern the tool does not have, an unknown parameter or a pattern given twice", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const unknownPattern = yield* configure(w, eslint9, { patterns: [{ id: "ESLint8_complexity", enabled: true }] })
        expect(yield* Http.expectError(unknownPattern, "UnprocessableEntity")).toContain("ESLint8_complexity")
        const unknownParameter = yield* configure(w, eslint9, {
          patterns: [{ id: "ESLint9_complexity", enabled: true, parameters: [{ name: "maxDepth", value: "3" }] }]
        })
        expect(yield* Http.expectError(unknownParameter, "UnprocessableEntity")).toContain("maxDepth")
        const twice = yield* configure(w, eslint9, {
          patterns: [{ id: "ESLint9_complexity", enabled: true }, { id: "ESLint9_complexity", enabled: false }]
        })
        yield* Http.expectError(twice, "UnprocessableEntity")
        // Nothing of a refused body is applied.
        expect((yield* getPattern(w, eslint9, "ESLint9_complexity")).isCustom).toBe(false)
      }))

    it.effect("answers 404 for a tool uuid the catalogue does not have", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const unknown = "00000000-0000-0000-0000-000000000000"
        expect(yield* Http.expectError(yield* configure(w, unknown, { enabled: true }), "NotFound")).toContain(unknown)
      }))

    it.effect("answers 403 to a read token", () =>
      Effect.gen(function*() {
        const w = yield* world({ permission: "read" })
        expect(yield* listTools(w)).toHaveLength(15)
        expect(yield* Http.expectError(yield* configure(w, eslint9, { enabled: false }), "Forbidden")).toContain("write")
        expect(toolIn(yield* listTools(w), eslint9)?.settings.isEnabled).toBe(true)
      }))
  })

  describe("listRepositoryToolConflicts", () => {
    it.effect("is empty for a repository on defaults", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const reply = yield* Http.get(paths.conflicts(w.org, w.repo), { token: w.token })
        expect(reply.status).toBe(200)
        expect(reply.body).toEqual({ data: [] })
      }))

    it.effect("reports both ESLint versions when a standard enables ESLint v8 beside an enabled ESLint9", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const standard = yield* createStandard(w.org, "legacy eslint", {
          tools: [{ uuid: eslint8, patterns: [{ id: "ESLint8_eqeqeq" }] }]
        })
        yield* applyStandard(w.org, standard.id, w.repo)
        const tools = yield* listTools(w)
        expect(toolIn(tools, eslint8)?.settings).toMatchObject({
          isEnabled: true,
          followsStandard: true,
          enabledBy: [{ id: standard.id, name: "legacy eslint" }]
        })
        expect([...(yield* conflicts(w))].sort()).toEqual([eslint9, eslint8].sort())
      }))

    it.effect("reports a tool for which two applied standards set one pattern with different parameters", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const strict = yield* createStandard(w.org, "strict", {
          tools: [{ uuid: eslint9, patterns: [{ id: "ESLint9_complexity", parameters: [{ name: "max", value: "5" }] }] }]
        })
        const lenient = yield* createStandard(w.org, "lenient", {
          tools: [{ uuid: eslint9, patterns: [{ id: "ESLint9_complexity", parameters: [{ name: "max", value: "30" }] }] }]
        })
        yield* applyStandard(w.org, strict.id, w.repo)
        expect(yield* conflicts(w)).toEqual([])
        yield* applyStandard(w.org, lenient.id, w.repo)
        expect(yield* conflicts(w)).toEqual([eslint9])
        // The most recently applied standard wins.
        const complexity = yield* getPattern(w, eslint9, "ESLint9_complexity")
        expect(complexity.parameters).toContainEqual({ name: "max", value: "30" })
        expect(complexity.enabledBy.map((s) => s.name)).toEqual(["strict", "lenient"])
      }))
  })
})
