import { Schema } from "effect"

/** What the installation admin decides for an organization, as a whole. */
export class OrganizationSettings extends Schema.Class<OrganizationSettings>("OrganizationSettings")({
  /**
   * Whether its repositories may be linted with their own ESLint configuration file
   * (`useConfigurationFile`). A configuration file is the repository's code: even sandboxed, the
   * admin opts in for organizations whose contributors they trust. Off by default.
   */
  allowConfigurationFiles: Schema.Boolean
}) {}

export const defaultOrganizationSettings = new OrganizationSettings({ allowConfigurationFiles: false })

/** PATCH body: fields left out keep their value. */
export const UpdateOrganizationSettingsBody = Schema.Struct({
  allowConfigurationFiles: Schema.optional(Schema.Boolean)
})
export type UpdateOrganizationSettingsBody = typeof UpdateOrganizationSettingsBody.Type
