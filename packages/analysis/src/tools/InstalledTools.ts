import { toolHeads } from "@tidemark/catalogue/ToolHeads"
import { type RegisteredTools, ToolInstallation, ToolInstallations } from "@tidemark/core"
import { Duration, Effect, Layer } from "effect"
import type { AnalysisTool } from "./AnalysisTool.js"
import { externalMakers, type ExternalToolsOptions, inProcessFamilies, type PluginMakers, pluginsOf, registeredPlugin } from "./ExternalTools.js"

/** What installationsOf asks of a plug-in: its tool, and whether its program is here. */
export type RunnableTool = Pick<AnalysisTool, "definition" | "availability">

/**
 * The plug-ins' answers without making those that run in process: they are always installed, and
 * making them loads ESLint, TypeScript and Stylelint into the service's own process.
 */
export const runnableTools = (options: ExternalToolsOptions): Array<RunnableTool> => {
  const inProcess: PluginMakers<RunnableTool> = Object.fromEntries(inProcessFamilies.map((family) => [family, (definition: RunnableTool["definition"]) => ({ definition })]))
  return pluginsOf<RunnableTool>({ ...inProcess, ...externalMakers(options) }, options, registeredPlugin(options))
}

/**
 * Which catalogue tools this server can run, asked of the same plug-ins an analysis runs: a tool
 * without a plug-in cannot run; one that runs in process is at the catalogue's (its library's)
 * version; an external analyser is installed when its program is found, at the program's version.
 */
export const installationsOf = (
  plugins: ReadonlyArray<RunnableTool>,
  catalogue: ReadonlyArray<{ readonly uuid: string; readonly name: string; readonly version?: string | undefined }>
): Effect.Effect<ReadonlyArray<ToolInstallation.ToolInstallation>> =>
  Effect.forEach(catalogue, (tool) => {
    const plugin = plugins.find((candidate) => candidate.definition.uuid === tool.uuid)
    const catalogueVersion = tool.version === undefined ? {} : { version: tool.version }
    if (plugin === undefined) {
      return Effect.succeed(ToolInstallation.ToolInstallation.make({
        toolUuid: tool.uuid,
        name: tool.name,
        installed: false,
        reason: `no plug-in runs ${tool.name} in this version of Tidemark`
      }))
    }
    if (plugin.availability === undefined) {
      return Effect.succeed(ToolInstallation.ToolInstallation.make({ toolUuid: tool.uuid, name: tool.name, installed: true, ...catalogueVersion }))
    }
    return Effect.map(plugin.availability, (availability) =>
      availability._tag === "Installed"
        ? ToolInstallation.ToolInstallation.make({
          toolUuid: tool.uuid,
          name: tool.name,
          installed: true,
          ...(availability.version === undefined ? catalogueVersion : { version: availability.version })
        })
        : ToolInstallation.ToolInstallation.make({
          toolUuid: tool.uuid,
          name: tool.name,
          installed: false,
          reason: availability.reason,
          install: availability.install
        }))
  }, { concurrency: 4 })

/**
 * The server's installations, looked up again at most once a minute: a program installed while the
 * server runs shows up without a restart (analyses look for it on each run). Where a program is
 * looked for: `searchPath`, else the service's PATH, as the analyses look.
 */
export const layer = (options: {
  readonly searchPath?: string | undefined
  readonly registeredTools?: ReadonlyArray<RegisteredTools.RegisteredTool> | undefined
} = {}) =>
  Layer.effect(
    ToolInstallations.ToolInstallations,
    Effect.map(
      Effect.cachedWithTTL(
        installationsOf(
          runnableTools({ searchPath: options.searchPath, registeredTools: options.registeredTools }),
          [...toolHeads, ...(options.registeredTools ?? [])]
        ),
        Duration.minutes(1)
      ),
      (installations) => ToolInstallations.ToolInstallations.of({ installations })
    )
  )
