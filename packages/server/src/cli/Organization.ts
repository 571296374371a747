import { Command, Options } from "@effect/cli"
import type { OrganizationSettings } from "@tidemark/core"
import { Console, Effect, Option } from "effect"
import { TidemarkClient, connectionOptions, withClient } from "./Client.js"
import { type OrganizationCoordinates, organizationArg, organizationLabel, organizationPath } from "./Coordinates.js"

/** `tidemark org settings`: the installation admin's settings of an organization. */

const configurationFiles = Options.choice("configuration-files", ["allow", "refuse"]).pipe(
  Options.withDescription(
    "whether the organization's repositories may lint with their own ESLint configuration file (their code, run sandboxed)"
  ),
  Options.optional
)

const json = Options.boolean("json").pipe(Options.withDescription("print the API's answer"))

const show = (at: OrganizationCoordinates, settings: OrganizationSettings.OrganizationSettings, asJson: boolean) =>
  Console.log(
    asJson
      ? JSON.stringify({ data: settings })
      : `${organizationLabel(at)}: configuration files ${settings.allowConfigurationFiles ? "allowed" : "not allowed"}`
  )

const settings = Command.make(
  "settings",
  { organization: organizationArg, configurationFiles, json, ...connectionOptions },
  ({ configurationFiles, json, organization }) =>
    Effect.gen(function*() {
      const client = yield* TidemarkClient
      const path = organizationPath(organization)
      const { data } = yield* Option.match(configurationFiles, {
        onNone: () => client.call(client.api.admin.getOrganizationSettings({ path })),
        onSome: (choice) =>
          client.call(client.api.admin.updateOrganizationSettings({ path, payload: { allowConfigurationFiles: choice === "allow" } }))
      })
      yield* show(organization, data, json)
    })
).pipe(
  Command.withDescription("Show an organization's settings, or change them (installation admin only)."),
  withClient
)

/** `tidemark org ...` */
export const org = Command.make("org").pipe(
  Command.withDescription("Manage organizations."),
  Command.withSubcommands([settings])
)
