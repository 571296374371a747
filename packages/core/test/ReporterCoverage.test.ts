import { describe, expect, it } from "@effect/vitest"
import {
  Access,
  AnalysisStore,
  Errors,
  LineCoverageStore,
  OrganizationStore,
  ReporterCoverage,
  ReporterReport
} from "@tidemark/core"
import { Effect, Schema } from "effect"
import { drain, withWorker } from "./fixtures/FakeAnalysis.js"
import { developHead, mainHead } from "./fixtures/FakeGitReader.js"
import { storedRepository } from "./fixtures/AddedRepositoryRecords.js"
import { addRepository, issueToken } from "./fixtures/TestLayer.js"

const reportOf = (files: Readonly<Record<string, Readonly<Record<string, number>>>>) =>
  Schema.decodeUnknownSync(ReporterReport.ReporterReport)({ fileReports: Object.entries(files).map(([filename, coverage]) => ({ filename, coverage })) })

/** A repository token of acme's `name` (the reporters' `project-token`). */
const projectToken = (name: string) =>
  Effect.gen(function*() {
    const repository = yield* storedRepository(name)
    const organization = yield* Effect.flatMap(OrganizationStore.OrganizationStore, (store) => store.ensureOrganization("gh", "acme"))
    const issued = yield* Effect.flatMap(Access.Access, (access) => access.issue("repository", organization, "write", repository.id))
    return { _tag: "repository", token: issued.secret } satisfies ReporterCoverage.ReporterTarget
  })

/** An api token of `owner` (the reporters' `api-token`) for acme's `repository`, the path naming no provider unless told. */
const accountTarget = (permission: "read" | "write", repository: string, fields: { owner?: string; provider?: string } = {}) =>
  Effect.map(issueToken(permission, fields.owner ?? "acme"), ({ issued }): ReporterCoverage.ReporterTarget => ({
    _tag: "account",
    token: issued.secret,
    provider: fields.provider,
    organization: "acme",
    repository
  }))

const upload = (target: ReporterCoverage.ReporterTarget, files: Readonly<Record<string, Readonly<Record<string, number>>>>, partial = false, sha = mainHead.sha) =>
  Effect.flatMap(ReporterCoverage.ReporterCoverage, (reporter) => reporter.upload(target, sha, reportOf(files), partial))

/** widgets' stored coverage of a commit: each file's path and hits, and the format it is stored as. */
const stored = (sha = mainHead.sha) =>
  Effect.gen(function*() {
    const repository = yield* storedRepository("widgets")
    const key = { repositoryId: repository.id, commitSha: sha }
    const files = yield* Effect.flatMap(LineCoverageStore.LineCoverageStore, (store) => store.commitCoverage(key))
    const coverage = (yield* Effect.flatMap(AnalysisStore.AnalysisStore, (store) => store.coverage([key]))).get(repository.id)
    return { format: coverage?.format, files: files.map((f) => [f.path, f.coveredLines, f.coverableLines, f.hits.map(([l, n]) => `${l}:${n}`).join(" ")]) }
  })

describe("ReporterCoverage.upload", () => {
  it.effect("a project-token's report is stored as the commit's coverage, each file's lines by number, `./` dropped", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      const target = yield* projectToken("widgets")
      expect(yield* upload(target, { "./src/app.ts": { "3": 0, "1": 2 }, "src/util.ts": { "5": 1 } })).toEqual({ files: 2 })
      expect(yield* stored()).toEqual({
        format: "reporter",
        files: [["src/app.ts", 1, 2, "1:2 3:0"], ["src/util.ts", 1, 1, "5:1"]]
      })
    })))

  it.effect("a whole report replaces the files it names and keeps another language's; a partial one adds its lines up", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      const target = yield* projectToken("widgets")
      yield* upload(target, { "src/app.ts": { "1": 1, "2": 0 } })
      yield* upload(target, { "lib/tool.py": { "1": 0 } })
      yield* upload(target, { "src/app.ts": { "2": 3 } })
      expect((yield* stored()).files).toEqual([["lib/tool.py", 0, 1, "1:0"], ["src/app.ts", 1, 1, "2:3"]])
      yield* upload(target, { "src/app.ts": { "2": 1, "4": 0 }, "lib/tool.py": { "1": 2 } }, true)
      expect((yield* stored()).files).toEqual([["lib/tool.py", 1, 1, "1:2"], ["src/app.ts", 1, 2, "2:4 4:0"]])
    })))

  it.effect("files the analysed configuration leaves out are not counted nor kept", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      yield* drain
      const target = yield* projectToken("widgets")
      expect(yield* upload(target, { "src/app.ts": { "1": 1 }, "src/generated.ts": { "1": 0 } })).toEqual({ files: 1 })
      expect((yield* stored()).files.map(([path]) => path)).toEqual(["src/app.ts"])
      // develop's head is not analysed: nothing is left out of its report.
      expect(yield* upload(target, { "src/app.ts": { "1": 1 }, "src/generated.ts": { "1": 0 } }, false, developHead.sha)).toEqual({ files: 2 })
    })))

  it.effect("a project-token is needed, and must be a repository token; a commit id must be whole", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      const files = { "src/app.ts": { "1": 1 } }
      expect(yield* Effect.flip(upload({ _tag: "repository", token: undefined }, files))).toEqual(
        new Errors.Unauthenticated({ kind: "missing", reason: "Missing project-token header" })
      )
      expect(yield* Effect.flip(upload({ _tag: "repository", token: "" }, files))).toBeInstanceOf(Errors.Unauthenticated)
      const { issued } = yield* issueToken("write")
      expect(yield* Effect.flip(upload({ _tag: "repository", token: issued.secret }, files))).toEqual(
        new Errors.Unauthenticated({ kind: "wrongKind", reason: "The project-token is not a repository token" })
      )
      expect(yield* Effect.flip(upload({ _tag: "repository", token: "tmr.nothing.here" }, files))).toBeInstanceOf(Errors.Unauthenticated)
      const short = yield* Effect.flip(upload(yield* projectToken("widgets"), files, false, mainHead.sha.slice(0, 8)))
      expect(short).toBeInstanceOf(Errors.InvalidInput)
      expect((yield* stored()).files).toEqual([])
    })))
})

describe("ReporterCoverage with an api-token", () => {
  it.effect("the path names the repository; without a provider, the token's organization's provider is taken", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      expect(yield* upload(yield* accountTarget("write", "widgets"), { "src/app.ts": { "1": 1 } })).toEqual({ files: 1 })
      expect(yield* upload(yield* accountTarget("write", "widgets", { provider: "gh" }), { "src/b.ts": { "1": 0 } })).toEqual({ files: 1 })
      expect((yield* stored()).files.map(([path]) => path)).toEqual(["src/app.ts", "src/b.ts"])
    })))

  it.effect("an unknown repository is NotFound; a token that may only read is denied; a missing token or another organization's is 401", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      const files = { "src/app.ts": { "1": 1 } }
      expect(yield* Effect.flip(upload(yield* accountTarget("write", "gadgets"), files))).toEqual(
        new Errors.NotFound({ what: "repository", id: "acme/gadgets" })
      )
      expect(yield* Effect.flip(upload(yield* accountTarget("write", "gadgets", { provider: "gh" }), files))).toEqual(
        new Errors.NotFound({ what: "repository", id: "gadgets" })
      )
      expect(yield* Effect.flip(upload(yield* accountTarget("read", "widgets"), files))).toBeInstanceOf(Errors.PermissionDenied)
      expect(yield* Effect.flip(upload({ _tag: "account", token: undefined, organization: "acme", repository: "widgets" }, files))).toEqual(
        new Errors.Unauthenticated({ kind: "missing", reason: "Missing api-token header" })
      )
      expect(yield* Effect.flip(upload(yield* accountTarget("write", "widgets", { owner: "globex", provider: "gh" }), files)))
        .toBeInstanceOf(Errors.Unauthenticated)
      expect((yield* stored()).files).toEqual([])
    })))
})

describe("ReporterCoverage.complete", () => {
  it.effect("confirms a commit's partial reports by the files stored; a commit without any report is NotFound", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      const target = yield* projectToken("widgets")
      const reporter = yield* ReporterCoverage.ReporterCoverage
      expect(yield* Effect.flip(reporter.complete(target, mainHead.sha))).toEqual(new Errors.NotFound({ what: "coverage", id: mainHead.sha }))
      yield* upload(target, { "src/a.ts": { "1": 1 } }, true)
      yield* upload(target, { "src/b.ts": { "1": 1 }, "src/a.ts": { "2": 0 } }, true)
      expect(yield* reporter.complete(target, mainHead.sha)).toEqual({ files: 2 })
      expect(yield* reporter.complete(yield* accountTarget("write", "widgets"), mainHead.sha)).toEqual({ files: 2 })
      // Completing is part of uploading: a token that may only read may not.
      expect(yield* Effect.flip(reporter.complete(yield* accountTarget("read", "widgets"), mainHead.sha))).toBeInstanceOf(Errors.PermissionDenied)
    })))
})
