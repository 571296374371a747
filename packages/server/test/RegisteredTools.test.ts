import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, layer } from "@effect/vitest"
import { Context, Effect, Layer, Schema } from "effect"
import { chmodSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { getJson, postJson, runCli, scratch, serverWithRepository } from "./CliFixture.js"
import { registeredToolUuid } from "../src/RegisteredToolsFile.js"

const adminToken = "tma_registered-tools-admin"
const slow = 120_000

/** A Go program with an issue of four of Staticcheck's checks (lines 7 and 8). */
const goProject = {
  "go.mod": "module example.com/m\n\ngo 1.19\n",
  "main.go": ["package main", "", "import \"fmt\"", "", "func main() {", "\tvar x []int", "\tx = append(x)", "\tfmt.Printf(\"%d\\n\", \"s\")", "}", ""].join("\n"),
  "README.md": "# m\n"
}

/**
 * The admin's registration: Staticcheck through its SARIF output, as golangci-lint or Semgrep would
 * be registered, with the caches Go and Staticcheck need in a folder the fenced user may write.
 */
const registration = (caches: string) => ({
  tools: [{
    name: "staticcheck-sarif",
    languages: ["Go"],
    command: ["go-staticcheck", "-f", "sarif", "./..."],
    timeoutSeconds: 120,
    memoryMegabytes: 4096,
    environment: { GOCACHE: join(caches, "go"), XDG_CACHE_HOME: caches, GOFLAGS: "-mod=mod", GOPROXY: "off" }
  }]
})

/** A server with the registration, and a Go repository `gopher` beside it. */
const fixture = serverWithRepository(adminToken, {
  env: (directory) => {
    const caches = join(directory, "caches")
    mkdirSync(caches)
    chmodSync(caches, 0o1777)
    const file = join(directory, "sarif-tools.json")
    writeFileSync(file, JSON.stringify(registration(caches)))
    return { TIDEMARK_SARIF_TOOLS: file }
  },
  repository: { name: "gopher", files: goProject }
})

class Fixture extends Context.Tag("RegisteredToolsFixture")<Fixture, Effect.Effect.Success<typeof fixture>>() {
  static readonly layer = Layer.scoped(Fixture, fixture).pipe(Layer.provide(NodeContext.layer))
}

const Tools = Schema.Struct({
  data: Schema.Array(Schema.Struct({ uuid: Schema.String, name: Schema.String, settings: Schema.Struct({ isEnabled: Schema.Boolean }) }))
})
const Pattern = Schema.Struct({ id: Schema.String, title: Schema.optional(Schema.String), level: Schema.String, enabled: Schema.Boolean })
const Patterns = Schema.Struct({ data: Schema.Array(Pattern) })
const Issues = Schema.Struct({
  data: Schema.Array(Schema.Struct({ patternInfo: Schema.Struct({ id: Schema.String, severityLevel: Schema.String }), filePath: Schema.String, lineNumber: Schema.Number }))
})

const uuid = registeredToolUuid("staticcheck-sarif")
const repositoryPath = "/api/v3/analysis/organizations/gh/acme/repositories/gopher"

describe("a tool the admin registered (TIDEMARK_SARIF_TOOLS)", () => {
  layer(Fixture.layer, { excludeTestServices: true, timeout: "60 seconds" })((it) => {
    it.effect("is in the catalogue, on for a Go repository, its SARIF results are issues, and the rules its log named become its patterns", () =>
      Effect.gen(function*() {
        const { cli, repository, server } = yield* Fixture
        expect((yield* cli(["repo", "add", "gh/acme/gopher", "--git", repository])).exitCode).toBe(0)
        const tools = Schema.decodeUnknownSync(Tools)((yield* getJson(server, `${repositoryPath}/tools`, adminToken)).body)
        expect(tools.data.find((tool) => tool.uuid === uuid)).toMatchObject({ name: "staticcheck-sarif", settings: { isEnabled: true } })
        const installation = yield* getJson(server, "/api/v3/installation/tools", adminToken)
        expect(installation.body).toMatchObject({ data: expect.arrayContaining([expect.objectContaining({ toolUuid: uuid, installed: true })]) })

        const analysed = yield* cli(["analyze", "gh/acme/gopher"])
        expect(analysed.exitCode, analysed.stderr).toBe(0)
        const searched = yield* postJson(server, `${repositoryPath}/issues/search?limit=100`, {}, adminToken)
        // Staticcheck itself, shipped and on for Go, finds its own issues beside: the registered tool's are under its prefix.
        const issues = Schema.decodeUnknownSync(Issues)(JSON.parse(searched.text)).data.filter((i) => i.patternInfo.id.startsWith("staticcheck-sarif_"))
        expect(issues.map((i) => [i.patternInfo.id, i.filePath, i.lineNumber, i.patternInfo.severityLevel]).sort()).toEqual([
          ["staticcheck-sarif_SA4006", "main.go", 7, "Warning"],
          ["staticcheck-sarif_SA4010", "main.go", 7, "Warning"],
          ["staticcheck-sarif_SA4021", "main.go", 7, "Warning"],
          ["staticcheck-sarif_SA5009", "main.go", 8, "Error"]
        ])
        // Staticcheck's log describes every check it has: a full page of patterns, found or not.
        const patterns = Schema.decodeUnknownSync(Patterns)((yield* getJson(server, `/api/v3/tools/${uuid}/patterns?limit=100`, adminToken)).body)
        expect(patterns.data).toHaveLength(100)
        const pattern = yield* getJson(server, `/api/v3/tools/${uuid}/patterns/staticcheck-sarif_SA4006`, adminToken)
        expect(Schema.decodeUnknownSync(Schema.Struct({ data: Pattern }))(pattern.body).data).toEqual({
          id: "staticcheck-sarif_SA4006",
          title: "A value assigned to a variable is never read before being overwritten. Forgotten error check or dead code?",
          level: "Warning",
          enabled: true
        })
      }), slow)

    it.effect("a pattern the repository disables leaves the next analysis", () =>
      Effect.gen(function*() {
        const { cli, server } = yield* Fixture
        const disabled = yield* Effect.promise(() =>
          fetch(`${server.url}${repositoryPath}/tools/${uuid}`, {
            method: "PATCH",
            headers: { "content-type": "application/json", "api-token": adminToken },
            body: JSON.stringify({ enabled: true, patterns: [{ id: "staticcheck-sarif_SA4010", enabled: false }] })
          }))
        expect(disabled.status).toBe(204)
        expect((yield* cli(["analyze", "gh/acme/gopher"])).exitCode).toBe(0)
        const searched = yield* postJson(server, `${repositoryPath}/issues/search?limit=100`, {}, adminToken)
        const ids = Schema.decodeUnknownSync(Issues)(JSON.parse(searched.text)).data.map((i) => i.patternInfo.id).filter((id) => id.startsWith("staticcheck-sarif_")).sort()
        expect(ids).toEqual(["staticcheck-sarif_SA4006", "staticcheck-sarif_SA4021", "staticcheck-sarif_SA5009"])
      }), slow)
  })

  layer(NodeContext.layer, { excludeTestServices: true })((it) => {
    it.effect("a registration file that does not hold what it should stops the server's start, saying why", () =>
      Effect.gen(function*() {
        const directory = yield* scratch
        const file = join(directory, "sarif-tools.json")
        writeFileSync(file, JSON.stringify({ tools: [{ name: "ESLint9", languages: ["JavaScript"], command: ["eslint"] }] }))
        const taken = yield* runCli(["serve"], { PORT: "0", TIDEMARK_DATA_DIR: join(directory, "data"), TIDEMARK_SARIF_TOOLS: file })
        expect(taken.exitCode).not.toBe(0)
        expect(taken.stderr).toContain("the name ESLint9 is taken")
      }).pipe(Effect.scoped), slow)
  })
})
