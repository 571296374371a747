import { Effect, type Option } from "effect"
import type { ConfigureToolBody } from "../domain/Bodies.js"
import { conflictingTools } from "../domain/EffectiveConfiguration.js"
import { ConfigurationConflict, PermissionDenied, Unprocessable } from "../domain/Errors.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import { PatternSetting } from "../domain/Records.js"
import { OrganizationStore } from "../ports/OrganizationStore.js"
import { ToolConfigStore } from "../ports/ToolConfigStore.js"
import { Access } from "./Access.js"
import { withSpans } from "../runtime/Spans.js"
import { RepositoryTools, configurationFileInUse } from "./RepositoryTools.js"

type Caller = Option.Option<Principal>

const make = Effect.gen(function*() {
  const access = yield* Access
  const store = yield* ToolConfigStore
  const organizations = yield* OrganizationStore
  const repositoryTools = yield* RepositoryTools

  /** Rule 1: public repositories need no authentication. */
  const listTools = (caller: Caller, at: RepositoryCoordinates) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "read", { allowPublic: true })
      return (yield* repositoryTools.tools(repository)).map((t) => t.view)
    })

  const conflicts = (caller: Caller, at: RepositoryCoordinates) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "read")
      return conflictingTools(yield* repositoryTools.tools(repository))
    })

  /**
   * Rule 2: applies the change to the repository's own settings without checking standards (a
   * standard that governs the tool still decides what analysis uses while it is applied).
   */
  const configureTool = (caller: Caller, at: RepositoryCoordinates, toolUuid: string, body: ConfigureToolBody) =>
    Effect.gen(function*() {
      const { organization, repository } = yield* access.repository(caller, at, "write")
      const tool = yield* repositoryTools.tool(repository, toolUuid)
      // A configuration file is the repository's code, run by the worker: the installation admin opts in.
      if (body.useConfigurationFile === true && !(yield* organizations.organizationSettings(organization.id)).allowConfigurationFiles) {
        return yield* new PermissionDenied({
          kind: "organizationSettings",
          reason: `Configuration files are not allowed in organization ${at.provider}/${at.organization}: ` +
            "the installation admin allows them (allowConfigurationFiles in the organization's settings)"
        })
      }
      const changes = body.patterns ?? []
      const current = yield* repositoryTools.patterns(repository, tool)
      const seen = new Set<string>()
      const patterns: Array<PatternSetting> = []
      for (const change of changes) {
        const existing = current.find((p) => p.pattern.definition.id === change.id)
        if (existing === undefined) {
          return yield* new Unprocessable({ reason: `Pattern '${change.id}' does not belong to tool ${tool.definition.name}` })
        }
        if (seen.has(change.id)) return yield* new Unprocessable({ reason: `Pattern '${change.id}' appears twice` })
        seen.add(change.id)
        const known = existing.pattern.definition.parameters.map((p) => p.name)
        const unknown = (change.parameters ?? []).find((p) => !known.includes(p.name))
        if (unknown !== undefined) {
          return yield* new Unprocessable({ reason: `Pattern '${change.id}' has no parameter '${unknown.name}'` })
        }
        patterns.push(
          new PatternSetting({
            patternId: change.id,
            enabled: change.enabled,
            parameters: change.parameters ?? (existing.configured.isCustom ? existing.configured.parameters : [])
          })
        )
      }
      const usesFile = body.useConfigurationFile ?? tool.view.settings.usesConfigurationFile
      if (patterns.length > 0 && usesFile) {
        return yield* configurationFileInUse(tool)
      }
      if (body.enabled === true && !tool.view.settings.isEnabled) {
        const sibling = (yield* repositoryTools.tools(repository)).find((t) =>
          t.definition.family === tool.definition.family && t.definition.uuid !== toolUuid && t.view.settings.isEnabled
        )
        if (sibling !== undefined) {
          return yield* new ConfigurationConflict({
            reason: `${sibling.definition.name} is enabled; disable it before enabling ${tool.definition.name} (same linter family)`
          })
        }
      }
      yield* store.applyToolChange(repository.id, toolUuid, {
        enabled: body.enabled,
        usesConfigurationFile: body.useConfigurationFile,
        patterns
      })
    })

  return withSpans("ToolConfiguration", { listTools, conflicts, configureTool })
})

/** listRepositoryTools, listRepositoryToolConflicts and configureTool. */
export class ToolConfiguration extends Effect.Service<ToolConfiguration>()("@tidemark/core/ToolConfiguration", {
  effect: make,
  dependencies: [Access.Default, RepositoryTools.Default]
}) {}
