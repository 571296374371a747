import { describe, expect, layer } from "@effect/vitest"
import { catalogue } from "@tidemark/catalogue"
import type { Pattern } from "@tidemark/core"
import { Effect } from "effect"
import { PatternData, PatternPage } from "./fixtures/Bodies.js"
import * as Http from "./fixtures/Http.js"
import { allowConfigurationFiles, applyStandard, createStandard, eslint9, once, paths, type World, world } from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"

/** What the server must agree with: the catalogue's own data, filtered here independently. */
const eslint9Patterns = catalogue.find((t) => t.uuid === eslint9)?.patterns ?? []
const definitions = eslint9Patterns.map((p) => p.definition)
const recommended = new Set(eslint9Patterns.filter((p) => p.recommended).map((p) => p.definition.id))
const idsWhere = (keep: (d: (typeof definitions)[number]) => boolean) => definitions.filter(keep).map((d) => d.id).sort()
const enabledByDefault = idsWhere((d) => d.enabled)

const categories = [
  "Security",
  "ErrorProne",
  "CodeStyle",
  "Compatibility",
  "UnusedCode",
  "Complexity",
  "Comprehensibility",
  "Documentation",
  "BestPractice",
  "Performance"
]
const severities = ["Info", "Warning", "High", "Error"]

const page = (w: World, query: Record<string, string> = {}) =>
  Effect.map(
    Http.get(paths.patterns(w.org, w.repo, eslint9), { token: w.token, query }),
    (reply) => Http.expectBody(reply, 200, PatternPage)
  )

/** Every page of a query, following cursors; checks the totals agree on every page. */
const allPages = (w: World, query: Record<string, string> = {}) =>
  Effect.gen(function*() {
    const patterns: Array<Pattern.ConfiguredPattern> = []
    let cursor: string | undefined
    let total: number | undefined
    let totalEnabled: number | undefined
    for (let i = 0; i < 20; i++) {
      const body = yield* page(w, { ...query, ...(cursor === undefined ? {} : { cursor }) })
      total ??= body.pagination.total
      totalEnabled ??= body.meta.totalEnabled
      expect(body.pagination.total).toBe(total)
      expect(body.meta.totalEnabled).toBe(totalEnabled)
      patterns.push(...body.data)
      cursor = body.pagination.cursor
      if (cursor === undefined) break
    }
    return { patterns, total: total ?? 0, totalEnabled: totalEnabled ?? 0 }
  })

const ids = (patterns: ReadonlyArray<Pattern.ConfiguredPattern>) => patterns.map((p) => p.patternDefinition.id)
const sorted = (values: ReadonlyArray<string>) => [...values].sort()

const update = (w: World, query: Record<string, string>, enabled: boolean, token = w.token) =>
  Http.patch(paths.patterns(w.org, w.repo, eslint9), { token, query, json: { enabled } })

/** The read-only tests share one repository on defaults. */
const shared = once(world())

layer(testLayer, { excludeTestServices: true })("patterns", (it) => {
  describe("listRepositoryToolPatterns", () => {
    it.effect("pages 100 patterns by default with the total and the enabled count", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const first = yield* page(w)
        expect(first.data).toHaveLength(100)
        expect(first.pagination.limit).toBe(100)
        expect(first.pagination.total).toBe(definitions.length)
        expect(first.pagination.cursor).toBeDefined()
        expect(first.meta.totalEnabled).toBe(enabledByDefault.length)
        const all = yield* allPages(w)
        expect(sorted(ids(all.patterns))).toEqual(sorted(definitions.map((d) => d.id)))
        expect(new Set(ids(all.patterns)).size).toBe(definitions.length)
      }))

    it.effect("filters by languages, categories, severity levels, tags and search text", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const cases: ReadonlyArray<readonly [Record<string, string>, ReadonlyArray<string>]> = [
          [{ languages: "JavaScript" }, idsWhere((d) => (d.languages ?? []).includes("JavaScript"))],
          [{ languages: "python" }, []],
          [{ categories: "Security,Performance" }, idsWhere((d) => d.category === "Security" || d.category === "Performance")],
          [{ severityLevels: "Error" }, idsWhere((d) => d.severityLevel === "Error")],
          [{ severityLevels: "Info,High" }, idsWhere((d) => d.severityLevel === "Info" || d.severityLevel === "High")],
          [{ tags: "type-checked" }, idsWhere((d) => (d.tags ?? []).includes("type-checked"))],
          [
            { search: "unused" },
            idsWhere((d) => [d.id, d.title ?? "", d.description ?? ""].join("\n").toLowerCase().includes("unused"))
          ],
          [
            { categories: "Complexity", severityLevels: "Warning", languages: "TypeScript" },
            idsWhere((d) => d.category === "Complexity" && d.severityLevel === "Warning" && (d.languages ?? []).includes("TypeScript"))
          ]
        ]
        for (const [query, expected] of cases) {
          const all = yield* allPages(w, query)
          expect(sorted(ids(all.patterns)), JSON.stringify(query)).toEqual(expected)
          expect(all.total).toBe(expected.length)
          expect(all.totalEnabled).toBe(expected.filter((id) => enabledByDefault.includes(id)).length)
        }
      }))

    it.effect("filters by recommended and enabled", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const recommendedIds = sorted(definitions.filter((d) => recommended.has(d.id)).map((d) => d.id))
        expect(sorted(ids((yield* allPages(w, { recommended: "true" })).patterns))).toEqual(recommendedIds)
        expect((yield* allPages(w, { recommended: "false" })).total).toBe(definitions.length - recommendedIds.length)
        expect(sorted(ids((yield* allPages(w, { enabled: "true" })).patterns))).toEqual(enabledByDefault)
        const disabled = yield* allPages(w, { enabled: "false" })
        expect(disabled.total).toBe(definitions.length - enabledByDefault.length)
        expect(disabled.totalEnabled).toBe(0)
      }))

    it.effect("filters by matchesStack against the repository's languages", () =>
      Effect.gen(function*() {
        // TypeScript and JavaScript: every ESLint9 pattern matches the stack.
        const both = yield* shared
        expect((yield* allPages(both, { matchesStack: "true" })).total).toBe(definitions.length)
        expect((yield* allPages(both, { matchesStack: "false" })).total).toBe(0)
        // JavaScript only: the TypeScript-only patterns do not match.
        const js = yield* world({ prefix: "js", files: { "src/only.js": "export const x = 1\n" } })
        expect(js.repositories[0]?.repository.languages).toEqual(["JavaScript"])
        const matching = idsWhere((d) => (d.languages ?? []).includes("JavaScript"))
        const other = idsWhere((d) => !(d.languages ?? []).includes("JavaScript"))
        expect(other.length).toBeGreaterThan(0)
        expect(sorted(ids((yield* allPages(js, { matchesStack: "true" })).patterns))).toEqual(matching)
        expect(sorted(ids((yield* allPages(js, { matchesStack: "false" })).patterns))).toEqual(other)
      }))

    it.effect("sorts by category, recommended and severity in both directions, id breaking ties, across pages", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const rank = {
          category: (id: string) => categories.indexOf(definitions.find((d) => d.id === id)?.category ?? ""),
          severity: (id: string) => severities.indexOf(definitions.find((d) => d.id === id)?.severityLevel ?? ""),
          recommended: (id: string) => (recommended.has(id) ? 1 : 0)
        }
        for (const sort of ["category", "recommended", "severity"] as const) {
          for (const direction of ["asc", "desc"] as const) {
            const listed = ids((yield* allPages(w, { sort, direction })).patterns)
            const sign = direction === "asc" ? 1 : -1
            const expected = [...definitions.map((d) => d.id)].sort((a, b) =>
              sign * (rank[sort](a) - rank[sort](b)) || (a < b ? -1 : a > b ? 1 : 0)
            )
            expect(listed, `${sort} ${direction}`).toEqual(expected)
          }
        }
        // Without direction, ascending.
        expect(ids((yield* page(w, { sort: "severity", limit: "5" })).data).map(rank.severity)).toEqual([0, 1, 1, 1, 1])
      }))

    it.effect("pages with small limits without skipping or repeating a pattern", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const query = { categories: "Complexity", limit: "2", sort: "severity", direction: "desc" }
        const all = yield* allPages(w, query)
        const expected = idsWhere((d) => d.category === "Complexity")
        expect(sorted(ids(all.patterns))).toEqual(expected)
        expect(new Set(ids(all.patterns)).size).toBe(expected.length)
        const last = yield* page(w, { ...query, limit: "100" })
        expect(last.pagination.cursor).toBeUndefined()
      }))

    it.effect("answers 400 for filter values outside the documented sets", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const bad: ReadonlyArray<Record<string, string>> = [
          { categories: "Nope" },
          { categories: "Security,Nope" },
          { severityLevels: "Critical" },
          { sort: "nope" },
          { direction: "up" },
          { enabled: "maybe" },
          { recommended: "yes" },
          { matchesStack: "1" },
          { limit: "0" },
          { limit: "101" },
          { cursor: "garbage!" }
        ]
        for (const query of bad) {
          const reply = yield* Http.get(paths.patterns(w.org, w.repo, eslint9), { token: w.token, query })
          const name = Object.keys(query)[0] ?? ""
          expect(yield* Http.expectError(reply, "BadRequest"), JSON.stringify(query)).toContain(name)
        }
      }))

    it.effect("answers 404 for an unknown tool", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const reply = yield* Http.get(paths.patterns(w.org, w.repo, "not-a-tool"), { token: w.token })
        yield* Http.expectError(reply, "NotFound")
      }))
  })

  describe("getRepositoryToolPattern", () => {
    it.effect("answers one configured pattern, plugin ids included", () =>
      Effect.gen(function*() {
        const w = yield* shared
        for (const id of ["ESLint9_no-unused-vars", "ESLint9_@typescript-eslint_array-type"]) {
          const reply = yield* Http.get(paths.pattern(w.org, w.repo, eslint9, id), { token: w.token })
          const { data } = Http.expectBody(reply, 200, PatternData)
          const definition = definitions.find((d) => d.id === id)
          expect(data.patternDefinition.id).toBe(id)
          expect(data.enabled).toBe(definition?.enabled)
          expect(data.isCustom).toBe(false)
          expect(data.enabledBy).toEqual([])
          expect(data.parameters).toEqual(definition?.parameters.map((p) => ({ name: p.name, value: p.default })))
        }
      }))

    it.effect("answers 404 for a pattern the tool does not have", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const reply = yield* Http.get(paths.pattern(w.org, w.repo, eslint9, "ESLint9_nope"), { token: w.token })
        expect(yield* Http.expectError(reply, "NotFound")).toContain("ESLint9_nope")
      }))
  })

  describe("updateRepositoryToolPatterns", () => {
    it.effect("updates only the patterns the filters select", () =>
      Effect.gen(function*() {
        const w = yield* world()
        Http.expectNoContent(yield* update(w, { categories: "Security" }, true))
        const security = idsWhere((d) => d.category === "Security")
        const enabled = yield* allPages(w, { enabled: "true" })
        expect(sorted(ids(enabled.patterns))).toEqual(sorted([...new Set([...enabledByDefault, ...security])]))
        for (const p of enabled.patterns.filter((p) => security.includes(p.patternDefinition.id))) {
          expect(p.isCustom).toBe(true)
        }
        Http.expectNoContent(yield* update(w, { severityLevels: "Warning", search: "unused" }, false))
        // Code that does nothing is a Warning (the catalogue's severities): those of the search are off now.
        const unusedErrors = idsWhere((d) =>
          d.severityLevel === "Warning" && [d.id, d.title ?? "", d.description ?? ""].join("\n").toLowerCase().includes("unused")
        )
        expect(unusedErrors.length).toBeGreaterThan(0)
        for (const id of unusedErrors) {
          const reply = yield* Http.get(paths.pattern(w.org, w.repo, eslint9, id), { token: w.token })
          expect(Http.expectBody(reply, 200, PatternData).data.enabled).toBe(false)
        }
      }))

    it.effect("updates every pattern of the tool when no filter is given", () =>
      Effect.gen(function*() {
        const w = yield* world()
        Http.expectNoContent(yield* update(w, {}, true))
        expect((yield* page(w)).meta.totalEnabled).toBe(definitions.length)
        Http.expectNoContent(yield* update(w, {}, false))
        const after = yield* page(w, { limit: "1" })
        expect(after.meta.totalEnabled).toBe(0)
        expect(after.pagination.total).toBe(definitions.length)
      }))

    it.effect("updates by recommended and tags", () =>
      Effect.gen(function*() {
        const w = yield* world()
        Http.expectNoContent(yield* update(w, {}, false))
        Http.expectNoContent(yield* update(w, { recommended: "true", tags: "problem" }, true))
        const expected = idsWhere((d) => recommended.has(d.id) && (d.tags ?? []).includes("problem"))
        expect(sorted(ids((yield* allPages(w, { enabled: "true" })).patterns))).toEqual(expected)
      }))

    it.effect("answers 403 to a read token and changes nothing", () =>
      Effect.gen(function*() {
        const w = yield* world({ permission: "read" })
        expect(yield* Http.expectError(yield* update(w, {}, false), "Forbidden")).toContain("write")
        expect((yield* page(w, { limit: "1" })).meta.totalEnabled).toBe(enabledByDefault.length)
      }))

    it.effect("answers 409 when it would disable a pattern an applied standard enforces", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const standard = yield* createStandard(w.org, "security first", {
          tools: [{ uuid: eslint9, patterns: [{ id: "ESLint9_no-eval" }, { id: "ESLint9_no-implied-eval" }] }]
        })
        yield* applyStandard(w.org, standard.id, w.repo)
        const refused = yield* update(w, { categories: "Security" }, false)
        expect(yield* Http.expectError(refused, "Conflict")).toContain("security first")
        const noEval = yield* Http.get(paths.pattern(w.org, w.repo, eslint9, "ESLint9_no-eval"), { token: w.token })
        expect(Http.expectBody(noEval, 200, PatternData).data).toMatchObject({
          enabled: true,
          isCustom: false,
          enabledBy: [{ id: standard.id, name: "security first" }]
        })
        // Selecting only what the standard already disables is no conflict.
        Http.expectNoContent(yield* update(w, { categories: "Documentation" }, false))
      }))

    it.effect("answers 409 while the tool uses the repository's configuration file", () =>
      Effect.gen(function*() {
        const w = yield* world({ eslintConfig: true })
        yield* allowConfigurationFiles(w.org)
        Http.expectNoContent(yield* Http.patch(paths.tool(w.org, w.repo, eslint9), { token: w.token, json: { useConfigurationFile: true } }))
        expect(yield* Http.expectError(yield* update(w, {}, false), "Conflict")).toContain("configuration file")
      }))

    it.effect("answers 400 for an invalid body or filter", () =>
      Effect.gen(function*() {
        const w = yield* world()
        yield* Http.expectError(yield* Http.patch(paths.patterns(w.org, w.repo, eslint9), { token: w.token, json: {} }), "BadRequest")
        yield* Http.expectError(
          yield* Http.patch(paths.patterns(w.org, w.repo, eslint9), { token: w.token, json: { enabled: "false" } }),
          "BadRequest"
        )
        yield* Http.expectError(yield* update(w, { categories: "Nope" }, false), "BadRequest")
        expect((yield* page(w, { limit: "1" })).meta.totalEnabled).toBe(enabledByDefault.length)
      }))
  })
})
