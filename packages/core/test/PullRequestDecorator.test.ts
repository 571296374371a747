import { describe, expect, it } from "@effect/vitest"
import {
  AnalysisResults,
  ChangeAnalysis,
  ChangeVerdicts,
  DashboardLinks,
  GitHostSettings,
  GitHostSettingsStore,
  PullRequestDecoration,
  PullRequestDecorations
} from "@tidemark/core"
import { Context, Effect, Layer, Redacted, Ref } from "effect"
import { FakeBlame } from "./fixtures/FakeFileLines.js"
import { featureHead, mainHead } from "./fixtures/FakeGitReader.js"
import * as RecordedCommitStatuses from "./fixtures/RecordedCommitStatuses.js"
import * as Stored from "./fixtures/StoredCommitAnalyses.js"
import { testLayer } from "./fixtures/TestLayer.js"

interface Written {
  readonly repository: string
  readonly pullRequest: number
  readonly decoration: PullRequestDecoration.Decoration
}

class WrittenDecorations extends Context.Tag("test/WrittenDecorations")<WrittenDecorations, Ref.Ref<ReadonlyArray<Written>>>() {}

const recorded = Layer.effectContext(
  Effect.map(Ref.make<ReadonlyArray<Written>>([]), (written) =>
    Context.make(WrittenDecorations, written).pipe(Context.add(PullRequestDecorations.PullRequestDecorations, {
      decorate: (repository, pullRequest, decoration) => Ref.update(written, (all) => [...all, { repository: repository.name, pullRequest, decoration }])
    })))
)

const withDecorations = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provide(
    effect,
    testLayer().pipe(Layer.provideMerge(Layer.mergeAll(RecordedCommitStatuses.layer, DashboardLinks.DashboardLinks.at("https://tidemark.example.com/"), recorded)))
  )

const text = "const a = 1\nif (!!a) run()\nkeep()\n\nmissing()\n"

const added = (line: number, lineText: string, fix?: ReadonlyArray<{ from: number; to: number; text: string }>) =>
  ChangeAnalysis.DeltaIssue.make({
    deltaType: "Added",
    issue: AnalysisResults.IssueResult.make({
      issueId: `issue-${line}`,
      resultDataId: line,
      toolUuid: "eslint",
      toolName: "ESLint9",
      patternId: fix === undefined ? "ESLint9_no-undef" : "ESLint9_no-extra-boolean-cast",
      category: "ErrorProne",
      level: fix === undefined ? "Error" : "Warning",
      filePath: "src/a.ts",
      language: "TypeScript",
      line,
      lineText,
      message: fix === undefined ? "'missing' is not defined." : "Redundant double negation.",
      ...(fix === undefined ? {} : { fix })
    })
  })

const configure = (repositoryId: number, decoratePullRequests: boolean) =>
  Effect.flatMap(GitHostSettingsStore.GitHostSettingsStore, (store) =>
    store.save(repositoryId, new GitHostSettings.GitHostSettings({ token: Redacted.make("ghp_x"), decoratePullRequests })))

describe("PullRequestDecorator", () => {
  it.effect("a judged pull request gets a comment on each new issue its diff holds, the fix as a suggestion, and the verdict's summary", () =>
    withDecorations(Effect.gen(function*() {
      const app = yield* Stored.addedRecord("app")
      yield* configure(app.id, true)
      yield* Effect.flatMap(FakeBlame, (blame) => blame.serveText(featureHead.sha, "src/a.ts", text))
      const pull = { kind: "pullRequest", number: 3 } as const
      // Line 2 is added by the pull request; line 5 is not (its issue is new all the same: a definition went away).
      const change = yield* Stored.saveChange(app.id, pull, featureHead.sha, {
        newIssues: 2,
        newIssueKinds: [ChangeAnalysis.IssueKindCount.make({ level: "Error", category: "ErrorProne", count: 1 })],
        files: [Stored.touched("src/a.ts", [2, 3])]
      }, [added(2, "if (!!a) run()", [{ from: 16, to: 19, text: "a" }]), added(5, "missing()")])
      yield* Effect.flatMap(ChangeVerdicts.ChangeVerdicts, (verdicts) => verdicts.publishChange(app, change, pull))
      const [written, ...more] = yield* Effect.flatMap(WrittenDecorations, Ref.get)
      expect(more).toEqual([])
      expect([written?.repository, written?.pullRequest, written?.decoration.headSha]).toEqual(["app", 3, featureHead.sha])
      expect(written?.decoration.comments.map((c) => [c.issueId, c.path, c.line])).toEqual([["issue-2", "src/a.ts", 2]])
      expect(written?.decoration.comments[0]?.body).toContain("```suggestion\nif (a) run()\n```")
      expect(written?.decoration.newIssueIds).toEqual(["issue-2", "issue-5"])
      expect(written?.decoration.summary).toBe([
        PullRequestDecoration.summaryMarker,
        "### ❌ Tidemark: Not up to standards: new issues over 0 (2 new issues, 0 fixed)",
        "",
        `2 new issues, 0 fixed, at ${featureHead.sha.slice(0, 12)}.`,
        "1 commented on their lines; 1 on lines this pull request does not change (or past 50) are in the analysis.",
        "",
        "[The analysis in Tidemark](https://tidemark.example.com/#/repositories/app/pull-requests/3)"
      ].join("\n"))
    })))

  it.effect("writes nothing without the opt-in, nor for a commit", () =>
    withDecorations(Effect.gen(function*() {
      const app = yield* Stored.addedRecord("app")
      const verdicts = yield* ChangeVerdicts.ChangeVerdicts
      const pull = { kind: "pullRequest", number: 3 } as const
      yield* verdicts.publishChange(app, yield* Stored.saveChange(app.id, pull, featureHead.sha), pull)
      yield* configure(app.id, false)
      yield* verdicts.publishChange(app, yield* Stored.saveChange(app.id, pull, featureHead.sha), pull)
      yield* configure(app.id, true)
      const commit = { kind: "commit", sha: mainHead.sha } as const
      yield* verdicts.publishChange(app, yield* Stored.saveChange(app.id, commit, mainHead.sha), commit)
      expect(yield* Effect.flatMap(WrittenDecorations, Ref.get)).toEqual([])
      // The statuses went all the same.
      expect((yield* RecordedCommitStatuses.takeSent).length).toBe(3)
    })))
})
