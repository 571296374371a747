import { describe, expect, it } from "@effect/vitest"
import { Errors, Goals, QualityGate, QualitySettings } from "@tidemark/core"
import { Effect } from "effect"
import { addRepository, callerWith, repo, withServices } from "./fixtures/TestLayer.js"

const app = repo("app")

describe("QualitySettings", () => {
  it.effect("a repository's gates start at the defaults; an update replaces the whole gate, kept as normalized and shown with the deprecated integer", () =>
    withServices(
      Effect.gen(function*() {
        const settings = yield* QualitySettings.QualitySettings
        yield* addRepository("app")
        const writer = yield* callerWith("write")
        const reader = yield* callerWith("read")
        expect(yield* settings.gate(reader, app, "pullRequests")).toStrictEqual(new QualityGate.QualitySettingsWithGatePolicy({ qualityGate: QualityGate.QualityGate.defaults }))
        const updated = yield* settings.updateGate(writer, app, "pullRequests", new QualityGate.QualityGate({ coverageThreshold: -2, diffCoverageThreshold: 80 }))
        // The issue rule, left out, is off; the deprecated integer stands for the variation.
        expect(updated.qualityGate).toStrictEqual(new QualityGate.QualityGate({ coverageThresholdWithDecimals: -2, diffCoverageThreshold: 80, coverageThreshold: -2 }))
        expect(yield* settings.gate(reader, app, "pullRequests")).toStrictEqual(updated)
        // Commits have no diff coverage rule; each gate is kept apart.
        const commits = yield* settings.updateGate(writer, app, "commits", new QualityGate.QualityGate({ diffCoverageThreshold: 80, duplicationThreshold: 3 }))
        expect(commits.qualityGate).toStrictEqual(new QualityGate.QualityGate({ duplicationThreshold: 3 }))
        expect((yield* settings.resetGate(writer, app, "pullRequests")).qualityGate).toStrictEqual(QualityGate.QualityGate.defaults)
        expect((yield* settings.gate(reader, app, "pullRequests")).qualityGate).toStrictEqual(QualityGate.QualityGate.defaults)
        expect((yield* settings.gate(reader, app, "commits")).qualityGate).toStrictEqual(new QualityGate.QualityGate({ duplicationThreshold: 3 }))
      })
    ))

  it.effect("changing a gate or the goals needs a token that may write", () =>
    withServices(
      Effect.gen(function*() {
        const settings = yield* QualitySettings.QualitySettings
        yield* addRepository("app")
        const reader = yield* callerWith("read")
        const gate = new QualityGate.QualityGate({ issueThreshold: new QualityGate.IssueThreshold({ threshold: 5, minimumSeverity: "Warning" }) })
        expect(yield* Effect.flip(settings.updateGate(reader, app, "commits", gate))).toBeInstanceOf(Errors.PermissionDenied)
        expect(yield* Effect.flip(settings.resetGate(reader, app, "commits"))).toBeInstanceOf(Errors.PermissionDenied)
        expect(yield* Effect.flip(settings.resetRepositorySettings(reader, app))).toBeInstanceOf(Errors.PermissionDenied)
      })
    ))

  it.effect("the repository's settings are its goals: a field left out keeps its value, a reset brings the defaults back", () =>
    withServices(
      Effect.gen(function*() {
        const settings = yield* QualitySettings.QualitySettings
        yield* addRepository("app")
        const writer = yield* callerWith("write")
        expect(yield* settings.repositorySettings(writer, app)).toStrictEqual(Goals.Goals.defaults)
        const changed = yield* settings.updateRepositorySettings(writer, app, { maxIssuePercentage: 5 })
        expect(changed).toStrictEqual(new Goals.Goals({ ...Goals.Goals.defaults, maxIssuePercentage: 5 }))
        expect(yield* settings.repositorySettings(writer, app)).toStrictEqual(changed)
        expect(yield* settings.resetRepositorySettings(writer, app)).toStrictEqual(Goals.Goals.defaults)
        expect(yield* settings.repositorySettings(writer, app)).toStrictEqual(Goals.Goals.defaults)
      })
    ))
})
