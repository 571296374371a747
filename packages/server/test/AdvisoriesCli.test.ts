/**
 * `tidemark advisories` as the installation admin runs it (the built command in a child process),
 * against a local HTTP server that records each request and answers as the advisory endpoints do:
 * what it reads from OSV's exports (a zip, a folder, a JSON list), how it batches, what it prints.
 * The endpoints themselves are tested through the server's API (AcceptanceSecurity).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { execFileSync } from "node:child_process"
import { cpSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { recordingServer, requireBuild, runCli } from "./CliFixture.js"

const token = "tmt.abc.secret-token"
const osvFolder = fileURLToPath(new URL("../../core/test/fixtures/osv/", import.meta.url))
const fixtureIds = readdirSync(osvFolder).filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -5)).sort()

const cli = (url: string, args: ReadonlyArray<string>) => runCli(args, { TIDEMARK_URL: url, TIDEMARK_ADMIN_TOKEN: token })

/** Answers importAdvisories as if every record were new, and matchAdvisories with two repositories. */
const answering = (request: { readonly path: string; readonly body: string }) =>
  request.path.endsWith("/match")
    ? { status: 200, body: { data: { repositories: 2 } } }
    : {
      status: 200,
      body: { data: { saved: (JSON.parse(request.body) as { records: Array<unknown> }).records.length, unchanged: 0, removed: 0, skipped: 0, invalidRecords: 0, invalid: [] } }
    }

const recordsOf = (body: string) => (JSON.parse(body) as { readonly records: ReadonlyArray<{ readonly id: string }> }).records.map((r) => r.id)

const slow = 60_000

describe("tidemark advisories", () => {
  it.scoped("imports OSV's all.zip entry by entry, then asks for the dependencies to be matched again", () =>
    Effect.gen(function*() {
      yield* requireBuild
      const folder = mkdtempSync(join(tmpdir(), "osv-zip-"))
      const zip = join(folder, "all.zip")
      // OSV's export: one JSON file per record at the root of the archive (written with Python's zipfile).
      execFileSync("python3", ["-c", "import sys, zipfile, os\nz = zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED)\nfor f in sorted(os.listdir(sys.argv[2])):\n  z.write(os.path.join(sys.argv[2], f), f)\nz.close()", zip, osvFolder])
      const server = yield* recordingServer(answering)
      const run = yield* cli(server.url, ["advisories", "import", zip])
      expect([run.exitCode, run.stderr]).toEqual([0, ""])
      expect(run.stdout).toBe(
        `${fixtureIds.length} records read: ${fixtureIds.length} advisories saved, 0 unchanged, 0 withdrawn and removed, 0 of ecosystems Tidemark does not read, 0 invalid\n` +
          "2 repositories' dependencies matched again\n"
      )
      expect(server.requests.map((r) => [r.method, r.path, r.headers["api-token"]])).toEqual([
        ["POST", "/api/v3/admin/advisories", token],
        ["POST", "/api/v3/admin/advisories/match", token]
      ])
      expect(recordsOf(server.requests[0]!.body)).toEqual(fixtureIds)
    }), slow)

  it.scoped("reads a folder's JSON files at any depth, a list in one file, and names a file that is not JSON", () =>
    Effect.gen(function*() {
      yield* requireBuild
      const folder = mkdtempSync(join(tmpdir(), "osv-folder-"))
      mkdirSync(join(folder, "advisories", "2019"), { recursive: true })
      cpSync(join(osvFolder, "GHSA-jf85-cpcp-j695.json"), join(folder, "advisories", "2019", "GHSA-jf85-cpcp-j695.json"))
      // 2 500 records in one list: three batches, none over the server's record limit.
      const many = Array.from({ length: 2500 }, (_, i) => ({ id: `TEST-${String(i).padStart(4, "0")}`, modified: "2024-01-01T00:00:00Z" }))
      writeFileSync(join(folder, "many.json"), JSON.stringify(many))
      writeFileSync(join(folder, "broken.json"), "{ not json")
      writeFileSync(join(folder, "README.md"), "not a record")
      const server = yield* recordingServer(answering)
      const run = yield* cli(server.url, ["advisories", "import", folder])
      expect(run.exitCode).toBe(0)
      expect(run.stderr).toMatch(/^broken\.json is not JSON: /)
      expect(run.stdout).toContain("2501 records read: 2501 advisories saved, 0 unchanged, 0 withdrawn and removed, 0 of ecosystems Tidemark does not read, 1 invalid\n")
      const batches = server.requests.filter((r) => !r.path.endsWith("/match")).map((r) => recordsOf(r.body))
      expect(batches.map((b) => b.length)).toEqual([1000, 1000, 501])
      expect(batches.flat()).toEqual(["GHSA-jf85-cpcp-j695", ...many.map((m) => m.id)])
    }), slow)

  it.scoped("status says when advisories were last imported", () =>
    Effect.gen(function*() {
      yield* requireBuild
      const server = yield* recordingServer(() => ({ status: 200, body: { data: { lastImportedAt: "2026-11-28T10:00:00.000Z", advisories: 13 } } }))
      const run = yield* cli(server.url, ["advisories", "status"])
      expect([run.exitCode, run.stdout]).toEqual([0, "13 advisories, last imported 2026-11-28T10:00:00.000Z\n"])
      expect(server.requests.map((r) => [r.method, r.path])).toEqual([["GET", "/api/v3/admin/advisories"]])
    }), slow)
})
