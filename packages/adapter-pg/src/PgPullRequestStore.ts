import { SqlClient } from "@effect/sql"
import { PullRequest, PullRequestStore } from "@tidemark/core"
import { Effect, Layer, Schema } from "effect"
import { decodeAll, decodeFirst, decodeSingle } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

const encodeAuthor = Schema.encodeSync(PullRequest.PullRequestAuthor)
const encodeBypass = Schema.encodeSync(PullRequest.PullRequestBypass)
const Total = Schema.Struct({ total: Schema.Int })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const columns = sql.unsafe(`id, repository_id AS "repositoryId", number, title, author,
    origin_branch AS "originBranch", target_branch AS "targetBranch", state, head_sha AS "headSha", updated, bypass`)

  const upsert = (input: PullRequest.PullRequestInput) =>
    sql`
      INSERT INTO pull_requests (
        repository_id, number, title, author, origin_branch, target_branch, state, head_sha, updated, updated_at
      ) VALUES (
        ${input.repositoryId}, ${input.number}, ${input.title}, ${JSON.stringify(encodeAuthor(input.author))}::jsonb,
        ${input.originBranch}, ${input.targetBranch}, ${input.state}, ${input.headSha}, ${input.updated},
        ${input.updated}::timestamptz
      )
      ON CONFLICT (repository_id, number) DO UPDATE SET
        title = EXCLUDED.title, author = EXCLUDED.author, origin_branch = EXCLUDED.origin_branch,
        target_branch = EXCLUDED.target_branch, state = EXCLUDED.state, head_sha = EXCLUDED.head_sha,
        updated = EXCLUDED.updated, updated_at = EXCLUDED.updated_at
      RETURNING ${columns}
    `.pipe(Effect.flatMap(decodeSingle(PullRequest.PullRequestRecord)), orUnavailable)

  const bypass = (repositoryId: number, number: number, given: PullRequest.PullRequestBypass) =>
    sql`
      UPDATE pull_requests SET bypass = ${JSON.stringify(encodeBypass(given))}::jsonb
      WHERE repository_id = ${repositoryId} AND number = ${number}
    `.pipe(Effect.asVoid, orUnavailable)

  const find = (repositoryId: number, number: number) =>
    sql`SELECT ${columns} FROM pull_requests WHERE repository_id = ${repositoryId} AND number = ${number}`.pipe(
      Effect.flatMap(decodeFirst(PullRequest.PullRequestRecord)),
      orUnavailable
    )

  const list = (query: PullRequestStore.PullRequestQuery) => {
    const search = query.search?.toLowerCase()
    const filters = sql.and([
      "repositoryIds" in query
        ? sql`repository_id = ANY(${query.repositoryIds}::integer[])`
        : sql`repository_id IN (SELECT id FROM repositories WHERE ${sql.and([
          sql`organization_id = ${query.organizationId}`,
          ...(query.repositoryNames === undefined ? [] : [sql`name = ANY(${query.repositoryNames}::text[])`])
        ])})`,
      ...(query.states === undefined ? [] : [sql`state = ANY(${query.states}::text[])`]),
      ...(search === undefined ? [] : [sql`(
        strpos(lower(title), ${search}) > 0 OR strpos(lower(origin_branch), ${search}) > 0
        OR strpos(lower(author->>'name'), ${search}) > 0 OR strpos(lower(coalesce(author->>'username', '')), ${search}) > 0
      )`])
    ])
    const after = query.after === undefined
      ? sql`true`
      : sql`(updated_at, id) < (${query.after.updated}::timestamptz, ${query.after.id})`
    return Effect.all({
      items: sql`
        SELECT ${columns} FROM pull_requests WHERE ${filters} AND ${after}
        ORDER BY updated_at DESC, id DESC LIMIT ${query.limit}
      `.pipe(Effect.flatMap(decodeAll(PullRequest.PullRequestRecord))),
      total: sql`SELECT count(*)::integer AS total FROM pull_requests WHERE ${filters}`.pipe(
        Effect.flatMap(decodeSingle(Total)),
        Effect.map((row) => row.total)
      )
    }).pipe(orUnavailable)
  }

  return PullRequestStore.PullRequestStore.of({ upsert, bypass, find, list })
})

export const layer = Layer.effect(PullRequestStore.PullRequestStore, make)
