import { describe, expect, it } from "@effect/vitest"
import { AnalysisResultStore, AnalysisResults, Errors, IssueTriage, QuickFixes, Triage } from "@tidemark/core"
import { Effect } from "effect"
import { storedRepository } from "./fixtures/AddedRepositoryRecords.js"
import { drain, fileRow, withWorker } from "./fixtures/FakeAnalysis.js"
import { FakeBlame } from "./fixtures/FakeFileLines.js"
import { mainHead } from "./fixtures/FakeGitReader.js"
import { addRepository, adminCaller, anonymous, callerWith, repo } from "./fixtures/TestLayer.js"

const widgets = repo("widgets")

const app = "if (!!a) run()\nconst b = 1;;\nkeep()\n"
const util = "export const u = 1\r\nif (!!u) go()\r\n"

let ids = 500
const issueOf = (file: string, line: number, lineText: string, fix?: ReadonlyArray<{ from: number; to: number; text: string }>) =>
  AnalysisResults.IssueResult.make({
    issueId: `issue-${++ids}`,
    resultDataId: ids,
    toolUuid: "eslint",
    toolName: "ESLint",
    patternId: fix === undefined ? "no-undef" : "no-extra-boolean-cast",
    category: "ErrorProne",
    level: "Warning",
    filePath: file,
    language: "JavaScript",
    line,
    lineText,
    message: "fixable",
    ...(fix === undefined ? {} : { fix })
  })

/** widgets with main's head analysed: fixable issues in two files, one stale, one in a file git lacks, one unfixable. */
const analysed = Effect.gen(function*() {
  yield* addRepository("widgets")
  yield* drain
  const repository = yield* storedRepository("widgets")
  const issues = [
    issueOf("src/app.js", 1, "if (!!a) run()", [{ from: 4, to: 7, text: "a" }]),
    issueOf("src/app.js", 2, "const b = 1;;", [{ from: 26, to: 27, text: "" }]),
    // Made on another text of line 3: its offsets do not hold on this one.
    issueOf("src/app.js", 3, "keep(1)", [{ from: 28, to: 32, text: "dropped" }]),
    issueOf("src/app.js", 3, "keep()"),
    issueOf("lib/util.js", 2, "if (!!u) go()", [{ from: 24, to: 27, text: "u" }]),
    issueOf("gone.js", 1, "if (!!g) go()", [{ from: 4, to: 7, text: "g" }])
  ]
  yield* Effect.flatMap(AnalysisResultStore.AnalysisResultStore, (store) =>
    store.save(
      { repositoryId: repository.id, branch: "main", commitSha: mainHead.sha },
      AnalysisResults.AnalysisResults.make({ files: [fileRow("src/app.js", 4), fileRow("lib/util.js", 1), fileRow("gone.js", 1)], issues, clones: [] })
    ))
  const blame = yield* FakeBlame
  yield* blame.serveText(mainHead.sha, "src/app.js", app)
  yield* blame.serveText(mainHead.sha, "lib/util.js", `\uFEFF${util}`)
  return issues
})

const patchOf = (branch?: string) => Effect.flatMap(QuickFixes.QuickFixes, (q) => q.branchPatch(adminCaller, widgets, branch))
const suggested = (caller = adminCaller) => Effect.map(Effect.flatMap(QuickFixes.QuickFixes, (q) => q.hasSuggestions(caller, widgets, undefined)), (r) => r.hasSuggestions)

describe("QuickFixes", () => {
  it.effect("patches the analysed commit's files with the fixes whose lines still read as analysed; keeps CRLF and a byte order mark", () =>
    withWorker(Effect.gen(function*() {
      yield* analysed
      const patch = yield* patchOf()
      expect([patch.commitSha, patch.fixes]).toEqual([mainHead.sha, 3])
      expect(patch.patch).toBe([
        "diff --git a/lib/util.js b/lib/util.js",
        "--- a/lib/util.js",
        "+++ b/lib/util.js",
        "@@ -1,2 +1,2 @@",
        " \uFEFFexport const u = 1\r",
        "-if (!!u) go()\r",
        "+if (u) go()\r",
        "diff --git a/src/app.js b/src/app.js",
        "--- a/src/app.js",
        "+++ b/src/app.js",
        "@@ -1,3 +1,3 @@",
        "-if (!!a) run()",
        "-const b = 1;;",
        "+if (a) run()",
        "+const b = 1;",
        " keep()",
        ""
      ].join("\n"))
      expect(yield* suggested()).toBe(true)
      // The answer the API sends: the same patch in base64.
      const answer = yield* Effect.flatMap(QuickFixes.QuickFixes, (q) => q.patch(adminCaller, widgets, undefined))
      expect(Buffer.from(answer.data.patch, "base64").toString("utf8")).toBe(patch.patch)
    })))

  it.effect("leaves out the issues the repository ignored, and their files", () =>
    withWorker(Effect.gen(function*() {
      const issues = yield* analysed
      const writer = yield* callerWith("write")
      const triage = yield* IssueTriage.IssueTriage
      yield* triage.updateIssueState(writer, widgets, String(issues[0]?.resultDataId), new Triage.IssueStateBody({ ignored: true, reason: "AcceptedUse" }))
      yield* triage.updateFileState(writer, widgets, new Triage.FileStateBody({ filepath: "lib/util.js", ignored: true }))
      const patch = yield* patchOf()
      expect(patch.fixes).toBe(1)
      expect(patch.patch.split("\n").filter((line) => /^[-+][^-+]/.test(line))).toEqual(["-const b = 1;;", "+const b = 1;"])
      yield* triage.updateIssueState(writer, widgets, String(issues[1]?.resultDataId), new Triage.IssueStateBody({ ignored: true, reason: "AcceptedUse" }))
      expect(yield* patchOf()).toEqual({ patch: "", fixes: 0, commitSha: mainHead.sha })
      // Suggestions are the fixable issues shown, whether or not their fix still applies.
      expect(yield* suggested()).toBe(true)
      yield* triage.updateIssueState(writer, widgets, String(issues[2]?.resultDataId), new Triage.IssueStateBody({ ignored: true, reason: "AcceptedUse" }))
      yield* triage.updateFileState(writer, widgets, new Triage.FileStateBody({ filepath: "gone.js", ignored: true }))
      expect(yield* suggested()).toBe(false)
    })))

  it.effect("a branch not analysed yet has no suggestion and an empty patch; a repository the caller cannot read is not found", () =>
    withWorker(Effect.gen(function*() {
      yield* analysed
      expect(yield* patchOf("develop")).toEqual({ patch: "", fixes: 0, commitSha: undefined })
      expect(yield* Effect.flip(patchOf("nope"))).toBeInstanceOf(Errors.NotFound)
      const error = yield* Effect.flip(Effect.flatMap(QuickFixes.QuickFixes, (q) => q.branchPatch(anonymous, widgets, undefined)))
      expect(error._tag).toBe("Unauthenticated")
    })))
})
