import { describe, expect, it } from "@effect/vitest"
import { type AnalysisResults, IssueMatching, LineMapping, TreeAnalyses } from "@tidemark/core"
import { Effect, Either } from "effect"
import * as GitDiffs from "./fixtures/GitDiffs.js"

interface Finding {
  readonly path: string
  readonly line: number
  readonly text: string
  readonly pattern?: string
  readonly message?: string
}

const finding = (f: Finding): AnalysisResults.IssueFinding => ({
  toolUuid: "eslint",
  toolName: "ESLint",
  patternId: f.pattern ?? "no-unused-vars",
  category: "UnusedCode",
  level: "Warning",
  filePath: f.path,
  language: "JavaScript",
  line: f.line,
  lineText: f.text,
  message: f.message ?? "'e' is defined but never used"
})

/** Issues with the ids the worker gives them. */
const issues = (...findings: ReadonlyArray<Finding>) => TreeAnalyses.issueIdentity(findings.map(finding))

const mappingOf = (diff: string) => Either.getOrThrowWith(LineMapping.parse(diff), (reason) => new Error(reason))

const where = (list: ReadonlyArray<AnalysisResults.IssueResult>) => list.map((issue) => `${issue.filePath}:${issue.line}`)

const catchLine = "    } catch (e) {"

/** koajs/koa's lib/request.js: the unused binding of `catch (e)` on lines 265 and 380. */
const twoCatches = issues({ path: "request.js", line: 265, text: catchLine }, { path: "request.js", line: 380, text: catchLine })

describe("IssueMatching.matchIssues", () => {
  it.effect("koa: the first of two equal lines loses its issue; the fixed issue is the first's, the second's is not new", () =>
    Effect.gen(function*() {
      const base = yield* twoCatches
      const head = yield* issues({ path: "request.js", line: 380, text: catchLine })
      const matching = IssueMatching.matchIssues(base, head, mappingOf(GitDiffs.koaCatch))
      expect(where(matching.fixed)).toEqual(["request.js:265"])
      expect(matching.added).toEqual([])
      expect(matching.matched.map(([from, to]) => [from.line, to.line])).toEqual([[380, 380]])
      // The ids stay each analysis's own: the head's issue has the id the base's first line had.
      expect(matching.matched[0]?.[1].issueId).toBe(base[0]?.issueId)
    }))

  it.effect("koa, the line removed: the fixed issue is at the removed line's number, the second moves up and is not new", () =>
    Effect.gen(function*() {
      const base = yield* twoCatches
      const head = yield* issues({ path: "request.js", line: 379, text: catchLine })
      const matching = IssueMatching.matchIssues(base, head, mappingOf(GitDiffs.koaCatchRemoved))
      expect(where(matching.fixed)).toEqual(["request.js:265"])
      expect(matching.added).toEqual([])
    }))

  it.effect("by ids alone (no diff) the same change shows the wrong line fixed: why the diff is read", () =>
    Effect.gen(function*() {
      const base = yield* twoCatches
      const head = yield* issues({ path: "request.js", line: 380, text: catchLine })
      expect(where(IssueMatching.matchById(base, head).fixed)).toEqual(["request.js:380"])
    }))

  it.effect("a line removed here and added there keeps its issue by its text; a replaced line's issue is fixed and the new one added", () =>
    Effect.gen(function*() {
      // multi.txt: 3 removed, 10 and 11 replaced by `line ten`, `added A` and `added B` after 25.
      const base = yield* issues(
        { path: "multi.txt", line: 3, text: "line 3" },
        { path: "multi.txt", line: 10, text: "line 10" },
        { path: "multi.txt", line: 20, text: "line 20" }
      )
      const head = yield* issues(
        { path: "multi.txt", line: 9, text: "line ten" },
        { path: "multi.txt", line: 18, text: "line 20" },
        { path: "multi.txt", line: 24, text: "  line 3" }
      )
      const matching = IssueMatching.matchIssues(base, head, mappingOf(GitDiffs.severalFiles))
      expect(matching.matched.map(([from, to]) => [from.line, to.line]).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))).toEqual([[3, 24], [20, 18]])
      expect(where(matching.fixed)).toEqual(["multi.txt:10"])
      expect(where(matching.added)).toEqual(["multi.txt:9"])
    }))

  it.effect("a renamed file's issues are the same under the new name; a deleted file's are fixed", () =>
    Effect.gen(function*() {
      const base = yield* issues(
        { path: "old_name.js", line: 2, text: "keep 2" },
        { path: "moved.js", line: 4, text: "same 4" },
        { path: "gone.txt", line: 1, text: "a" }
      )
      const head = yield* issues({ path: "new_name.js", line: 3, text: "keep 2" }, { path: "dir/moved.js", line: 4, text: "same 4" })
      const matching = IssueMatching.matchIssues(base, head, mappingOf(GitDiffs.severalFiles))
      expect(matching.added).toEqual([])
      expect(where(matching.fixed)).toEqual(["gone.txt:1"])
    }))

  it.effect("two findings of a rule on a kept line: the one whose message went is fixed", () =>
    Effect.gen(function*() {
      const line = { path: "multi.txt", text: "line 20" }
      const base = yield* issues({ ...line, line: 20, message: "'a' is unused" }, { ...line, line: 20, message: "'b' is unused" })
      const head = yield* issues({ ...line, line: 18, message: "'b' is unused" })
      const matching = IssueMatching.matchIssues(base, head, mappingOf(GitDiffs.severalFiles))
      expect(matching.fixed.map((issue) => issue.message)).toEqual(["'a' is unused"])
      expect(matching.added).toEqual([])
    }))

  it.effect("a mapped line whose text is not the issue's (a diff of other commits) pairs nothing by position", () =>
    Effect.gen(function*() {
      const base = yield* issues({ path: "request.js", line: 100, text: "foo(x)" })
      const head = yield* issues({ path: "request.js", line: 100, text: "bar(y)" })
      const matching = IssueMatching.matchIssues(base, head, LineMapping.unchanged)
      expect([where(matching.fixed), where(matching.added)]).toEqual([["request.js:100"], ["request.js:100"]])
    }))

  it.effect("an issue of another pattern on the same line is new, the gone one fixed", () =>
    Effect.gen(function*() {
      const base = yield* issues({ path: "a.js", line: 7, text: "x = y" })
      const head = yield* issues({ path: "a.js", line: 7, text: "x = y", pattern: "no-undef" })
      const matching = IssueMatching.matchIssues(base, head, LineMapping.unchanged)
      expect([matching.fixed.map((i) => i.patternId), matching.added.map((i) => i.patternId)]).toEqual([["no-unused-vars"], ["no-undef"]])
    }))
})
