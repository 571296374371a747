import { Effect, Option } from "effect"
import { nowIso } from "../domain/Now.js"
import type { CreateStandardBody, StandardToolInput } from "../domain/Bodies.js"
import { InvalidInput, NotFound, Unprocessable } from "../domain/Errors.js"
import type { OrganizationCoordinates, Principal } from "../domain/Principal.js"
import { StandardPattern, StandardTool } from "../domain/Records.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { StandardStore } from "../ports/StandardStore.js"
import { ToolCatalogue } from "../ports/ToolCatalogue.js"
import { Access } from "./Access.js"
import { withSpans } from "../runtime/Spans.js"
import { RepositoryTools } from "./RepositoryTools.js"

type Caller = Option.Option<Principal>

const firstDuplicate = (values: ReadonlyArray<string>): string | undefined =>
  values.find((v, i) => values.indexOf(v) !== i)

const make = Effect.gen(function*() {
  const access = yield* Access
  const repositories = yield* RepositoryStore
  const standards = yield* StandardStore
  const catalogue = yield* ToolCatalogue
  const repositoryTools = yield* RepositoryTools

  const findRepository = (organizationId: number, name: string) =>
    Effect.flatMap(repositories.findRepository(organizationId, name), Option.match({
      onNone: () => Effect.fail(new NotFound({ what: "repository", id: name })),
      onSome: Effect.succeed
    }))

  const findStandard = (organizationId: number, id: number) =>
    Effect.flatMap(standards.find(organizationId, id), Option.match({
      onNone: () => Effect.fail(new NotFound({ what: "standard", id: String(id) })),
      onSome: Effect.succeed
    }))

  /** Every tool, pattern and parameter named must exist in the catalogue. */
  const validate = (tools: ReadonlyArray<StandardToolInput>) =>
    Effect.gen(function*() {
      const duplicate = firstDuplicate(tools.map((t) => t.uuid)) ??
        tools.map((t) => firstDuplicate(t.patterns.map((p) => p.id))).find((d) => d !== undefined)
      if (duplicate !== undefined) return yield* new Unprocessable({ reason: `'${duplicate}' appears twice` })
      return yield* Effect.forEach(tools, validateTool)
    })

  const validateTool = (input: StandardToolInput) =>
      Effect.gen(function*() {
        const found = yield* catalogue.find(input.uuid)
        if (Option.isNone(found)) return yield* new Unprocessable({ reason: `Unknown tool '${input.uuid}'` })
        const patterns = yield* Effect.forEach(input.patterns, (p) => {
          const definition = found.value.patterns.find((c) => c.definition.id === p.id)?.definition
          if (definition === undefined) {
            return Effect.fail(new Unprocessable({ reason: `Pattern '${p.id}' does not belong to tool ${found.value.name}` }))
          }
          const unknown = p.parameters.find((v) => !definition.parameters.some((d) => d.name === v.name))
          return unknown === undefined
            ? Effect.succeed(new StandardPattern({ id: p.id, enabled: p.enabled, parameters: p.parameters }))
            : Effect.fail(new Unprocessable({ reason: `Pattern '${p.id}' has no parameter '${unknown.name}'` }))
        })
        return new StandardTool({ uuid: input.uuid, enabled: input.enabled, patterns })
      })

  /** The enabled tools of a repository with their enabled patterns, as they are configured now. */
  const snapshotOfRepository = (organizationId: number, name: string) =>
    Effect.gen(function*() {
      const repository = yield* findRepository(organizationId, name)
      const tools = (yield* repositoryTools.tools(repository)).filter((t) => t.view.settings.isEnabled)
      return yield* Effect.forEach(tools, (tool) =>
        Effect.map(repositoryTools.patterns(repository, tool), (patterns) =>
          new StandardTool({
            uuid: tool.definition.uuid,
            enabled: true,
            patterns: patterns
              .filter((p) => p.enabled)
              .map((p) => new StandardPattern({ id: p.pattern.definition.id, enabled: true, parameters: p.configured.parameters }))
          })))
    })

  const create = (caller: Caller, at: OrganizationCoordinates, body: CreateStandardBody) =>
    Effect.gen(function*() {
      const organization = yield* access.organization(caller, at, "admin")
      if ((body.tools === undefined) === (body.fromRepository === undefined)) {
        return yield* new InvalidInput({ field: "body", reason: "give exactly one of 'tools' and 'fromRepository'" })
      }
      const tools = body.fromRepository !== undefined
        ? yield* snapshotOfRepository(organization.id, body.fromRepository)
        : yield* validate(body.tools ?? [])
      const now = yield* nowIso
      return yield* standards.create(organization.id, body.name, tools, now)
    })

  const list = (caller: Caller, at: OrganizationCoordinates) =>
    Effect.flatMap(access.organization(caller, at, "read"), (o) => standards.list(o.id))

  const get = (caller: Caller, at: OrganizationCoordinates, id: number) =>
    Effect.flatMap(access.organization(caller, at, "read"), (o) => findStandard(o.id, id))

  const setApplied = (applied: boolean) => (caller: Caller, at: OrganizationCoordinates, id: number, repositoryName: string) =>
    Effect.gen(function*() {
      const organization = yield* access.organization(caller, at, "admin")
      const standard = yield* findStandard(organization.id, id)
      const repository = yield* findRepository(organization.id, repositoryName)
      if (applied) {
        const now = yield* nowIso
        yield* standards.apply(standard.id, repository.id, now)
      } else {
        yield* standards.unapply(standard.id, repository.id)
      }
    })

  return withSpans("CodingStandards", { create, list, get, apply: setApplied(true), unapply: setApplied(false) })
})

/** Coding standards of an organization: created from a list or a repository, applied to repositories. */
export class CodingStandards extends Effect.Service<CodingStandards>()("@tidemark/core/CodingStandards", {
  effect: make,
  dependencies: [Access.Default, RepositoryTools.Default]
}) {}
