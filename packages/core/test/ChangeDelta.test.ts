import { describe, expect, it } from "@effect/vitest"
import { AnalysisResults, ChangeDelta, LineMapping, TreeAnalyses } from "@tidemark/core"
import { Effect, Either, Option } from "effect"
import * as GitDiffs from "./fixtures/GitDiffs.js"

const finding = (path: string, line: number, lineText: string, patternId = "no-undef"): AnalysisResults.IssueFinding => ({
  toolUuid: "eslint",
  toolName: "ESLint",
  patternId,
  category: "ErrorProne",
  level: "Error",
  filePath: path,
  language: "JavaScript",
  line,
  lineText,
  message: `${patternId} at ${line}`
})

const file = (path: string, complexity?: number) =>
  AnalysisResults.FileResult.make({
    path,
    language: "JavaScript",
    totalLines: 10,
    codeLines: 8,
    commentLines: 0,
    numberOfMethods: 1,
    ...(complexity === undefined ? {} : { complexity }),
    numberOfClones: 0,
    duplicatedLines: 0,
    totalIssues: 0,
    grade: 100,
    gradeLetter: "A"
  })

const clone = (id: number, ...occurrences: ReadonlyArray<readonly [string, number, number]>) =>
  AnalysisResults.CloneResult.make({ id, occurrences: occurrences.map(([path, fromLine, toLine]) => AnalysisResults.CloneOccurrence.make({ path, fromLine, toLine })) })

const results = (findings: ReadonlyArray<AnalysisResults.IssueFinding>, files: ReadonlyArray<AnalysisResults.FileResult>, clones: ReadonlyArray<AnalysisResults.CloneResult> = []) =>
  Effect.map(TreeAnalyses.issueIdentity(findings), (issues) => AnalysisResults.AnalysisResults.make({ files, issues, clones }))

describe("changeBetween", () => {
  it.effect("a moved line keeps its issue; a new line's issue is added, a removed line's fixed", () =>
    Effect.gen(function*() {
      const base = yield* results(
        [finding("a.js", 3, "x = y"), finding("a.js", 8, "  z()"), finding("b.js", 1, "q")],
        [file("a.js", 4), file("b.js", 1)]
      )
      // Two lines inserted above: the first issue moves from 3 to 5; `z()` is deleted, `w()` added.
      const head = yield* results(
        [finding("a.js", 5, "x = y"), finding("a.js", 9, "w()"), finding("b.js", 1, "q")],
        [file("a.js", 6), file("b.js", 1)]
      )
      const delta = ChangeDelta.changeBetween(base, head, [{ path: "a.js", addedLines: [1, 2, 9] }])
      expect(delta.newIssues).toBe(1)
      expect(delta.fixedIssues).toBe(1)
      expect(delta.issues.map((d) => [d.deltaType, d.issue.filePath, d.issue.line, d.issue.lineText])).toEqual([
        ["Added", "a.js", 9, "w()"],
        ["Fixed", "a.js", 8, "  z()"]
      ])
      expect(delta.deltaComplexity).toBe(2)
      expect(delta.files.map((f) => [f.path, f.newIssues, f.fixedIssues, f.deltaComplexity, f.addedLines])).toEqual([
        ["a.js", 1, 1, 2, [1, 2, 9]]
      ])
    }))

  it.effect("the same text on two lines is two issues: removing one of them fixes one", () =>
    Effect.gen(function*() {
      const base = yield* results([finding("a.js", 1, "eval(s)"), finding("a.js", 2, "eval(s)")], [file("a.js")])
      const head = yield* results([finding("a.js", 1, "eval(s)")], [file("a.js")])
      const delta = ChangeDelta.changeBetween(base, head, [])
      expect([delta.newIssues, delta.fixedIssues]).toEqual([0, 1])
      // A file git did not name is listed for the issue it fixed; without complexity on either side, none.
      expect(delta.files.map((f) => [f.path, f.fixedIssues, f.deltaComplexity, f.addedLines])).toEqual([["a.js", 1, undefined, []]])
    }))

  it.effect("with git's diff, of two equal lines the one removed is fixed at its line, and counted so for its file and kinds", () =>
    Effect.gen(function*() {
      const catchLine = "    } catch (e) {"
      const base = yield* results([finding("request.js", 265, catchLine, "no-unused-vars"), finding("request.js", 380, catchLine, "no-unused-vars")], [file("request.js")])
      const head = yield* results([finding("request.js", 379, catchLine, "no-unused-vars")], [file("request.js")])
      const lines = Option.some(Either.getOrThrow(LineMapping.parse(GitDiffs.koaCatchRemoved)))
      const delta = ChangeDelta.changeBetween(base, head, [{ path: "request.js", addedLines: [] }], lines)
      expect(delta.issues.map((d) => [d.deltaType, d.issue.line])).toEqual([["Fixed", 265]])
      expect([delta.newIssues, delta.fixedIssues, delta.newIssueKinds]).toEqual([0, 1, []])
      expect(delta.files.map((f) => [f.path, f.newIssues, f.fixedIssues])).toEqual([["request.js", 0, 1]])
    }))

  it.effect("a deleted file fixes its issues and is listed as gone; a touched file nobody measures is not listed", () =>
    Effect.gen(function*() {
      const base = yield* results([finding("old.js", 4, "bad()")], [file("old.js", 3), file("keep.js", 1)])
      const head = yield* results([], [file("keep.js", 1)])
      const delta = ChangeDelta.changeBetween(base, head, [{ path: "old.js", addedLines: [] }, { path: "logo.png", addedLines: [] }])
      expect(delta.files.map((f) => [f.path, f.inHead, f.fixedIssues, f.deltaComplexity])).toEqual([["old.js", false, 1, -3]])
      expect(delta.deltaComplexity).toBe(-3)
    }))

  it.effect("clones: a block moved within its files is the same; a new one is added, a gone one fixed", () =>
    Effect.gen(function*() {
      const base = yield* results([], [file("a.js"), file("b.js"), file("c.js")], [
        clone(1, ["a.js", 1, 10], ["b.js", 20, 29]),
        clone(2, ["c.js", 1, 5], ["c.js", 10, 14])
      ])
      const head = yield* results([], [file("a.js"), file("b.js"), file("c.js")], [
        clone(7, ["a.js", 4, 13], ["b.js", 20, 29]),
        clone(8, ["a.js", 30, 50], ["c.js", 1, 21])
      ])
      const delta = ChangeDelta.changeBetween(base, head, [])
      expect(delta.deltaClonesCount).toBe(0)
      expect(delta.clones.map((c) => [c.id, c.deltaType, c.occurrences.map((o) => `${o.path}:${o.fromLine}`)])).toEqual([
        [1, "Added", ["a.js:30", "c.js:1"]],
        [2, "Fixed", ["c.js:1", "c.js:10"]]
      ])
      expect(delta.files.map((f) => [f.path, f.deltaClonesCount])).toEqual([["a.js", 1], ["c.js", 0]])
    }))
})
