/**
 * Issue 27's quick fixes, accepted as an agent calling the original service would do it: with a
 * client generated from the original API's definition
 * (docs/spec/codacy-v3-triage-setup.interface.yaml), a repository with issues ESLint and Ruff can
 * fix (one file with CRLF line ends, one with a byte order mark) is asked whether it has
 * suggestions, its patch is taken, `git apply` takes it on the analysed commit, and the analysis of
 * the patched commit no longer finds those issues; a pull request's patch holds only the fixes of
 * the issues it adds. Every answer is checked
 * against the schema the definition gives for its operation and status.
 */
import { describe, expect, layer } from "@effect/vitest"
import { ChangeViews, IssueViews, Pagination } from "@tidemark/core"
import { Effect, Schema } from "effect"
import { execFileSync } from "node:child_process"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import createClient from "openapi-fetch"
import { definitions } from "../scripts/acceptance-client.mjs"
import { acceptanceDefinition } from "./fixtures/AcceptanceDefinition.js"
import type { paths } from "./fixtures/CodacyTriageSetupApi.js"
import { commitOn, commitOnMain } from "./fixtures/GitRepositories.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, issueToken, newOrganization, paths as routes, until, untilAnalysed } from "./fixtures/Scenario.js"
import { analysingTestLayer } from "./fixtures/TestLayer.js"
import { TestServer } from "./fixtures/TestServer.js"

const { interfacePath } = definitions["triage-setup"]
const { checked, operations } = acceptanceDefinition(readFileSync(interfacePath, "utf8"))

const quickFixOperations = ["hasQuickfixSuggestions", "getQuickfixesPatch", "getPullRequestQuickfixesPatch"]

const analysisPath = "/analysis/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}" as const
const suggestionsPath = `${analysisPath}/issues/hasSuggestions` as const
const patchPath = `${analysisPath}/issues/patch` as const
const pullRequestPatchPath = `${analysisPath}/pull-requests/{pullRequestNumber}/issues/patch` as const

const call = <T>(run: () => Promise<T>) => Effect.promise(run)

// Two issues ESLint fixes (no-extra-boolean-cast, no-regex-spaces), one it cannot (no-undef).
const flags = [
  "export const on = (x) => {",
  "  if (!!x) return 1",
  "  return /a   b/.test(String(x)) ? 2 : missing",
  "}",
  ""
].join("\n")
// The same fix in a file with CRLF line ends, and in one with a byte order mark: the patch keeps both.
const windows = "export const off = (x) => {\r\n  if (!!x) return 0\r\n  return 1\r\n}\r\n"
const marked = "\uFEFFif (!!globalThis.x) globalThis.y = 1\n"
// Ruff's fix of an f-string without placeholders (F541), one of the rules whose fixes Ruff makes safe.
const greet = 'print(f"hello")\n'

const IssuePage = Schema.Struct({ data: Schema.Array(IssueViews.CommitIssue), pagination: Pagination.Pagination })

const git = (cwd: string, args: ReadonlyArray<string>) => execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })

layer(analysingTestLayer, { excludeTestServices: true, timeout: "240 seconds" })("acceptance client of quick fixes", (it) => {
  it("the definition has the three quick fix operations", () => {
    for (const name of quickFixOperations) expect(operations.has(name), name).toBe(true)
  })

  describe("every quick fix operation of the definition", () => {
    it.effect("says a branch has suggestions, gives a patch git applies, and the patched commit no longer has those issues", () =>
      Effect.gen(function*() {
        const { baseUrl, workDirectory } = yield* TestServer
        const org = newOrganization("quickfix")
        const token = yield* issueToken(org, "read")
        const client = createClient<paths>({ baseUrl: `${baseUrl}/api/v3`, headers: { "api-token": token } })
        const anonymous = createClient<paths>({ baseUrl: `${baseUrl}/api/v3` })
        const repository = { provider: org.provider, remoteOrganizationName: org.name, repositoryName: "app" }

        const { git: origin } = yield* addRepository(org, "app", {
          files: { "src/flags.js": flags, "src/windows.js": windows, "src/marked.js": marked, "src/clean.js": "export const clean = 1\n", "tools/greet.py": greet }
        })
        yield* untilAnalysed(org, "app", token, origin.mainSha)
        const patterns = Effect.map(
          Http.post(`${routes.repository(org, "app")}/issues/search`, { token, json: {} }),
          (reply) => Http.expectBody(reply, 200, IssuePage).data.map((i) => `${i.filePath}:${i.patternInfo.id}`).sort()
        )
        expect(yield* patterns).toEqual([
          "src/flags.js:ESLint9_no-extra-boolean-cast",
          "src/flags.js:ESLint9_no-regex-spaces",
          "src/flags.js:ESLint9_no-undef",
          "src/marked.js:ESLint9_no-extra-boolean-cast",
          "src/windows.js:ESLint9_no-extra-boolean-cast",
          "tools/greet.py:Ruff_F541"
        ])

        const suggestions = yield* call(() => client.GET(suggestionsPath, { params: { path: repository } }))
        expect(checked("hasQuickfixSuggestions", 200, suggestions)).toEqual({ hasSuggestions: true })
        expect(suggestions.response.headers.get("x-maturity")).toBe("experimental")
        checked("hasQuickfixSuggestions", 404, yield* call(() => client.GET(suggestionsPath, { params: { path: { ...repository, repositoryName: "nope" } } })))
        checked("hasQuickfixSuggestions", 401, yield* call(() => anonymous.GET(suggestionsPath, { params: { path: repository } })))
        // A branch never analysed has none; its patch is empty.
        expect(checked("hasQuickfixSuggestions", 200, yield* call(() =>
          client.GET(suggestionsPath, { params: { path: repository, query: { branch: "feature" } } })))).toEqual({ hasSuggestions: false })
        expect(checked("getQuickfixesPatch", 200, yield* call(() =>
          client.GET(patchPath, { params: { path: repository, query: { branch: "feature" } } })))).toEqual({ data: { patch: "" } })

        const reply = yield* call(() => client.GET(patchPath, { params: { path: repository } }))
        const patch = Buffer.from(checked("getQuickfixesPatch", 200, reply).data.patch, "base64").toString("utf8")
        expect(reply.response.headers.get("x-maturity")).toBe("experimental")
        expect(patch).toBe([
          "diff --git a/src/flags.js b/src/flags.js",
          "--- a/src/flags.js",
          "+++ b/src/flags.js",
          "@@ -1,4 +1,4 @@",
          " export const on = (x) => {",
          "-  if (!!x) return 1",
          "-  return /a   b/.test(String(x)) ? 2 : missing",
          "+  if (x) return 1",
          "+  return /a {3}b/.test(String(x)) ? 2 : missing",
          " }",
          "diff --git a/src/marked.js b/src/marked.js",
          "--- a/src/marked.js",
          "+++ b/src/marked.js",
          "@@ -1,1 +1,1 @@",
          "-\uFEFFif (!!globalThis.x) globalThis.y = 1",
          "+\uFEFFif (globalThis.x) globalThis.y = 1",
          "diff --git a/src/windows.js b/src/windows.js",
          "--- a/src/windows.js",
          "+++ b/src/windows.js",
          "@@ -1,4 +1,4 @@",
          " export const off = (x) => {\r",
          "-  if (!!x) return 0\r",
          "+  if (x) return 0\r",
          "   return 1\r",
          " }\r",
          "diff --git a/tools/greet.py b/tools/greet.py",
          "--- a/tools/greet.py",
          "+++ b/tools/greet.py",
          "@@ -1,1 +1,1 @@",
          "-print(f\"hello\")",
          "+print(\"hello\")",
          ""
        ].join("\n"))

        // `git apply` takes it on the analysed commit (a clone of it), and the next analysis has
        // the issue no fix could remove, and no other.
        const clone = join(workDirectory, "quickfix-clone")
        git(workDirectory, ["clone", "--quiet", origin.path, clone])
        git(clone, ["checkout", "--quiet", origin.mainSha])
        writeFileSync(join(clone, "fix.patch"), patch)
        git(clone, ["apply", "--check", "fix.patch"])
        git(clone, ["apply", "fix.patch"])
        const patched = Object.fromEntries(["src/flags.js", "src/windows.js", "src/marked.js", "tools/greet.py"].map((file) => [file, readFileSync(join(clone, file), "utf8")]))
        expect([patched["src/windows.js"], patched["src/marked.js"]]).toEqual([windows.replace("!!x", "x"), marked.replace("!!", "")])
        const fixedSha = yield* commitOnMain(origin, patched)
        yield* addRepository(org, "app", { reuse: origin })
        yield* untilAnalysed(org, "app", token, fixedSha)
        expect(yield* patterns).toEqual(["src/flags.js:ESLint9_no-undef"])
        expect(checked("hasQuickfixSuggestions", 200, yield* call(() => client.GET(suggestionsPath, { params: { path: repository } }))))
          .toEqual({ hasSuggestions: false })
        expect(checked("getQuickfixesPatch", 200, yield* call(() => client.GET(patchPath, { params: { path: repository } }))))
          .toEqual({ data: { patch: "" } })

        // A pull request's patch: the fixes of the issues it adds, on its head.
        const head = yield* commitOn(origin, "topic/x", { "src/more.js": "export const more = (y) => (!!y ? 1 : 0)\n" }, "main")
        const pullRequestPath = `${routes.repository(org, "app")}/pull-requests/1`
        const write = yield* issueToken(org, "write")
        yield* Http.put(pullRequestPath, { token: write, json: { title: "Topic X", originBranch: "topic/x", targetBranch: "main" } })
        const readPullRequest = Effect.map(Http.get(pullRequestPath, { token }), (r) => Http.expectBody(r, 200, ChangeViews.PullRequestWithAnalysis))
        const judged = yield* until(readPullRequest, (pr) => !pr.isAnalysing)
        expect([judged.pullRequest.headCommitSha, judged.newIssues]).toEqual([head, 1])
        const pullRequest = { ...repository, pullRequestNumber: 1 }
        const prPatch = Buffer.from(
          checked("getPullRequestQuickfixesPatch", 200, yield* call(() => client.GET(pullRequestPatchPath, { params: { path: pullRequest } }))).data.patch,
          "base64"
        ).toString("utf8")
        expect(prPatch).toBe([
          "diff --git a/src/more.js b/src/more.js",
          "--- a/src/more.js",
          "+++ b/src/more.js",
          "@@ -1,1 +1,1 @@",
          "-export const more = (y) => (!!y ? 1 : 0)",
          "+export const more = (y) => (y ? 1 : 0)",
          ""
        ].join("\n"))
        checked("getPullRequestQuickfixesPatch", 404, yield* call(() =>
          client.GET(pullRequestPatchPath, { params: { path: { ...pullRequest, pullRequestNumber: 2 } } })))
        checked("getPullRequestQuickfixesPatch", 401, yield* call(() => anonymous.GET(pullRequestPatchPath, { params: { path: pullRequest } })))
      }))
  })
})
