import { SqlClient } from "@effect/sql"
import { OrganizationSettings, OrganizationStore, Records } from "@tidemark/core"
import { Effect, Layer, Option } from "effect"
import { nameKey } from "./RepositoryRows.js"
import { decodeAll, decodeFirst, decodeSingle } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  /**
   * Organizations found, by provider and name key. Every request names its organization, and an
   * organization is never renamed nor deleted, so a found one is kept (one round trip less per
   * request); one not found is read again next time, as another instance may create it.
   */
  const organizations = new Map<string, Records.Organization>()
  const organizationKey = (provider: string, name: string) => `${provider}\u0000${nameKey(name)}`

  const findOrganization = (provider: string, name: string) => {
    const key = organizationKey(provider, name)
    const known = organizations.get(key)
    if (known !== undefined) return Effect.succeedSome(known)
    return sql`
      SELECT id, provider, name FROM organizations
      WHERE provider = ${provider} AND name_key = ${nameKey(name)}
    `.pipe(
      Effect.flatMap(decodeFirst(Records.Organization)),
      Effect.tap(Option.match({ onNone: () => {}, onSome: (found) => organizations.set(key, found) })),
      orUnavailable
    )
  }

  // The no-op update makes the statement return the existing row when the organization exists.
  const listOrganizations = (provider: string, ids?: ReadonlyArray<number>) =>
    sql`
      SELECT id, provider, name FROM organizations
      WHERE provider = ${provider} AND ${ids === undefined ? sql`true` : sql`id = ANY(${ids}::integer[])`}
      ORDER BY name COLLATE "C"
    `.pipe(Effect.flatMap(decodeAll(Records.Organization)), orUnavailable)

  const ensureOrganization = (provider: string, name: string) =>
    sql`
      INSERT INTO organizations (provider, name, name_key)
      VALUES (${provider}, ${name}, ${nameKey(name)})
      ON CONFLICT (provider, name_key) DO UPDATE SET name_key = EXCLUDED.name_key
      RETURNING id, provider, name
    `.pipe(Effect.flatMap(decodeSingle(Records.Organization)), orUnavailable)

  const organizationSettings = (organizationId: number) =>
    sql`SELECT allow_configuration_files AS "allowConfigurationFiles" FROM organizations WHERE id = ${organizationId}`.pipe(
      Effect.flatMap(decodeFirst(OrganizationSettings.OrganizationSettings)),
      Effect.map(Option.getOrElse(() => OrganizationSettings.defaultOrganizationSettings)),
      orUnavailable
    )

  const saveOrganizationSettings = (organizationId: number, settings: OrganizationSettings.OrganizationSettings) =>
    sql`
      UPDATE organizations SET allow_configuration_files = ${settings.allowConfigurationFiles}
      WHERE id = ${organizationId}
    `.pipe(Effect.asVoid, orUnavailable)

  return OrganizationStore.OrganizationStore.of({
    findOrganization,
    ensureOrganization,
    listOrganizations,
    organizationSettings,
    saveOrganizationSettings
  })
})

export const layer = Layer.effect(OrganizationStore.OrganizationStore, make)
