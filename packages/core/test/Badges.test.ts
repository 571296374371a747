import { describe, expect, it } from "@effect/vitest"
import { Badges, Errors } from "@tidemark/core"
import { Effect, Option } from "effect"
import { mainHead } from "./fixtures/FakeGitReader.js"
import { addedRecord, linesOf, measuresWith, saveAnalysis, saveCoverage, storedCommit } from "./fixtures/StoredCommitAnalyses.js"
import { adminCaller, anonymous, callerWith, repo, withServices } from "./fixtures/TestLayer.js"

const missing = (name: string) => new Errors.NotFound({ what: "repository", id: name })

/** `name` added with one analysis of main's head (one Error in 10 000 lines) and coverage of 3 lines in 4. */
const analysed = (name: string, visibility: "Public" | "Private") =>
  Effect.gen(function*() {
    const record = yield* addedRecord(name, { visibility })
    const commit = yield* storedCommit(record.id, mainHead.sha)
    yield* saveAnalysis(record.id, "main", commit, 1, { measures: measuresWith(1) })
    yield* saveCoverage(record.id, mainHead.sha, [linesOf("src/a.ts", [[1, 1], [2, 1], [3, 2], [4, 0]])])
    return record
  })

describe("Badges", () => {
  it.effect("a Public repository's badges show its default branch's grade and coverage to anyone, without a token", () =>
    withServices(Effect.gen(function*() {
      yield* analysed("open", "Public")
      const badges = yield* Badges.Badges
      const grade = yield* badges.badge(repo("open"), "grade", undefined, undefined)
      expect(grade.label).toBe("grade")
      expect(grade.message).toMatch(/^[A-F]$/)
      expect(yield* badges.badge(repo("open"), "coverage", undefined, undefined)).toMatchObject({ message: "75%" })
      expect(yield* badges.badge(repo("open"), "grade", "main", "any")).toEqual(grade)
    })))

  it.effect("before its first analysis the grade is pending; an unknown branch is NotFound", () =>
    withServices(Effect.gen(function*() {
      yield* addedRecord("fresh", { visibility: "Public" })
      const badges = yield* Badges.Badges
      expect(yield* badges.badge(repo("fresh"), "grade", undefined, undefined)).toMatchObject({ message: "pending" })
      expect(yield* badges.badge(repo("fresh"), "coverage", undefined, undefined)).toMatchObject({ message: "unknown" })
      expect(yield* Effect.flip(badges.badge(repo("fresh"), "grade", "nowhere", undefined))).toBeInstanceOf(Errors.NotFound)
    })))

  it.effect("a Private repository's badges show to its badge token only; a new token retires the old one; every refusal is the same NotFound", () =>
    withServices(Effect.gen(function*() {
      yield* analysed("closed", "Private")
      const badges = yield* Badges.Badges
      expect(yield* Effect.flip(badges.badge(repo("closed"), "grade", undefined, undefined))).toEqual(missing("closed"))
      expect(yield* Effect.flip(badges.badge(repo("absent"), "grade", undefined, undefined))).toEqual(missing("absent"))
      const first = Option.getOrThrow((yield* badges.issueToken(adminCaller, repo("closed"))).token)
      expect(first).toMatch(/^tmb_/)
      expect(yield* badges.badge(repo("closed"), "coverage", undefined, first)).toMatchObject({ message: "75%" })
      expect(yield* Effect.flip(badges.badge(repo("closed"), "grade", undefined, `${first}x`))).toEqual(missing("closed"))
      const second = Option.getOrThrow((yield* badges.issueToken(adminCaller, repo("closed"))).token)
      expect(second).not.toBe(first)
      expect(yield* Effect.flip(badges.badge(repo("closed"), "grade", undefined, first))).toEqual(missing("closed"))
      expect((yield* badges.badge(repo("closed"), "grade", undefined, second)).message).toMatch(/^[A-F]$/)
    })))

  it.effect("only the repository's admin issues a token; its readers see it, anyone sees that a Public one needs none", () =>
    withServices(Effect.gen(function*() {
      yield* analysed("closed", "Private")
      yield* analysed("open", "Public")
      const badges = yield* Badges.Badges
      const writer = yield* callerWith("write")
      expect(yield* Effect.flip(badges.issueToken(writer, repo("closed")))).toBeInstanceOf(Errors.PermissionDenied)
      expect(yield* badges.accessOf(writer, repo("closed"))).toEqual({ public: false, token: Option.none() })
      const issued = yield* badges.issueToken(adminCaller, repo("closed"))
      expect(yield* badges.accessOf(yield* callerWith("read"), repo("closed"))).toEqual({ public: false, token: issued.token })
      yield* badges.issueToken(adminCaller, repo("open"))
      expect(yield* badges.accessOf(anonymous, repo("open"))).toEqual({ public: true, token: Option.none() })
      expect(yield* Effect.flip(badges.accessOf(anonymous, repo("closed")))).toBeInstanceOf(Errors.Unauthenticated)
    })))
})
