import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { describe, expect, it } from "@effect/vitest"
import {
  CredentialStore,
  DeliveryAggregates,
  DeliveryEvents,
  EventStore,
  Goals,
  IngestionEvents,
  IssueResultStore,
  OrganizationStore,
  Records,
  RepositoryStore,
  SecurityItems,
  SecurityItemStore
} from "@tidemark/core"
import { Fixtures, issue } from "@tidemark/port-contracts"
import { Effect, Layer, Option, Redacted } from "effect"
import { Migrations, PgCredentialStore, PgEventStore, PgIssueResultStore, PgOrganizationStore, PgRepositoryStore } from "../src/index.js"
import * as PgSecurityItemStore from "../src/PgSecurityItemStore.js"
import * as TestDatabase from "./ScratchDatabase.js"

const clientOf = (url: string) => PgClient.layer({ url: Redacted.make(url), maxConnections: 2 })

const tables = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  Effect.map(
    sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    (rows) => rows.map((r) => r.name)
  ))

const expectedTables = [
  "advisories",
  "advisory_imports",
  "advisory_packages",
  "analysis_clone_occurrences",
  "analysis_files",
  "analysis_issues",
  "analysis_queue_dead_letters",
  "analysis_queue_messages",
  "analysis_queue_seen",
  "analysis_results",
  "badge_tokens",
  "branches",
  "change_issues",
  "changes",
  "coding_standards",
  "commit_analyses",
  "commit_coverage",
  "commit_file_coverage",
  "commit_imported_issues",
  "commits",
  "credentials",
  "delivery_events",
  "delivery_first_deployments",
  "delivery_incident_causes",
  "delivery_lead_time_days",
  "dependency_inventories",
  "effect_sql_migrations",
  "git_host_settings",
  "ignored_files",
  "ignored_issues",
  "language_settings",
  "organizations",
  "pattern_settings",
  "pull_requests",
  "quality_gates",
  "queue_dead_letters",
  "queue_messages",
  "queue_seen",
  "registered_tool_rules",
  "repositories",
  "repository_files",
  "security_item_counts",
  "security_items",
  "security_sla",
  "standard_applications",
  "tool_settings",
  "webhook_deliveries",
  "webhook_secrets"
]

/** An organization and a repository as the stores before migration 0023 wrote them (no `following` yet). */
const repositoryBefore0023 = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const organization = yield* Effect.flatMap(OrganizationStore.OrganizationStore, (store) => store.ensureOrganization("gh", Fixtures.uniqueName("org")))
  const rows = yield* sql<{ readonly id: number }>`
    INSERT INTO repositories (
      organization_id, provider, owner, name, name_key, visibility, git_url, languages, root_files, goals, added_at, last_updated
    ) VALUES (
      ${organization.id}, 'gh', ${organization.name}, 'app', 'app', 'Private', '', '{}', '{}', ${JSON.stringify(Goals.Goals.defaults)}::jsonb,
      ${Fixtures.at(0)}, ${Fixtures.at(0)}
    )
    RETURNING id
  `
  return { organization, repositoryId: rows[0]?.id ?? 0 }
})

describe("Migrations", () => {
  it.scoped("the first run creates the schema; running again is a no-op", () =>
    Effect.gen(function*() {
      const url = yield* TestDatabase.database
      const [first, second, created] = yield* Effect.all([Migrations.run, Migrations.run, tables]).pipe(
        Effect.provide(clientOf(url))
      )
      expect(first).toEqual([[1, "create_storage"], [2, "create_ingestion"], [3, "delivery_metrics"], [4, "analyses"], [5, "lead_time_days"], [6, "repository_listing"], [7, "organization_settings"], [8, "analysis_results"], [9, "file_coverage"], [10, "issue_dimensions"], [11, "repository_tokens"], [12, "quality_gates"], [13, "pull_requests"], [14, "git_host_settings"], [15, "changes"], [16, "token_revocation"], [17, "webhook_deliveries"], [18, "language_settings"], [19, "configuration_file_default"], [20, "registered_tool_rules"], [21, "triage"], [22, "badge_tokens"], [23, "repository_following"], [24, "branch_settings"], [25, "pull_request_decoration"], [26, "security"], [27, "security_item_counts"]])
      expect(second).toEqual([])
      expect(created).toEqual(expectedTables)
    }))

  it.scoped("instances migrating at once all succeed; the migrations run once", () =>
    Effect.gen(function*() {
      const url = yield* TestDatabase.database
      // Separate clients, as separate server processes would have.
      const results = yield* Effect.all(
        Array.from({ length: 4 }, () => Migrations.run.pipe(Effect.provide(clientOf(url)))),
        { concurrency: "unbounded" }
      )
      expect(results.flat()).toEqual([[1, "create_storage"], [2, "create_ingestion"], [3, "delivery_metrics"], [4, "analyses"], [5, "lead_time_days"], [6, "repository_listing"], [7, "organization_settings"], [8, "analysis_results"], [9, "file_coverage"], [10, "issue_dimensions"], [11, "repository_tokens"], [12, "quality_gates"], [13, "pull_requests"], [14, "git_host_settings"], [15, "changes"], [16, "token_revocation"], [17, "webhook_deliveries"], [18, "language_settings"], [19, "configuration_file_default"], [20, "registered_tool_rules"], [21, "triage"], [22, "badge_tokens"], [23, "repository_following"], [24, "branch_settings"], [25, "pull_request_decoration"], [26, "security"], [27, "security_item_counts"]])
      const recorded = yield* Effect.flatMap(SqlClient.SqlClient, (sql) => sql`SELECT migration_id FROM effect_sql_migrations ORDER BY migration_id`).pipe(
        Effect.provide(clientOf(url))
      )
      expect(recorded).toEqual([{ migration_id: 1 }, { migration_id: 2 }, { migration_id: 3 }, { migration_id: 4 }, { migration_id: 5 }, { migration_id: 6 }, { migration_id: 7 }, { migration_id: 8 }, { migration_id: 9 }, { migration_id: 10 }, { migration_id: 11 }, { migration_id: 12 }, { migration_id: 13 }, { migration_id: 14 }, { migration_id: 15 }, { migration_id: 16 }, { migration_id: 17 }, { migration_id: 18 }, { migration_id: 19 }, { migration_id: 20 }, { migration_id: 21 }, { migration_id: 22 }, { migration_id: 23 }, { migration_id: 24 }, { migration_id: 25 }, { migration_id: 26 }, { migration_id: 27 }])
    }))

  it.scoped("the lead times of events stored before migration 0005 are packed by it: the metrics count them", () =>
    Effect.gen(function*() {
      const url = yield* TestDatabase.database
      const before = Object.fromEntries(Object.entries(Migrations.migrations).filter(([name]) => name < "0005"))
      const events = [
        new IngestionEvents.Change({ $type: "change", change_id: "c1", time_created: "2024-03-04T08:00:00Z" }),
        new IngestionEvents.Change({ $type: "change", change_id: "c2", time_created: "2024-03-04T09:30:00+01:00" }),
        new IngestionEvents.Deployment({ $type: "deployment", deploy_id: "d1", time_created: "2024-03-04T10:00:00Z", changes: ["c1", "c2"] }),
        new IngestionEvents.Deployment({ $type: "deployment", deploy_id: "d2", time_created: "2024-03-06T10:00:00Z", changes: ["c2"] }),
        new IngestionEvents.Incident({ $type: "incident", incident_id: "i1", time_created: "2024-03-06T11:00:00Z", time_resolved: "2024-03-06T12:00:00Z" })
      ]
      const query = { from: Date.parse("2024-03-04T09:00:00Z"), to: Date.parse("2024-03-11T00:00:00Z"), bucket: "day" as const }
      const aggregates = yield* Effect.gen(function*() {
        yield* Migrations.runOf(before)
        const store = yield* EventStore.EventStore
        yield* store.store(7, "web", events)
        yield* Migrations.run
        return yield* store.aggregate(7, query)
      }).pipe(Effect.provide(PgEventStore.layer.pipe(Layer.provideMerge(clientOf(url)))))
      expect(aggregates).toStrictEqual(DeliveryAggregates.aggregateEvents(DeliveryEvents.deliveryEventsOf(events.map((event) => ({ system: "web", event }))), query))
      // Both changes were first deployed by d1: lead times of 2 h and 1 h 30 min.
      expect(aggregates.leadTimeMedian).toBe(6300)
    }))

  it.scoped("migration 0010 gives the analyses stored before it their number of issues; their overview is counted on reading", () =>
    Effect.gen(function*() {
      const url = yield* TestDatabase.database
      const before = Object.fromEntries(Object.entries(Migrations.migrations).filter(([name]) => name < "0010"))
      const { overview, page, stored } = yield* Effect.gen(function*() {
        yield* Migrations.runOf(before)
        const sql = yield* SqlClient.SqlClient
        const repository = { id: (yield* repositoryBefore0023).repositoryId }
        // The rows as the store of migration 0009 wrote them: no count on the analysis.
        const results = yield* sql<{ readonly id: string }>`
          INSERT INTO analysis_results (repository_id, branch, commit_sha)
          VALUES (${repository.id}, 'main', 'a1'), (${repository.id}, 'main', 'b2')
          RETURNING id
        `
        const rows = [issue({ path: "a.js", line: 1 }), issue({ path: "a.js", line: 2 }), issue({ path: "b.js", line: 7 })]
        yield* Effect.forEach(rows, (row, index) =>
          sql`
            INSERT INTO analysis_issues (
              result_id, file_path, line, issue_id, result_data_id, file_id, pattern_id, category, level, language, issue
            ) VALUES (
              ${results[index === 0 ? 1 : 0]?.id ?? ""}, ${row.filePath}, ${row.line}, ${row.issueId}, ${row.resultDataId},
              1, ${row.patternId}, ${row.category}, ${row.level}, ${row.language}, ${JSON.stringify(row)}
            )
          `)
        yield* Migrations.run
        const store = yield* IssueResultStore.IssueResultStore
        const key = { repositoryId: repository.id, branch: "main", commitSha: "a1" }
        const page = yield* store.issues(key, {}, { after: undefined, limit: 1 })
        const overview = yield* store.issueCounts(key, {})
        const stored = yield* sql<{ readonly commit: string; readonly issues: number; readonly overview: unknown }>`
          SELECT commit_sha AS commit, issues, overview FROM analysis_results ORDER BY commit_sha
        `
        return { overview, page, stored }
      }).pipe(
        Effect.provide(Layer.mergeAll(PgOrganizationStore.layer, PgRepositoryStore.layer, PgIssueResultStore.layer).pipe(Layer.provideMerge(clientOf(url))))
      )
      expect(stored).toEqual([{ commit: "a1", issues: 2, overview: null }, { commit: "b2", issues: 1, overview: null }])
      expect(page.total).toBe(2)
      expect(overview).toEqual({
        categories: [{ name: "ErrorProne", total: 2 }],
        levels: [{ name: "Error", total: 2 }],
        languages: [{ name: "JavaScript", total: 2 }],
        patterns: [{ name: "no-undef", title: "Rule no-undef", total: 2 }],
        authors: []
      })
      expect(page.items).toHaveLength(1)
    }))
  it.scoped("repositories stored before migration 0023 are followed", () =>
    Effect.gen(function*() {
      const url = yield* TestDatabase.database
      const before = Object.fromEntries(Object.entries(Migrations.migrations).filter(([name]) => name < "0023"))
      const found = yield* Effect.gen(function*() {
        yield* Migrations.runOf(before)
        const { repositoryId } = yield* repositoryBefore0023
        yield* Migrations.run
        return yield* Effect.flatMap(RepositoryStore.RepositoryStore, (store) => store.findRepositoryById(repositoryId))
      }).pipe(
        Effect.provide(Layer.mergeAll(PgOrganizationStore.layer, PgRepositoryStore.layer).pipe(Layer.provideMerge(clientOf(url))))
      )
      expect(Option.map(found, (r) => [r.name, r.following])).toStrictEqual(Option.some(["app", true]))
    }))

  it.scoped("security items stored before migration 0027 are counted in every page's total", () =>
    Effect.gen(function*() {
      const url = yield* TestDatabase.database
      const before = Object.fromEntries(Object.entries(Migrations.migrations).filter(([name]) => name < "0027"))
      const totals = yield* Effect.gen(function*() {
        yield* Migrations.runOf(before)
        const sql = yield* SqlClient.SqlClient
        const { organization, repositoryId } = yield* repositoryBefore0023
        // The rows as the store before migration 0027 wrote them: no counts beside them.
        for (const [key, priority, scanType] of [["a", "High", "SCA"], ["b", "High", "Secrets"], ["c", "Low", "SCA"]]) {
          yield* sql`
            INSERT INTO security_items (id, organization_id, repository_id, key, scan_type, priority, security_category, opened_at, finding)
            VALUES (gen_random_uuid(), ${organization.id}, ${repositoryId}, ${key}, ${scanType}, ${priority}, '', ${Fixtures.at(1)},
              ${JSON.stringify({ key, scanType, title: key, securityCategory: "", priority, itemSourceId: key })}::jsonb)
          `
        }
        yield* Migrations.run
        const store = yield* SecurityItemStore.SecurityItemStore
        const total = (filter: SecurityItems.ItemFilter) =>
          Effect.map(
            store.search(organization.id, {
              filter,
              sla: SecurityItems.SlaConfig.make({ criticalSla: 1, highSla: 2, mediumSla: 30, lowSla: 60 }),
              now: Fixtures.at(2),
              order: "DueAt",
              direction: "asc",
              offset: 0,
              limit: 1
            }),
            (page) => page.total
          )
        return [yield* total({}), yield* total({ priorities: ["High"] }), yield* total({ scanTypes: ["SCA"] })]
      }).pipe(
        Effect.provide(Layer.mergeAll(PgOrganizationStore.layer, PgSecurityItemStore.layer).pipe(Layer.provideMerge(clientOf(url))))
      )
      expect(totals).toEqual([3, 2, 2])
    }))

  it.scoped("credentials stored before migration 0016 are listed, never used, and can be revoked", () =>
    Effect.gen(function*() {
      const url = yield* TestDatabase.database
      const before = Object.fromEntries(Object.entries(Migrations.migrations).filter(([name]) => name < "0016"))
      const { after, listed, organizationId, removed } = yield* Effect.gen(function*() {
        yield* Migrations.runOf(before)
        const sql = yield* SqlClient.SqlClient
        const { organization } = yield* repositoryBefore0023
        // The row as the store before migration 0016 wrote it: no last use.
        yield* sql`
          INSERT INTO credentials (id, kind, organization_id, permission, secret_hash, created_at)
          VALUES ('old', 'api', ${organization.id}, 'read', 'ab', ${Fixtures.at(1)})
        `
        yield* Migrations.run
        const store = yield* CredentialStore.CredentialStore
        const listed = yield* store.ofOrganization(organization.id, { after: undefined, limit: 10 })
        const removed = yield* store.remove(organization.id, "old")
        return { listed, removed, after: yield* store.find("old"), organizationId: organization.id }
      }).pipe(
        Effect.provide(Layer.mergeAll(PgOrganizationStore.layer, PgRepositoryStore.layer, PgCredentialStore.layer).pipe(Layer.provideMerge(clientOf(url))))
      )
      expect(listed.items).toStrictEqual([
        new Records.Credential({ id: "old", kind: "api", organizationId, permission: "read", secretHash: "ab", createdAt: Fixtures.at(1) })
      ])
      expect(removed).toBe(true)
      expect(after).toEqual(Option.none())
    }))
})
