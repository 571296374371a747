import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Whether a repository is followed: its new commits analysed. Every repository added so far was;
 * unfollowing pauses its analysis and keeps its data. The listing function (0006) answers it too,
 * redefined whole as PL/pgSQL functions are: only the repository's JSON gains `following`.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  yield* sql`ALTER TABLE repositories ADD COLUMN following boolean NOT NULL DEFAULT true`
  yield* sql`
    CREATE OR REPLACE FUNCTION tidemark_repository_listing(
      for_organization integer, only_names text[], name_search text, after_name text, row_limit integer
    )
    RETURNS TABLE (
      total integer, repository json, "defaultBranch" json, standards json,
      analysis jsonb, coverage text, imported text
    )
    LANGUAGE plpgsql STABLE
    SET plan_cache_mode = force_generic_plan
    AS $$
    #variable_conflict use_column
    BEGIN
      RETURN QUERY
      SELECT
        (
          SELECT count(*)::integer FROM repositories m
          WHERE m.organization_id = for_organization
            AND (only_names IS NULL OR m.name = ANY(only_names))
            AND (name_search IS NULL OR strpos(m.name_key, name_search) > 0)
        ),
        json_build_object(
          'id', r.id, 'organizationId', r.organization_id, 'provider', r.provider, 'owner', r.owner,
          'name', r.name, 'visibility', r.visibility, 'gitUrl', r.git_url, 'languages', r.languages,
          'rootFiles', r.root_files, 'goals', r.goals, 'addedAt', r.added_at, 'lastUpdated', r.last_updated,
          'following', r.following
        ),
        CASE WHEN b.id IS NULL THEN NULL ELSE json_build_object(
          'id', b.id, 'name', b.name, 'isDefault', true, 'isEnabled', b.is_enabled,
          'lastUpdated', b.last_updated, 'lastCommitSha', b.last_commit_sha
        ) END,
        coalesce((
          SELECT json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY a.sequence)
          FROM standard_applications a JOIN coding_standards s ON s.id = a.standard_id
          WHERE a.repository_id = r.id
        ), '[]'::json),
        latest.analysis,
        c.coverage::text,
        (
          SELECT json_agg(i.issues ORDER BY i.tool)::text
          FROM commit_imported_issues i
          WHERE i.repository_id = r.id AND i.commit_sha = shown.sha
        )
      FROM (
        SELECT * FROM repositories p
        WHERE p.organization_id = for_organization
          AND (only_names IS NULL OR p.name = ANY(only_names))
          AND (name_search IS NULL OR strpos(p.name_key, name_search) > 0)
          AND (after_name IS NULL OR p.name > after_name)
        ORDER BY p.name
        LIMIT row_limit
      ) r
      LEFT JOIN LATERAL (
        SELECT d.id, d.name, d.is_enabled, d.last_updated, d.last_commit_sha FROM branches d
        WHERE d.repository_id = r.id AND d.is_default
        ORDER BY d.position
        LIMIT 1
      ) b ON true
      LEFT JOIN LATERAL (
        SELECT e.analysis, e.commit_sha FROM commit_analyses e
        WHERE e.repository_id = r.id AND e.branch = b.name
        ORDER BY e.ended_at DESC
        LIMIT 1
      ) latest ON true
      CROSS JOIN LATERAL (SELECT coalesce(latest.commit_sha, b.last_commit_sha) AS sha) shown
      LEFT JOIN commit_coverage c ON c.repository_id = r.id AND c.commit_sha = shown.sha
      ORDER BY r.name;
    END
    $$`
})
