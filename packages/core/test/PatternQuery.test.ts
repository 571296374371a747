import { describe, expect, it } from "@effect/vitest"
import { EffectiveConfiguration, Pagination, PatternQuery } from "@tidemark/core"
import { Either, Option, Schema } from "effect"
import { lintA } from "./fixtures/TestCatalogue.js"
import { repositoryRecord } from "./fixtures/TestLayer.js"

const patterns = EffectiveConfiguration.effectivePatterns(EffectiveConfiguration.effectiveTool(lintA, repositoryRecord(), Option.none(), []), [])
const typeScriptStack = ["TypeScript", "JavaScript", "language:typescript", "language:javascript"]

const ids = (list: ReadonlyArray<EffectiveConfiguration.EffectivePattern>) => list.map((p) => p.pattern.definition.id.replace("LintA_", ""))
const filtered = (query: PatternQuery.PatternListQuery, stack: ReadonlyArray<string> = typeScriptStack) =>
  ids(PatternQuery.filterPatterns(patterns, query, stack))

describe("PatternQuery", () => {
  describe("filterPatterns, one filter at a time", () => {
    it("keeps everything without filters, in catalogue order", () => {
      expect(filtered({})).toEqual(["no-eval", "max-len", "no-unused-vars", "complexity", "py-compat", "jsdoc"])
    })

    it("languages: any of the listed languages, case-insensitive", () => {
      expect(filtered({ languages: ["typescript"] })).toEqual(["no-eval", "max-len", "no-unused-vars"])
      expect(filtered({ languages: ["Python", "JavaScript"] })).toEqual(["no-eval", "max-len", "py-compat", "jsdoc"])
      expect(filtered({ languages: ["Cobol"] })).toEqual([])
      expect(filtered({ languages: [] })).toHaveLength(6)
    })

    it("categories: any of the listed categories", () => {
      expect(filtered({ categories: ["Security", "Documentation"] })).toEqual(["no-eval", "jsdoc"])
      expect(filtered({ categories: ["Performance"] })).toEqual([])
    })

    it("severityLevels: any of the listed levels", () => {
      expect(filtered({ severityLevels: ["Warning"] })).toEqual(["no-unused-vars", "py-compat"])
      expect(filtered({ severityLevels: ["Error", "High"] })).toEqual(["no-eval", "complexity"])
    })

    it("tags: any of the listed tags, case-insensitive", () => {
      expect(filtered({ tags: ["STYLE"] })).toEqual(["max-len", "jsdoc"])
      expect(filtered({ tags: ["legacy", "metrics"] })).toEqual(["complexity", "py-compat"])
      expect(filtered({ tags: ["nope"] })).toEqual([])
    })

    it("search: a trimmed, case-insensitive substring of id, title or description", () => {
      expect(filtered({ search: "UNUSED" })).toEqual(["no-unused-vars"])
      expect(filtered({ search: "  line length " })).toEqual(["max-len"])
      expect(filtered({ search: "documentation comments" })).toEqual(["jsdoc"])
      expect(filtered({ search: "LintA_py" })).toEqual(["py-compat"])
      expect(filtered({ search: "zzz" })).toEqual([])
      expect(filtered({ search: "   " })).toHaveLength(6)
    })

    it("recommended: true keeps only recommended patterns, false only the others", () => {
      expect(filtered({ recommended: true })).toEqual(["no-eval", "no-unused-vars", "jsdoc"])
      expect(filtered({ recommended: false })).toEqual(["max-len", "complexity", "py-compat"])
    })

    it("matchesStack: a pattern matches when one of its languages is in the stack, or it has none", () => {
      expect(filtered({ matchesStack: true })).toEqual(["no-eval", "max-len", "no-unused-vars", "complexity", "jsdoc"])
      expect(filtered({ matchesStack: false })).toEqual(["py-compat"])
      expect(filtered({ matchesStack: true }, ["Python", "language:python"])).toEqual(["complexity", "py-compat"])
      expect(filtered({ matchesStack: false }, [])).toEqual(["no-eval", "max-len", "no-unused-vars", "py-compat", "jsdoc"])
    })

    it("enabled: the configured state, not the catalogue's", () => {
      expect(filtered({ enabled: true })).toEqual(["no-eval", "no-unused-vars", "py-compat"])
      expect(filtered({ enabled: false })).toEqual(["max-len", "complexity", "jsdoc"])
      const configured = EffectiveConfiguration.effectivePatterns(EffectiveConfiguration.effectiveTool(lintA, repositoryRecord(), Option.none(), []), [
        { patternId: "LintA_max-len", enabled: true, parameters: [] },
        { patternId: "LintA_no-eval", enabled: false, parameters: [] }
      ])
      expect(ids(PatternQuery.filterPatterns(configured, { enabled: true }, typeScriptStack))).toEqual(
        ["max-len", "no-unused-vars", "py-compat"]
      )
    })
  })

  describe("filterPatterns, combined (AND between filters)", () => {
    it("narrows with each filter added", () => {
      expect(filtered({ categories: ["CodeStyle", "Documentation", "Security"] })).toEqual(["no-eval", "max-len", "jsdoc"])
      expect(filtered({ categories: ["CodeStyle", "Documentation", "Security"], severityLevels: ["Info"] })).toEqual(
        ["max-len", "jsdoc"]
      )
      expect(
        filtered({ categories: ["CodeStyle", "Documentation", "Security"], severityLevels: ["Info"], recommended: true })
      ).toEqual(["jsdoc"])
    })

    it("combines languages, enabled and matchesStack", () => {
      expect(filtered({ languages: ["JavaScript"], enabled: true, matchesStack: true })).toEqual(["no-eval"])
      expect(filtered({ tags: ["style"], search: "line" })).toEqual(["max-len"])
      expect(filtered({ tags: ["style"], search: "line", enabled: true })).toEqual([])
    })
  })

  describe("PatternFilters decoding (query strings)", () => {
    const decode = Schema.decodeUnknownEither(PatternQuery.PatternFilters)

    it("splits comma-separated values and trims spaces", () => {
      expect(
        decode({
          languages: "TypeScript, JavaScript",
          categories: "Security,CodeStyle",
          severityLevels: " Error , Info",
          tags: "style",
          search: "eval",
          recommended: "true",
          matchesStack: "false"
        })
      ).toEqual(
        Either.right({
          languages: ["TypeScript", "JavaScript"],
          categories: ["Security", "CodeStyle"],
          severityLevels: ["Error", "Info"],
          tags: ["style"],
          search: "eval",
          recommended: true,
          matchesStack: false
        })
      )
    })

    it("decodes an empty query to no filter, and drops empty items of a list", () => {
      expect(decode({})).toEqual(Either.right({}))
      expect(decode({ languages: "" })).toEqual(Either.right({ languages: [] }))
      expect(decode({ categories: "Security,,ErrorProne," })).toEqual(Either.right({ categories: ["Security", "ErrorProne"] }))
    })

    it("refuses values outside the spec's sets", () => {
      expect(Either.isLeft(decode({ categories: "Security,Style" }))).toBe(true)
      expect(Either.isLeft(decode({ categories: "Duplication" }))).toBe(true)
      expect(Either.isLeft(decode({ severityLevels: "Critical" }))).toBe(true)
      expect(Either.isLeft(decode({ recommended: "yes" }))).toBe(true)
      expect(Either.isLeft(decode({ matchesStack: "1" }))).toBe(true)
    })

    it("accepts every category and severity level the spec lists", () => {
      const categories = "Security,ErrorProne,CodeStyle,Compatibility,UnusedCode,Complexity,Comprehensibility,Documentation,BestPractice,Performance"
      expect(Either.map(decode({ categories, severityLevels: "Error,High,Warning,Info" }), (f) => [f.categories, f.severityLevels]))
        .toEqual(Either.right([categories.split(","), ["Error", "High", "Warning", "Info"]]))
    })
  })

  describe("sortPatterns", () => {
    const sorted = (query: PatternQuery.PatternListQuery) => ids(PatternQuery.sortPatterns(patterns, query))

    it("sorts by id without a sort key", () => {
      expect(sorted({})).toEqual(["complexity", "jsdoc", "max-len", "no-eval", "no-unused-vars", "py-compat"])
    })

    it("sorts by category in the spec's order, ties by id", () => {
      expect(sorted({ sort: "category" })).toEqual(["no-eval", "max-len", "py-compat", "no-unused-vars", "complexity", "jsdoc"])
      expect(sorted({ sort: "category", direction: "asc" })).toEqual(sorted({ sort: "category" }))
      expect(sorted({ sort: "category", direction: "desc" })).toEqual(
        ["jsdoc", "complexity", "no-unused-vars", "py-compat", "max-len", "no-eval"]
      )
    })

    it("sorts by severity from Info to Error, ties by id in both directions", () => {
      expect(sorted({ sort: "severity" })).toEqual(["jsdoc", "max-len", "no-unused-vars", "py-compat", "complexity", "no-eval"])
      expect(sorted({ sort: "severity", direction: "desc" })).toEqual(
        ["no-eval", "complexity", "no-unused-vars", "py-compat", "jsdoc", "max-len"]
      )
    })

    it("sorts by recommended (not recommended first when ascending), ties by id", () => {
      expect(sorted({ sort: "recommended" })).toEqual(["complexity", "max-len", "py-compat", "jsdoc", "no-eval", "no-unused-vars"])
      expect(sorted({ sort: "recommended", direction: "desc" })).toEqual(
        ["jsdoc", "no-eval", "no-unused-vars", "complexity", "max-len", "py-compat"]
      )
    })
  })

  describe("keyset pages under a sort", () => {
    const queries: ReadonlyArray<PatternQuery.PatternListQuery> = [
      {},
      { sort: "category" },
      { sort: "category", direction: "desc" },
      { sort: "severity" },
      { sort: "severity", direction: "desc" },
      { sort: "recommended" },
      { sort: "recommended", direction: "desc" }
    ]

    const pages = (query: PatternQuery.PatternListQuery, limit: number) => {
      const all = PatternQuery.sortPatterns(patterns, query)
      const result: Array<ReadonlyArray<string>> = []
      let cursor: string | undefined = undefined
      do {
        const page: Pagination.Page<EffectiveConfiguration.EffectivePattern> = Pagination.paginate(all, PatternQuery.patternSortKey(query), Either.getOrThrow(Pagination.pageRequest(cursor, limit)))
        result.push(ids(page.items))
        cursor = page.pagination.cursor
      } while (cursor !== undefined && result.length <= patterns.length)
      return result
    }

    it("pages through every sort without overlap or loss", () => {
      for (const query of queries) {
        for (const limit of [1, 2, 4, 6, 100]) {
          const result = pages(query, limit)
          expect(result.flat(), JSON.stringify({ query, limit })).toEqual(ids(PatternQuery.sortPatterns(patterns, query)))
          expect(result.length).toBe(Math.ceil(patterns.length / limit))
        }
      }
    })

    it("gives pages of two by severity descending", () => {
      expect(pages({ sort: "severity", direction: "desc" }, 2)).toEqual([
        ["no-eval", "complexity"],
        ["no-unused-vars", "py-compat"],
        ["jsdoc", "max-len"]
      ])
    })

    it("keeps a cursor's position when a filter drops the item the cursor points at", () => {
      const query: PatternQuery.PatternListQuery = { sort: "category" }
      const first = Pagination.paginate(PatternQuery.sortPatterns(patterns, query), PatternQuery.patternSortKey(query), Either.getOrThrow(Pagination.pageRequest(undefined, 2)))
      expect(ids(first.items)).toEqual(["no-eval", "max-len"])
      const withoutMaxLen = PatternQuery.sortPatterns(patterns.filter((p) => p.pattern.definition.id !== "LintA_max-len"), query)
      const next = Pagination.paginate(withoutMaxLen, PatternQuery.patternSortKey(query), Either.getOrThrow(Pagination.pageRequest(first.pagination.cursor, 2)))
      expect(ids(next.items)).toEqual(["py-compat", "no-unused-vars"])
    })
  })
})
