import { describe, expect, it } from "@effect/vitest"
import {
  Advisory,
  AdvisoryStore,
  AnalysisResults,
  Dependency,
  DependencyStore,
  OrganizationStore,
  RepositoryStore,
  SecretFindings,
  SecurityItems,
  SecurityItemStore,
  SecurityScans
} from "@tidemark/core"
import { Effect, Layer, Option, Ref, Schema, TestClock } from "effect"
import { readFileSync } from "node:fs"
import { drain, withWorker } from "./fixtures/FakeAnalysis.js"
import { addRepository, testLayer } from "./fixtures/TestLayer.js"

const osv = (id: string) =>
  Advisory.advisoryOfOsv(Schema.decodeUnknownSync(Advisory.OsvRecord)(JSON.parse(readFileSync(new URL(`fixtures/osv/${id}.json`, import.meta.url), "utf8"))))!

const lodash = (version: string) =>
  Dependency.Dependency.make({ purl: `pkg:npm/lodash@${version}`, ecosystem: "npm", name: "lodash", version, direct: true, path: "package-lock.json" })

const query: SecurityItemStore.ItemQuery = {
  filter: {},
  sla: SecurityItems.defaultSlaConfig,
  now: "2030-01-01T00:00:00.000Z",
  order: "DueAt",
  direction: "asc",
  offset: 0,
  limit: 100
}

const itemsOf = (organizationId: number) =>
  Effect.flatMap(SecurityItemStore.SecurityItemStore, (store) => Effect.map(store.search(organizationId, query), (page) => page.items))

const acmeId = Effect.map(
  Effect.flatMap(OrganizationStore.OrganizationStore, (store) => store.findOrganization("gh", "acme")),
  Option.getOrThrow
)

const widgetsRecord = Effect.gen(function*() {
  const acme = yield* acmeId
  return Option.getOrThrow(yield* Effect.flatMap(RepositoryStore.RepositoryStore, (s) => s.findRepository(acme.id, "widgets")))
})

const layer = Layer.provideMerge(SecurityScans.SecurityScans.Default, testLayer())

describe("SecurityScans", () => {
  it.effect("the default branch's analysis opens an item per security-pattern issue, filed under the pattern's subcategory", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      yield* drain
      const items = yield* itemsOf((yield* acmeId).id)
      // The fake analyser finds one issue per enabled pattern; LintA_no-eval is the Security one (Error).
      expect(items.map((item) => [item.scanType, item.securityCategory, item.priority, item.title, item.filePath, item.repository])).toEqual([
        ["SAST", "CommandInjection", "Critical", "broken by LintA_no-eval", "src/app.ts", "widgets"]
      ])
      expect(items[0]!.additionalInfo).toBe("LintA LintA_no-eval: Disallow eval")
    })).pipe(Effect.provide(layer)))

  it.effect("keeps the inventory and matches it: a vulnerable version opens an SCA item, an upgrade past the fix closes it", () =>
    Effect.gen(function*() {
      yield* addRepository("widgets")
      const repository = yield* widgetsRecord
      yield* Effect.flatMap(AdvisoryStore.AdvisoryStore, (s) => s.save([osv("GHSA-jf85-cpcp-j695")], [], "2024-01-01T00:00:00.000Z"))
      const scans = yield* SecurityScans.SecurityScans
      expect(yield* scans.recordDefaultBranch(repository, "a".repeat(40), AnalysisResults.emptyResults, [lodash("4.17.11")])).toEqual({ opened: 1, closed: 0 })
      const [item] = yield* itemsOf(repository.organizationId)
      expect(item).toMatchObject({ scanType: "SCA", itemSourceId: "GHSA-jf85-cpcp-j695", cve: "CVE-2019-10744", priority: "Critical", fixedVersion: ["4.17.12"] })
      const inventory = Option.getOrThrow(yield* Effect.flatMap(DependencyStore.DependencyStore, (s) => s.find(repository.id)))
      expect([inventory.commitSha, inventory.dependencies]).toEqual(["a".repeat(40), [lodash("4.17.11")]])
      // Still affected at 4.17.4: the same item; past the fix: closed.
      expect(yield* scans.recordDefaultBranch(repository, "b".repeat(40), AnalysisResults.emptyResults, [lodash("4.17.4")])).toEqual({ opened: 0, closed: 0 })
      expect(yield* scans.recordDefaultBranch(repository, "c".repeat(40), AnalysisResults.emptyResults, [lodash("4.17.21")])).toEqual({ opened: 0, closed: 1 })
      // An analyser that read no lockfiles leaves the SCA items as they are.
      expect(yield* scans.recordDefaultBranch(repository, "d".repeat(40), AnalysisResults.emptyResults, undefined)).toEqual({ opened: 0, closed: 0 })
    }).pipe(Effect.provide(layer)))

  it.effect("opens an item per detected secret, never holding the secret, and leaves them when the analyser did not look", () =>
    Effect.gen(function*() {
      yield* addRepository("widgets")
      const repository = yield* widgetsRecord
      const scans = yield* SecurityScans.SecurityScans
      const secret = SecretFindings.DetectedSecret.make({
        ruleId: "@secretlint/secretlint-rule-github/GITHUB_TOKEN",
        path: "deploy/settings.py",
        line: 3,
        message: "found GitHub Token(Personal Access Token): ghp_****",
        preview: "GITHUB_TOKEN = \"ghp_****\"",
        fingerprint: "f".repeat(64)
      })
      expect(yield* scans.recordDefaultBranch(repository, "a".repeat(40), AnalysisResults.emptyResults, undefined, [secret])).toEqual({ opened: 1, closed: 0 })
      const [item] = yield* itemsOf(repository.organizationId)
      expect(item).toMatchObject({
        key: `Secrets:${"f".repeat(64)}`,
        scanType: "Secrets",
        priority: "High",
        securityCategory: "Secrets",
        cwe: "CWE-798",
        filePath: "deploy/settings.py",
        line: 3,
        additionalInfo: "GITHUB_TOKEN = \"ghp_****\""
      })
      expect(yield* scans.recordDefaultBranch(repository, "b".repeat(40), AnalysisResults.emptyResults, undefined, undefined)).toEqual({ opened: 0, closed: 0 })
      // The secret removed from the file: its item closes.
      expect(yield* scans.recordDefaultBranch(repository, "c".repeat(40), AnalysisResults.emptyResults, undefined, [])).toEqual({ opened: 0, closed: 1 })
    }).pipe(Effect.provide(layer)))

  it.effect("matches an inventory again after an import, without analysing: new advisories open items", () =>
    Effect.gen(function*() {
      yield* addRepository("widgets")
      const repository = yield* widgetsRecord
      const scans = yield* SecurityScans.SecurityScans
      yield* TestClock.setTime(Date.parse("2025-01-01T00:00:00.000Z"))
      // Analysed before any advisory was known: nothing found, nothing to match again.
      yield* scans.recordDefaultBranch(repository, "a".repeat(40), AnalysisResults.emptyResults, [lodash("4.17.11")])
      expect(yield* scans.rematch).toBe(0)
      yield* TestClock.setTime(Date.parse("2025-02-01T00:00:00.000Z"))
      yield* Effect.flatMap(AdvisoryStore.AdvisoryStore, (s) => s.save([osv("GHSA-jf85-cpcp-j695")], [], "2025-02-01T00:00:00.000Z"))
      yield* TestClock.setTime(Date.parse("2025-02-01T00:01:00.000Z"))
      expect(yield* scans.rematch).toBe(1)
      const items = yield* itemsOf(repository.organizationId)
      expect(items.map((item) => [item.itemSourceId, item.openedAt])).toEqual([["GHSA-jf85-cpcp-j695", "2025-02-01T00:01:00.000Z"]])
      // Matched since the last import: nothing to do.
      expect(yield* scans.rematch).toBe(0)
    }).pipe(Effect.provide(layer)))

  it.effect("a change's findings: its added security issues, and the head's secrets and vulnerable packages the base had not", () =>
    Effect.gen(function*() {
      yield* Effect.flatMap(AdvisoryStore.AdvisoryStore, (s) => s.save([osv("GHSA-jf85-cpcp-j695")], [], "2024-01-01T00:00:00.000Z"))
      const scans = yield* SecurityScans.SecurityScans
      const secret = (fingerprint: string) =>
        SecretFindings.DetectedSecret.make({ ruleId: "aws", path: "config.js", line: 1, message: "AWS key", preview: "AKIA****", fingerprint })
      const reads = yield* Ref.make(0)
      const base = (side: { dependencies?: ReadonlyArray<Dependency.Dependency>; secrets?: ReadonlyArray<SecretFindings.DetectedSecret> } | undefined) =>
        Effect.as(Ref.update(reads, (n) => n + 1), Option.fromNullable(side))
      const keysOf = (findings: ReadonlyArray<SecurityItems.SecurityFinding>) => findings.map((f) => `${f.scanType} ${f.priority} ${f.itemSourceId}`)
      // The old secret and the package vulnerable on both sides are not the change's; the new secret is.
      const found = yield* scans.changeFindings([], { dependencies: [lodash("4.17.4")], secrets: [secret("old"), secret("new")] }, base({ dependencies: [lodash("4.17.11")], secrets: [secret("old")] }))
      expect(keysOf(found)).toEqual(["Secrets High aws"])
      // A downgrade into the vulnerable range is new.
      expect(keysOf(yield* scans.changeFindings([], { dependencies: [lodash("4.17.11")] }, base({ dependencies: [lodash("4.17.21")] }))))
        .toEqual(["SCA Critical GHSA-jf85-cpcp-j695"])
      expect(yield* Ref.get(reads)).toBe(2)
      // Nothing in the head but safe packages: the base is not read.
      expect(yield* scans.changeFindings([], { dependencies: [lodash("4.17.21")], secrets: [] }, base({}))).toEqual([])
      expect(yield* Ref.get(reads)).toBe(2)
      // A base that cannot be read again: the secrets and packages are not compared.
      expect(yield* scans.changeFindings([], { secrets: [secret("new")] }, base(undefined))).toEqual([])
    }).pipe(Effect.provide(layer)))
})
