import {
  Commit,
  DeliveryMetrics as CoreDeliveryMetrics,
  Goals,
  Repository,
  RepositoryWithAnalysis as CoreRepositoryWithAnalysis,
  Tool as CoreTool,
  ToolSettings
} from "@tidemark/core"
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  type DeliveryMetrics,
  readMetrics,
  readRepository,
  readTools,
  type RepositoryWithAnalysis,
  type Tool
} from "../src/Api.js"

/**
 * The dashboard keeps its own readers (no Effect in the browser bundle), so these tests hold them
 * to the server's schemas: bodies encoded by core's schemas must read, and core's encoded types
 * must be assignable to the dashboard's shapes (checked by `tsc`).
 */
const typeCheck = {
  repository: (encoded: typeof CoreRepositoryWithAnalysis.Encoded): RepositoryWithAnalysis => encoded,
  tool: (encoded: typeof CoreTool.Encoded): Tool => encoded,
  metrics: (encoded: typeof CoreDeliveryMetrics.Encoded): DeliveryMetrics => encoded
}

const repository = new CoreRepositoryWithAnalysis({
  repository: new Repository({
    provider: "gh", owner: "acme", name: "demo", visibility: "Public", addedState: "Added", problems: [], languages: ["TypeScript", "JavaScript"], standards: []
  }),
  gradeLetter: "A",
  grade: 93,
  issuesCount: 4,
  issuesPercentage: 2,
  loc: 1200,
  lastAnalysedCommit: new Commit({
    sha: "0123456789abcdef", id: 7, commitTimestamp: "2026-03-02T10:00:00Z", authorName: "Ada", authorEmail: "ada@example.com", message: "first"
  }),
  goals: Goals.defaults
})

describe("the dashboard's shapes agree with core's schemas", () => {
  it("reads a repository core encodes", () => {
    const body = JSON.parse(JSON.stringify({ data: Schema.encodeSync(CoreRepositoryWithAnalysis)(repository) })) as unknown
    const read = readRepository(body, "")
    expect(read).toMatchObject({
      repository: { name: "demo", languages: ["TypeScript", "JavaScript"] },
      gradeLetter: "A",
      grade: 93,
      issuesCount: 4,
      loc: 1200,
      lastAnalysedCommit: { sha: "0123456789abcdef", authorName: "Ada" },
      goals: { maxIssuePercentage: 20, minCoveragePercentage: 60 }
    })
    expect(typeCheck.repository(Schema.encodeSync(CoreRepositoryWithAnalysis)(repository)).gradeLetter).toBe("A")
  })

  it("reads tools core encodes", () => {
    const tool = new CoreTool({
      uuid: "2a30ab97-477f-4769-8b88-af596ce7a94c",
      name: "ESLint9",
      isClientSide: false,
      settings: new ToolSettings({
        isEnabled: true, followsStandard: false, isCustom: false, hasConfigurationFile: false, usesConfigurationFile: false, enabledBy: []
      })
    })
    const body = JSON.parse(JSON.stringify({ data: [Schema.encodeSync(CoreTool)(tool)] })) as unknown
    expect(readTools(body, "")).toEqual([
      { uuid: tool.uuid, name: "ESLint9", settings: { isEnabled: true, followsStandard: false, usesConfigurationFile: false } }
    ])
  })

  it("reads delivery metrics core encodes", () => {
    const none = { value: null, level: "None" as const, series: [{ start: "2026-01-05T00:00:00Z", value: null }] }
    const metrics = Schema.decodeUnknownSync(CoreDeliveryMetrics)({
      from: "2026-01-05T00:00:00Z",
      to: "2026-01-12T00:00:00Z",
      deploymentFrequency: { value: 2, level: "Elite", series: [{ start: "2026-01-05T00:00:00Z", value: 2 }] },
      leadTimeForChanges: { ...none, p90: null },
      timeToRecover: none,
      changeFailureRate: { value: 0.25, level: "Low", series: [{ start: "2026-01-05T00:00:00Z", value: 0.25 }] }
    })
    const encoded = Schema.encodeSync(CoreDeliveryMetrics)(metrics)
    const read = readMetrics(JSON.parse(JSON.stringify({ data: encoded })) as unknown, "")
    expect(read.deploymentFrequency).toEqual({ value: 2, level: "Elite", series: [{ start: encoded.deploymentFrequency.series[0]?.start, value: 2 }] })
    expect(read.changeFailureRate.value).toBe(0.25)
    expect(typeCheck.metrics(encoded).timeToRecover.level).toBe("None")
  })
})
