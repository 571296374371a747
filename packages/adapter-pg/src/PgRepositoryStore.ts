import { SqlClient } from "@effect/sql"
import { Goals, Pagination, Records, RepositoryStore } from "@tidemark/core"
import { Effect, Layer, Schema } from "effect"
import { check, decodeAll, decodeFirst, decodeSingle } from "./Rows.js"
import { branchOf, BranchRow, nameKey, repositoryOf, RepositoryRow } from "./RepositoryRows.js"
import { orUnavailable } from "./StorageFailure.js"


/** Keeps one entry per key: the first one's position, the last one's value (as a Map does). */
const uniqueBy = <A>(items: ReadonlyArray<A>, key: (a: A) => string): ReadonlyArray<A> => [
  ...new Map(items.map((a) => [key(a), a])).values()
]

/** A page as one row, checked as plain data (`Rows.check`), then made records. */
const PageRow = Schema.Struct({
  total: Schema.Int,
  items: Schema.Array(Schema.Struct({ repository: RepositoryRow, branches: Schema.Array(BranchRow) }))
})
/** The statement answers exactly one row. */
const checkPage = check(Schema.Tuple(PageRow))

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const repositoryColumns = sql.literal(`
    id, organization_id AS "organizationId", provider, owner, name, visibility, git_url AS "gitUrl",
    languages, root_files AS "rootFiles", goals, added_at AS "addedAt", last_updated AS "lastUpdated", following`)

  const findRepository = (organizationId: number, name: string) =>
    sql`
      SELECT ${repositoryColumns} FROM repositories
      WHERE organization_id = ${organizationId} AND name = ${name}
    `.pipe(Effect.flatMap(decodeFirst(Records.RepositoryRecord)), orUnavailable)

  const findRepositoryById = (id: number) =>
    sql`SELECT ${repositoryColumns} FROM repositories WHERE id = ${id}`.pipe(
      Effect.flatMap(decodeFirst(Records.RepositoryRecord)),
      orUnavailable
    )

  /**
   * One statement per page: the count, the page and each repository's branches, aggregated as
   * JSON (one value to parse rather than a row per repository and per branch).
   */
  const pageRepositories = (query: RepositoryStore.RepositoryQuery) => {
    const filters = sql.and([
      sql`organization_id = ${query.organizationId}`,
      ...(query.names === undefined ? [] : [sql`name = ANY(${query.names}::text[])`]),
      ...(query.search === undefined ? [] : [sql`strpos(name_key, ${nameKey(query.search)}) > 0`])
    ])
    const after = query.after === undefined ? sql`true` : sql`name > ${query.after}`
    // One row more than the page tells whether another page follows.
    return sql`
      WITH page AS (
        SELECT * FROM repositories
        WHERE ${filters} AND ${after}
        ORDER BY name
        LIMIT ${query.limit + 1}
      )
      SELECT
        (SELECT count(*)::integer FROM repositories WHERE ${filters}) AS total,
        coalesce(json_agg(json_build_object(
          'repository', json_build_object(
            'id', r.id, 'organizationId', r.organization_id, 'provider', r.provider, 'owner', r.owner,
            'name', r.name, 'visibility', r.visibility, 'gitUrl', r.git_url, 'languages', r.languages,
            'rootFiles', r.root_files, 'goals', r.goals, 'addedAt', r.added_at, 'lastUpdated', r.last_updated,
            'following', r.following
          ),
          'branches', coalesce((
            SELECT json_agg(json_build_object(
              'id', b.id, 'name', b.name, 'isDefault', b.is_default, 'isEnabled', b.is_enabled,
              'lastUpdated', b.last_updated, 'lastCommitSha', b.last_commit_sha
            ) ORDER BY b.position)
            FROM branches b WHERE b.repository_id = r.id
          ), '[]')
        ) ORDER BY r.name), '[]') AS items
      FROM page r
    `.pipe(
      Effect.flatMap(checkPage),
      Effect.map(([{ items, total }]) => {
        const page = Pagination.pageOfRows(items, total, { after: query.after === undefined ? undefined : [query.after], limit: query.limit }, (r) => [r.repository.name])
        return {
          items: page.items.map((r) => repositoryOf(r.repository)),
          branches: new Map(page.items.map((r) => [r.repository.id, r.branches.map(branchOf)])),
          total,
          hasMore: page.next !== undefined
        }
      }),
      orUnavailable
    )
  }

  /** A refresh keeps the repository's id, goals and `addedAt`; everything read from git is replaced. */
  const upsertRepository = (organizationId: number, snapshot: Records.RepositorySnapshot, now: string) =>
    sql`
      INSERT INTO repositories (
        organization_id, provider, owner, name, name_key, visibility, git_url,
        languages, root_files, goals, added_at, last_updated
      ) VALUES (
        ${organizationId}, ${snapshot.provider}, ${snapshot.owner}, ${snapshot.name}, ${nameKey(snapshot.name)},
        ${snapshot.visibility}, ${snapshot.gitUrl}, ${snapshot.languages}::text[], ${snapshot.rootFiles}::text[],
        ${JSON.stringify(Goals.Goals.defaults)}::jsonb, ${now}, ${now}
      )
      ON CONFLICT (organization_id, name) DO UPDATE SET
        provider = EXCLUDED.provider,
        owner = EXCLUDED.owner,
        visibility = EXCLUDED.visibility,
        git_url = EXCLUDED.git_url,
        languages = EXCLUDED.languages,
        root_files = EXCLUDED.root_files,
        last_updated = EXCLUDED.last_updated
      RETURNING ${repositoryColumns}
    `.pipe(Effect.flatMap(decodeSingle(Records.RepositoryRecord)))

  /**
   * The snapshot's branches replace the stored ones; a branch seen before keeps its id and whether
   * it is analysed. The default is the one chosen through the API while git has it, else git's;
   * the default is always analysed.
   */
  const replaceBranches = (repositoryId: number, snapshot: Records.RepositorySnapshot) => {
    const branches = uniqueBy(snapshot.branches, (b) => b.name).map((b, position) => ({ ...b, position }))
    const names = branches.map((b) => b.name)
    return Effect.zipRight(
      sql`
        DELETE FROM branches
        WHERE repository_id = ${repositoryId} AND NOT (name = ANY(${names}::text[]))
      `,
      sql`
        WITH chosen AS (
          SELECT coalesce((
            SELECT r.chosen_default_branch FROM repositories r
            WHERE r.id = ${repositoryId} AND r.chosen_default_branch = ANY(${names}::text[])
          ), ${snapshot.defaultBranch}) AS name
        )
        INSERT INTO branches (repository_id, name, position, is_default, is_enabled, last_updated, last_commit_sha)
        SELECT ${repositoryId}, b.name, b.position, b.name = chosen.name, true, b."lastUpdated", b."lastCommitSha"
        FROM jsonb_to_recordset(${JSON.stringify(branches)}::jsonb)
          AS b(name text, position integer, "lastUpdated" text, "lastCommitSha" text)
        CROSS JOIN chosen
        ON CONFLICT (repository_id, name) DO UPDATE SET
          position = EXCLUDED.position,
          is_default = EXCLUDED.is_default,
          is_enabled = branches.is_enabled OR EXCLUDED.is_default,
          last_updated = EXCLUDED.last_updated,
          last_commit_sha = EXCLUDED.last_commit_sha
      `
    )
  }

  /** Commits are immutable: one already stored (same sha) is kept as it is. */
  const addCommits = (repositoryId: number, snapshot: Records.RepositorySnapshot) =>
    sql`
      INSERT INTO commits (repository_id, sha, author_name, author_email, commit_timestamp, message, parents)
      SELECT ${repositoryId}, c.sha, c."authorName", c."authorEmail", c."commitTimestamp", c.message,
        ARRAY(SELECT jsonb_array_elements_text(c.parents))
      FROM jsonb_to_recordset(${JSON.stringify(snapshot.commits)}::jsonb)
        AS c(sha text, "authorName" text, "authorEmail" text, "commitTimestamp" text, message text, parents jsonb)
      ON CONFLICT (repository_id, sha) DO NOTHING
    `

  const saveSnapshot = (organizationId: number, snapshot: Records.RepositorySnapshot, now: string) =>
    Effect.gen(function*() {
      const record = yield* upsertRepository(organizationId, snapshot, now)
      yield* replaceBranches(record.id, snapshot)
      yield* addCommits(record.id, snapshot)
      return record
    }).pipe(sql.withTransaction, orUnavailable)

  const listBranches = (repositoryId: number) =>
    sql`
      SELECT id, name, is_default AS "isDefault", is_enabled AS "isEnabled",
        last_updated AS "lastUpdated", last_commit_sha AS "lastCommitSha"
      FROM branches WHERE repository_id = ${repositoryId}
      ORDER BY position
    `.pipe(Effect.flatMap(decodeAll(Records.BranchRecord)), orUnavailable)

  const setBranchEnabled = (repositoryId: number, name: string, enabled: boolean) =>
    sql`UPDATE branches SET is_enabled = ${enabled} WHERE repository_id = ${repositoryId} AND name = ${name}`.pipe(
      Effect.asVoid,
      orUnavailable
    )

  /** Only a branch the repository has becomes its default: the choice is remembered with it. */
  const setDefaultBranch = (repositoryId: number, name: string) =>
    Effect.gen(function*() {
      const found = yield* sql`SELECT 1 FROM branches WHERE repository_id = ${repositoryId} AND name = ${name}`
      if (found.length === 0) return
      yield* sql`UPDATE repositories SET chosen_default_branch = ${name} WHERE id = ${repositoryId}`
      yield* sql`
        UPDATE branches SET is_default = (name = ${name}), is_enabled = is_enabled OR name = ${name}
        WHERE repository_id = ${repositoryId}
      `
    }).pipe(sql.withTransaction, orUnavailable)

  const findCommit = (repositoryId: number, sha: string) =>
    sql`
      SELECT id, sha, author_name AS "authorName", author_email AS "authorEmail",
        commit_timestamp AS "commitTimestamp", message, parents
      FROM commits WHERE repository_id = ${repositoryId} AND sha = ${sha}
    `.pipe(Effect.flatMap(decodeFirst(Records.CommitRecord)), orUnavailable)

  const saveGoals = (repositoryId: number, goals: Goals.Goals) =>
    sql`UPDATE repositories SET goals = ${JSON.stringify(Schema.encodeSync(Goals.Goals)(goals))}::jsonb WHERE id = ${repositoryId}`.pipe(
      Effect.asVoid,
      orUnavailable
    )

  const setFollowing = (repositoryId: number, following: boolean) =>
    sql`UPDATE repositories SET following = ${following} WHERE id = ${repositoryId}`.pipe(Effect.asVoid, orUnavailable)

  /** Every table of a repository's data refers to it ON DELETE CASCADE: one statement removes it all. */
  const deleteRepository = (repositoryId: number) =>
    sql`DELETE FROM repositories WHERE id = ${repositoryId}`.pipe(Effect.asVoid, orUnavailable)

  return RepositoryStore.RepositoryStore.of({
    findRepository,
    findRepositoryById,
    pageRepositories,
    saveSnapshot,
    listBranches,
    setBranchEnabled,
    setDefaultBranch,
    findCommit,
    saveGoals,
    setFollowing,
    deleteRepository
  })
})

export const layer = Layer.effect(RepositoryStore.RepositoryStore, make)
