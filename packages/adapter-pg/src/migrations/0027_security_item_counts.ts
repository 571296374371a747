import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * How many security items each repository holds per priority, scan type and category, kept by the
 * reconciliation in the same transaction: a page of items answers its `total` from these few rows
 * rather than counting every item of the organization (100 000 items: four index scans of 25 000
 * entries, most of a first page's time). Items stored before this migration are counted here.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE security_item_counts (
      organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      repository_id integer NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
      priority text NOT NULL,
      scan_type text NOT NULL,
      security_category text NOT NULL,
      items integer NOT NULL,
      PRIMARY KEY (repository_id, priority, scan_type, security_category)
    )
  `
  yield* sql`CREATE INDEX security_item_counts_organization ON security_item_counts (organization_id, priority)`
  // A repository's recount reads its items along this index alone.
  yield* sql`CREATE INDEX security_items_repository ON security_items (repository_id, priority, scan_type, security_category)`
  // A page by status walks each priority's items of one status by deadline: the open ones (three
  // statuses, each a range of `opened_at`), the closed ones and the ignored ones each have an index.
  yield* sql`CREATE INDEX security_items_open_by_date ON security_items (organization_id, priority, opened_at, id)
    WHERE closed_at IS NULL AND ignored IS NULL`
  yield* sql`CREATE INDEX security_items_closed_by_date ON security_items (organization_id, priority, opened_at, id)
    WHERE closed_at IS NOT NULL AND ignored IS NULL`
  yield* sql`CREATE INDEX security_items_ignored_by_date ON security_items (organization_id, priority, opened_at, id)
    WHERE ignored IS NOT NULL`
  yield* sql`
    INSERT INTO security_item_counts (organization_id, repository_id, priority, scan_type, security_category, items)
    SELECT organization_id, repository_id, priority, scan_type, security_category, count(*)
    FROM security_items GROUP BY 1, 2, 3, 4, 5
  `
})
