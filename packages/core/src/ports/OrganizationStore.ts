import { Context, type Effect, type Option } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { OrganizationSettings } from "../domain/OrganizationSettings.js"
import type { Organization } from "../domain/Records.js"

/** Organizations, by provider and name (case-insensitive), and the settings their admin chooses. */
export class OrganizationStore extends Context.Tag("@tidemark/core/OrganizationStore")<
  OrganizationStore,
  {
    readonly findOrganization: (provider: string, name: string) => Effect.Effect<Option.Option<Organization>, ServiceUnavailable>
    readonly ensureOrganization: (provider: string, name: string) => Effect.Effect<Organization, ServiceUnavailable>
    /** The provider's organizations, by name (code-unit order); only those of `ids` when given. */
    readonly listOrganizations: (
      provider: string,
      ids?: ReadonlyArray<number>
    ) => Effect.Effect<ReadonlyArray<Organization>, ServiceUnavailable>
    /** Read afresh each time (never cached): the admin's change holds at once on every instance. */
    readonly organizationSettings: (organizationId: number) => Effect.Effect<OrganizationSettings, ServiceUnavailable>
    readonly saveOrganizationSettings: (organizationId: number, settings: OrganizationSettings) => Effect.Effect<void, ServiceUnavailable>
  }
>() {}
