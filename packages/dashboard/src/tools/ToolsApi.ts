/**
 * The catalogue's tools and patterns as the dashboard shows them, and which of the tools this
 * server can run (our extension, for a signed-in caller): shapes, readers, URLs and calls.
 */
import { allPages, queryString, type Request, segment } from "../shared/ApiRequest.js"
import { array, boolean, optional, string, struct } from "../shared/Decode.js"
import { data, page } from "../shared/Envelope.js"

export interface CatalogueTool {
  readonly uuid: string
  readonly name: string
  /** The version the catalogue describes (its library's); "" when unknown. */
  readonly version: string
  readonly languages: ReadonlyArray<string>
  readonly enabledByDefault: boolean
}

export interface ToolInstallation {
  readonly toolUuid: string
  readonly installed: boolean
  /** The version that runs here: an external analyser's own. */
  readonly version?: string | undefined
  readonly reason?: string | undefined
  readonly install?: string | undefined
}

export interface PatternDefinition {
  readonly id: string
  readonly title?: string | undefined
  readonly category: string
  readonly level: string
  readonly enabled: boolean
}

const catalogueTool = struct<CatalogueTool>({ uuid: string, name: string, version: string, languages: array(string), enabledByDefault: boolean })

const installation = struct<ToolInstallation>({
  toolUuid: string,
  installed: boolean,
  version: optional(string),
  reason: optional(string),
  install: optional(string)
})

const pattern = struct<PatternDefinition>({ id: string, title: optional(string), category: string, level: string, enabled: boolean })

export const readCatalogueToolPage = page(catalogueTool)
export const readInstallations = data(array(installation))
export const readPatternPage = page(pattern)

const patternPageSize = 50

export const toolUrls = {
  tools: (cursor: string | undefined): string => `/api/v3/tools${queryString({ cursor, limit: 100 })}`,
  installations: "/api/v3/installation/tools",
  patterns: (toolUuid: string, cursor: string | undefined): string =>
    `/api/v3/tools/${segment(toolUuid)}/patterns${queryString({ cursor, limit: patternPageSize })}`
}

/** A tool's row of the tools pages: the catalogue's tool with what runs here, when that is known. */
export interface ToolRow extends CatalogueTool {
  readonly installation?: ToolInstallation | undefined
}

export const toolRowsOf = (tools: ReadonlyArray<CatalogueTool>, installations: ReadonlyArray<ToolInstallation>): ReadonlyArray<ToolRow> =>
  tools.map((tool) => ({ ...tool, installation: installations.find((i) => i.toolUuid === tool.uuid) }))

export const toolCalls = (request: Request) => {
  const listCatalogueTools = (signal?: AbortSignal) =>
    allPages((cursor) => request({ path: toolUrls.tools(cursor), read: readCatalogueToolPage, signal }))
  const listToolInstallations = (signal?: AbortSignal) => request({ path: toolUrls.installations, read: readInstallations, signal })
  return {
    /** The whole catalogue: a few tools, read page after page. */
    listCatalogueTools,
    listToolInstallations,
    /** The catalogue's tools, each with whether it runs here. */
    listToolRows: async (signal?: AbortSignal) => {
      const [tools, installations] = await Promise.all([listCatalogueTools(signal), listToolInstallations(signal)])
      return toolRowsOf(tools, installations)
    },
    listToolPatterns: (toolUuid: string, cursor: string | undefined, signal?: AbortSignal) =>
      request({ path: toolUrls.patterns(toolUuid, cursor), read: readPatternPage, signal })
  }
}

/** The version a row shows: the one that runs here, else the catalogue's. */
export const versionOf = (row: ToolRow): string => row.installation?.version ?? row.version

/** Whether a row's tool runs here, in words: "Installed", or why not and what to install. */
export const installedText = (installation: ToolInstallation | undefined): string => {
  if (installation === undefined) return "Unknown"
  if (installation.installed) return "Installed"
  const why = [installation.reason, installation.install].filter((part) => part !== undefined && part !== "")
  return why.length === 0 ? "Not installed" : `Not installed: ${why.join("; ")}`
}
