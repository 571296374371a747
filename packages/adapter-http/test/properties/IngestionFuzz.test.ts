/**
 * 10 000 malformed or mutated bodies per ingestion operation: every answer is 400 or 204/202, never
 * a 500, and what was accepted and processed is only ever valid events.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { HttpClient, HttpClientRequest } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { DnsNetworkAddresses } from "@tidemark/adapter-git"
import { HttpServer } from "@tidemark/adapter-http"
import { LogSarifReader, ReportCoverageReader } from "@tidemark/analysis"
import { catalogue } from "@tidemark/catalogue"
import {
  Access,
  DomainServices,
  EventQueue,
  EventStore,
  FileLines,
  GitChanges,
  GitReader,
  IngestionEvents,
  IngestionWorker,
  OrganizationStore
} from "@tidemark/core"
import {
  CryptoIdGenerator,
  MemoryEventQueue,
  MemoryEventStore,
  StaticToolCatalogue,
  StaticToolInstallations,
  storageLayer
} from "@tidemark/core/memory"
import { Effect, FastCheck as fc, Layer, Schema } from "effect"

const requestsPerOperation = 2_000

const unused = (url: string) => Effect.fail(new GitReader.GitReadError({ url, reason: "not used" }))
const noGit = Layer.mergeAll(
  Layer.succeed(GitReader.GitReader, GitReader.GitReader.of({ read: unused, forget: unused })),
  Layer.succeed(FileLines.FileLines, FileLines.FileLines.of({ read: unused, texts: unused })),
  Layer.succeed(GitChanges.GitChanges, GitChanges.GitChanges.of({ mergeBase: unused, changedFiles: unused, diff: unused, commitsBetween: unused, commit: unused }))
)

const pipeline = Layer.mergeAll(
  HttpServer.layer({ version: "fuzz" }),
  IngestionWorker.IngestionWorker.Default({ pollWait: "0 millis", batchSize: 512 })
).pipe(
  Layer.provideMerge(DomainServices.layer()),
  Layer.provideMerge(Layer.mergeAll(
    storageLayer,
    StaticToolCatalogue.layer(catalogue),
    StaticToolInstallations.layer([]),
    noGit,
    DnsNetworkAddresses.layer({ allowPrivate: false }),
    CryptoIdGenerator.layer,
    MemoryEventQueue.layer(),
    MemoryEventQueue.analysisLayer(),
    ReportCoverageReader.layer,
    LogSarifReader.layer,
    MemoryEventStore.layer
  )),
  Layer.provideMerge(NodeHttpServer.layerTest)
)

const instant = fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2040-01-01T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString())
const id = fc.string({ minLength: 1, maxLength: 40 })
const validEvent = fc.oneof(
  fc.record({ $type: fc.constant("change"), change_id: id, time_created: instant }),
  fc.record({
    $type: fc.constant("deployment"),
    deploy_id: id,
    time_created: instant,
    changes: fc.array(id, { maxLength: 40 }),
    teams: fc.array(fc.string(), { maxLength: 3 })
  }),
  fc.tuple(id, instant, fc.integer({ min: 1, max: 10_000_000 })).map(([incident_id, created, gap]) => ({
    $type: "incident",
    incident_id,
    time_created: created,
    time_resolved: new Date(Date.parse(created) + gap).toISOString()
  }))
)

/** A valid event with one field replaced, removed or added; or anything at all. */
const mutatedEvent = fc.oneof(
  validEvent,
  fc.tuple(validEvent, fc.string({ maxLength: 12 }), fc.anything()).map(([event, key, value]) => ({ ...event, [key]: value })),
  fc.tuple(validEvent, fc.nat()).map(([event, n]) => {
    const keys = Object.keys(event)
    const drop = keys[n % keys.length] ?? ""
    return Object.fromEntries(Object.entries(event).filter(([key]) => key !== drop))
  }),
  fc.tuple(validEvent, fc.constantFrom("time_created", "change_id", "deploy_id", "incident_id", "changes", "source", "$type"), fc.anything())
    .map(([event, key, value]) => ({ ...event, [key]: value })),
  fc.anything()
)

const bodies = (arbitrary: fc.Arbitrary<unknown>, seed: number) =>
  fc.sample(arbitrary, { numRuns: requestsPerOperation, seed }).map((value) => {
    // Some bodies are not even JSON.
    const text = JSON.stringify(value)
    return text === undefined ? "{" : text
  })

const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  Effect.flatMap(HttpClient.HttpClient, (client) =>
    client.execute(
      HttpClientRequest.post(url).pipe(
        HttpClientRequest.setHeaders({ "content-type": "application/json", ...headers }),
        HttpClientRequest.bodyText(body, "application/json")
      )
    )).pipe(Effect.map((response) => response.status), Effect.scoped)

describe("ingestion under malformed input", () => {
  it.live("answers 204 or 400 to 2 000 mutated events, and stores only valid events", () =>
    Effect.gen(function*() {
      const access = yield* Access.Access
      const organization = yield* Effect.flatMap(OrganizationStore.OrganizationStore, (s) => s.ensureOrganization("gh", "fuzz"))
      const { secret } = yield* access.issue("ingestion", organization, "write")
      const statuses = yield* Effect.forEach(
        bodies(mutatedEvent, 20240501),
        (body) => post(`/v1/ingestion/cli?api_key=${secret}&system=fuzz`, body),
        { concurrency: 32 }
      )
      const counts = new Map<number, number>()
      for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1)
      expect([...counts.keys()].sort()).toEqual([204, 400])

      // Process everything accepted: every stored event is a valid event.
      const worker = yield* IngestionWorker.IngestionWorker
      while ((yield* worker.processBatch) > 0) { /* drain */ }
      const stored = yield* Effect.flatMap(EventStore.EventStore, (s) => s.load(organization.id, "fuzz"))
      const all = [...stored.deployments, ...stored.changes, ...stored.incidents]
      expect(all.length).toBeGreaterThan(0)
      for (const event of all) Schema.decodeUnknownSync(IngestionEvents.Event)(Schema.encodeSync(IngestionEvents.Event)(event))
      expect(yield* Effect.flatMap(EventQueue.EventQueue, (q) => q.deadLetters(10))).toEqual([])
    }).pipe(Effect.provide(pipeline)), 240_000)

  it.live("answers 202 or 400 to 2 000 arbitrary provider payloads; what cannot become events is dead-lettered", () =>
    Effect.gen(function*() {
      const access = yield* Access.Access
      const organization = yield* Effect.flatMap(OrganizationStore.OrganizationStore, (s) => s.ensureOrganization("gh", "fuzz-providers"))
      const { secret } = yield* access.issue("ingestion", organization, "write")
      const providers = ["github", "gitlab", "pagerduty", "jira"] as const
      const payloads = bodies(fc.oneof(fc.object(), fc.anything()), 20240502)
      const statuses = yield* Effect.forEach(
        payloads,
        (body, i) =>
          post(`/v1/ingestion/${providers[i % providers.length]}?api_key=${secret}`, body, { "x-github-event": "push" }),
        { concurrency: 32 }
      )
      const answered = new Set(statuses)
      expect([...answered].every((s) => s === 202 || s === 400)).toBe(true)
      expect(answered.has(202)).toBe(true)

      const worker = yield* IngestionWorker.IngestionWorker
      while ((yield* worker.processBatch) > 0) { /* drain */ }
      const systems = yield* Effect.flatMap(EventStore.EventStore, (s) => s.systems(organization.id))
      for (const system of systems) {
        const stored = yield* Effect.flatMap(EventStore.EventStore, (s) => s.load(organization.id, system))
        for (const event of [...stored.deployments, ...stored.changes, ...stored.incidents]) {
          Schema.decodeUnknownSync(IngestionEvents.Event)(Schema.encodeSync(IngestionEvents.Event)(event))
        }
      }
      const dead = yield* Effect.flatMap(EventQueue.EventQueue, (q) => q.deadLetters(requestsPerOperation))
      expect(dead.every((d) => d.reason.length > 0)).toBe(true)
    }).pipe(Effect.provide(pipeline)), 240_000)
})
