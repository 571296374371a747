import { Args, Command, HelpDoc, Options, ValidationError } from "@effect/cli"
import { Bodies, Records } from "@tidemark/core"
import { Console, Effect, Option, Schema } from "effect"
import { TidemarkClient, connectionOptions, withClient } from "./Client.js"
import {
  type OrganizationCoordinates,
  organizationArg,
  organizationLabel,
  organizationPath,
  repositoryPathSegment
} from "./Coordinates.js"
import { decodeOption } from "./SchemaInput.js"
import { renderTable } from "./Table.js"

const json = Options.boolean("json").pipe(Options.withDescription("print JSON instead of text"))

const standardId = Args.integer({ name: "standard-id" }).pipe(Args.withDescription("the coding standard's id (see `standard list`)"))
const repositoryName = Args.text({ name: "repository" }).pipe(Args.withDescription("the repository's name in the organization"))

const printJson = <A, I>(schema: Schema.Schema<A, I>, value: A) =>
  Schema.encode(Schema.parseJson(schema, { space: 2 }))(value).pipe(Effect.orDie, Effect.flatMap(Console.log))

const enabledTools = (standard: Records.CodingStandard) => standard.tools.filter((tool) => tool.enabled)
const enabledPatterns = (standard: Records.CodingStandard) =>
  standard.tools.reduce((count, tool) => count + tool.patterns.filter((pattern) => pattern.enabled).length, 0)

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`

const describe = (standard: Records.CodingStandard, at: OrganizationCoordinates) =>
  `coding standard ${standard.id} "${standard.name}" in ${organizationLabel(at)}: ` +
  `${count(enabledTools(standard).length, "tool")}, ${count(enabledPatterns(standard), "pattern")} enabled`

type StandardSource =
  | { readonly fromRepository: string }
  | { readonly tools: ReadonlyArray<Bodies.StandardToolInput> }

/** Either a repository to copy, or a JSON file holding the `tools` array of the API's body; never both. */
const source = Options.all({
  fromRepository: Options.text("from-repository").pipe(
    Options.withPseudoName("REPOSITORY"),
    Options.withDescription("copy the tools and patterns this repository of the organization uses now"),
    Options.optional
  ),
  tools: Options.fileText("file").pipe(
    Options.withPseudoName("FILE"),
    Options.mapEffect(([path, content]) => decodeOption(`--file ${path}`, Schema.parseJson(Schema.Array(Bodies.StandardToolInput)))(content)),
    Options.withDescription(
      "a JSON file of tools: [{\"uuid\": ..., \"enabled\"?: true, \"patterns\"?: [{\"id\": ..., \"enabled\"?: true, \"parameters\"?: [{\"name\": ..., \"value\": ...}]}]}]"
    ),
    Options.optional
  )
}).pipe(Options.mapEffect(({ fromRepository, tools }): Effect.Effect<StandardSource, ValidationError.ValidationError> => {
  if (Option.isSome(fromRepository) && Option.isNone(tools)) return Effect.succeed({ fromRepository: fromRepository.value })
  if (Option.isSome(tools) && Option.isNone(fromRepository)) return Effect.succeed({ tools: tools.value })
  return Effect.fail(ValidationError.invalidValue(HelpDoc.p("give exactly one of --from-repository REPOSITORY and --file FILE")))
}))

const create = Command.make(
  "create",
  {
    organization: organizationArg,
    name: Options.text("name").pipe(
      Options.withPseudoName("NAME"),
      Options.mapEffect(decodeOption("--name", Bodies.CreateStandardBody.fields.name)),
      Options.withDescription("the standard's name")
    ),
    source,
    json,
    ...connectionOptions
  },
  ({ json, name, organization, source }) =>
    Effect.gen(function*() {
      const client = yield* TidemarkClient
      const { data } = yield* client.call(client.api.admin.createCodingStandard({
        path: organizationPath(organization),
        payload: new Bodies.CreateStandardBody({ name, ...source })
      }))
      yield* json ? printJson(Records.CodingStandard, data) : Console.log(`Created ${describe(data, organization)}`)
    })
).pipe(
  Command.withDescription("Create a coding standard from a repository's configuration (--from-repository) or a file of tools (--file)."),
  withClient
)

const list = Command.make(
  "list",
  { organization: organizationArg, json, ...connectionOptions },
  ({ json, organization }) =>
    Effect.gen(function*() {
      const client = yield* TidemarkClient
      const { data } = yield* client.call(client.api.admin.listCodingStandards({ path: organizationPath(organization) }))
      if (json) return yield* printJson(Schema.Array(Records.CodingStandard), data)
      if (data.length === 0) return yield* Console.log(`No coding standards in ${organizationLabel(organization)}.`)
      yield* Console.log(renderTable(
        ["ID", "NAME", "TOOLS", "PATTERNS", "CREATED"],
        data.map((standard) => [
          String(standard.id),
          standard.name,
          String(enabledTools(standard).length),
          String(enabledPatterns(standard)),
          standard.createdAt
        ])
      ))
    })
).pipe(
  Command.withDescription("List an organization's coding standards."),
  withClient
)

const show = Command.make(
  "show",
  { organization: organizationArg, standardId, json, ...connectionOptions },
  ({ json, organization, standardId }) =>
    Effect.gen(function*() {
      const client = yield* TidemarkClient
      const { data } = yield* client.call(client.api.admin.getCodingStandard({
        path: { ...organizationPath(organization), codingStandardId: standardId }
      }))
      if (json) return yield* printJson(Records.CodingStandard, data)
      yield* Console.log(`${describe(data, organization)}\n`)
      yield* Console.log(renderTable(
        ["TOOL", "ENABLED", "PATTERNS"],
        data.tools.map((tool) => [tool.uuid, tool.enabled ? "yes" : "no", String(tool.patterns.filter((p) => p.enabled).length)])
      ))
    })
).pipe(
  Command.withDescription("Show a coding standard's tools."),
  withClient
)

const application = (applied: boolean) =>
  Command.make(
    applied ? "apply" : "unapply",
    { organization: organizationArg, standardId, repositoryName, ...connectionOptions },
    ({ organization, repositoryName, standardId }) =>
      Effect.gen(function*() {
        const client = yield* TidemarkClient
        const request = {
          path: { ...organizationPath(organization), codingStandardId: standardId, repositoryName: repositoryPathSegment(repositoryName) }
        }
        yield* client.call(applied ? client.api.admin.applyCodingStandard(request) : client.api.admin.unapplyCodingStandard(request))
        const repository = `${organizationLabel(organization)}/${repositoryName}`
        yield* Console.log(applied
          ? `Applied coding standard ${standardId} to ${repository}.`
          : `Removed coding standard ${standardId} from ${repository}.`)
      })
  ).pipe(
    Command.withDescription(applied
      ? "Apply a coding standard to a repository: its tools and patterns become enforced there."
      : "Stop applying a coding standard to a repository."),
    withClient
  )

/** `tidemark standard ...` */
export const standard = Command.make("standard").pipe(
  Command.withDescription("Manage coding standards: shared tool and pattern configurations of an organization."),
  Command.withSubcommands([create, list, show, application(true), application(false)])
)
