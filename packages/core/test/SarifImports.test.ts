import { describe, expect, it } from "@effect/vitest"
import { AnalysisStore, Errors, OrganizationStore, RepositoryStore, SarifImports } from "@tidemark/core"
import { Effect, Option } from "effect"
import { addRepository, callerWith, repo, withServices } from "./fixtures/TestLayer.js"

const app = repo("app")
const sha = "a".repeat(40)

/** A log as the test reader takes it (FakeSarifReader): tools and their results' severities. */
const log = (tools: ReadonlyArray<string>, results: ReadonlyArray<{ tool: string; severity: string }>) => JSON.stringify({ tools, results })

const imported = Effect.gen(function*() {
  const store = yield* RepositoryStore.RepositoryStore
  const organizations = yield* OrganizationStore.OrganizationStore
  const organization = Option.getOrThrow(yield* organizations.findOrganization("gh", "acme"))
  const repository = Option.getOrThrow(yield* store.findRepository(organization.id, "app"))
  const byRepository = yield* Effect.flatMap(AnalysisStore.AnalysisStore, (analyses) => analyses.importedIssues([{ repositoryId: repository.id, commitSha: sha }]))
  return (byRepository.get(repository.id) ?? []).map((i) => [i.tool, i.counts.Error, i.counts.Warning])
})

describe("SarifImports", () => {
  it.effect("counts each tool's results of the commit; a later log replaces that tool's results, a clean run clears them", () =>
    withServices(
      Effect.gen(function*() {
        const sarif = yield* SarifImports.SarifImports
        yield* addRepository("app")
        const writer = yield* callerWith("write")
        const first = yield* sarif.importLog(writer, app, {
          commitSha: sha,
          sarif: log(["semgrep", "trivy"], [{ tool: "semgrep", severity: "Error" }, { tool: "semgrep", severity: "Warning" }, { tool: "trivy", severity: "Error" }])
        })
        expect(first).toStrictEqual([{ tool: "semgrep", issuesCount: 2 }, { tool: "trivy", issuesCount: 1 }])
        const clean = yield* sarif.importLog(writer, app, { commitSha: sha.toUpperCase(), sarif: log(["semgrep"], []) })
        expect(clean).toStrictEqual([{ tool: "semgrep", issuesCount: 0 }])
        expect((yield* imported).sort()).toStrictEqual([["semgrep", 0, 0], ["trivy", 1, 0]])
      })
    ))

  it.effect("needs a token that may write, a full commit id and a readable log", () =>
    withServices(
      Effect.gen(function*() {
        const sarif = yield* SarifImports.SarifImports
        yield* addRepository("app")
        const writer = yield* callerWith("write")
        const upload = { commitSha: sha, sarif: log([], []) }
        expect(yield* Effect.flip(sarif.importLog(yield* callerWith("read"), app, upload))).toBeInstanceOf(Errors.PermissionDenied)
        expect(yield* Effect.flip(sarif.importLog(writer, app, { ...upload, commitSha: "abc" }))).toBeInstanceOf(Errors.InvalidInput)
        expect(yield* Effect.flip(sarif.importLog(writer, app, { ...upload, sarif: "{" }))).toStrictEqual(
          new Errors.InvalidInput({ field: "sarif", reason: "not a test log" })
        )
      })
    ))
})
