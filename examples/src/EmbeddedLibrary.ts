/**
 * Embeds the Tidemark core in a program of your own, with no HTTP server: in-memory storage, the
 * generated tool catalogue and the git command line as the git reader. Swap any Layer below for
 * another adapter of the same port (e.g. PostgreSQL storage) and the program stays the same.
 *
 *   pnpm --filter @tidemark/examples embedded <path-to-a-git-repository>
 */
import { DnsNetworkAddresses, GitCli } from "@tidemark/adapter-git"
import { AnalysisCoverageScope, LogSarifReader, ReportCoverageReader } from "@tidemark/analysis"
import { catalogue } from "@tidemark/catalogue"
import { Access, DomainServices, PatternConfiguration, Repositories, ToolConfiguration } from "@tidemark/core"
import { CryptoIdGenerator, MemoryEventQueue, MemoryEventStore, StaticToolCatalogue, storageLayer } from "@tidemark/core/memory"
import { Effect, Layer, Option } from "effect"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { isScript, runScript } from "./Script.js"

export const EmbeddedLayer = DomainServices.layer().pipe(
  Layer.provideMerge(Layer.mergeAll(
    storageLayer,
    StaticToolCatalogue.layer(catalogue),
    GitCli.layer({ cacheDirectory: join(tmpdir(), "tidemark-example-git-cache") }),
    DnsNetworkAddresses.layer({ allowPrivate: false }),
    CryptoIdGenerator.layer,
    MemoryEventQueue.layer(),
    MemoryEventQueue.analysisLayer(),
    ReportCoverageReader.layer,
    AnalysisCoverageScope.layer,
    LogSarifReader.layer,
    MemoryEventStore.layer
  ))
)

/** Adds a local repository and summarises its tools and the enabled security patterns of ESLint9. */
export const summarise = (gitPath: string) =>
  Effect.gen(function*() {
    const access = yield* Access.Access
    yield* access.ensureAdmin(Option.some("example-admin"))
    const admin = Option.some(yield* access.authenticate("example-admin"))
    const repository = yield* (yield* Repositories.Repositories).add(admin, {
      provider: "gh",
      repositoryFullPath: "example/project",
      gitUrl: gitPath
    })
    const at = { provider: "gh", organization: "example", repository: "project" }
    const tools = yield* (yield* ToolConfiguration.ToolConfiguration).listTools(admin, at)
    const security = yield* (yield* PatternConfiguration.PatternConfiguration).list(admin, at, "2a30ab97-477f-4769-8b88-af596ce7a94c", {
      categories: ["Security"],
      enabled: true
    })
    return {
      languages: repository.languages,
      defaultBranch: repository.defaultBranch?.name,
      tools: tools.map((t) => `${t.name}: ${t.settings.isEnabled ? "enabled" : "disabled"}`),
      enabledSecurityPatterns: security.data.map((p) => p.patternDefinition.id)
    }
  })

if (isScript(import.meta.url)) {
  void runScript(summarise(process.argv[2] ?? ".").pipe(Effect.provide(EmbeddedLayer)))
}
