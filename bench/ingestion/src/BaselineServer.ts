/**
 * The baseline of phase (a), run as its own process like the Tidemark API: a bare `node:http`
 * server that parses the same JSON body, checks `$type`, publishes it to the same JetStream stream
 * with a message id and answers 204 after the PubAck. No Effect, no schema, no authentication:
 * the floor that HTTP + JSON + one durable publish cost on this machine.
 *
 *   PORT=… NATS_URL=… node --import tsx src/BaselineServer.ts
 */
import { DiscardPolicy, jetstream, jetstreamManager, RetentionPolicy, StorageType } from "@nats-io/jetstream"
import { connect } from "@nats-io/transport-node"
import { NatsEventQueue } from "@tidemark/adapter-nats"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"

const { stream, subject } = NatsEventQueue.topology({ servers: "" })
const port = Number(process.env["PORT"] ?? "0")
const host = process.env["HOST"] ?? "127.0.0.1"
const servers = process.env["NATS_URL"] ?? "nats://127.0.0.1:4222"
const types = new Set(["deployment", "change", "incident"])
const maxBodyBytes = 1024 * 1024

const nc = await connect({ servers, name: "tidemark-bench-baseline", noAsyncTraces: true })
const jsm = await jetstreamManager(nc)
// The same stream as the server's adapter creates (JetStreamTopology.streamConfig).
await jsm.streams.add({
  name: stream,
  subjects: [subject],
  storage: StorageType.File,
  retention: RetentionPolicy.Workqueue,
  discard: DiscardPolicy.Old,
  duplicate_window: 120_000_000_000,
  max_msgs: -1,
  max_bytes: -1,
  max_age: 0,
  num_replicas: 1
})
const js = jetstream(nc)

const answer = (res: ServerResponse, status: number, message?: string) => {
  if (message === undefined) {
    res.writeHead(status).end()
  } else {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ message }))
  }
}

const idOf = (event: Record<string, unknown>) => {
  const id = event["$type"] === "change" ? event["change_id"] : event["$type"] === "deployment" ? event["deploy_id"] : event["incident_id"]
  return typeof id === "string" ? id : undefined
}

const handle = async (req: IncomingMessage, res: ServerResponse, body: string) => {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return answer(res, 400, "malformed JSON")
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return answer(res, 400, "not an object")
  const event = parsed as Record<string, unknown>
  const type = event["$type"]
  const id = idOf(event)
  if (typeof type !== "string" || !types.has(type) || id === undefined) return answer(res, 400, "unknown $type or id")
  const system = new URL(req.url ?? "/", "http://localhost").searchParams.get("system") ?? ""
  try {
    await js.publish(subject, body, { msgID: `${system}:${type}:${id}`, timeout: 3_000 })
    answer(res, 204)
  } catch (error) {
    answer(res, 500, error instanceof Error ? error.message : String(error))
  }
}

const server = createServer((req, res) => {
  if (req.method !== "POST" || !(req.url ?? "").startsWith("/v1/ingestion/cli")) return answer(res, 404, "not found")
  const chunks: Array<Buffer> = []
  let size = 0
  req.on("data", (chunk: Buffer) => {
    size += chunk.length
    if (size <= maxBodyBytes) chunks.push(chunk)
  })
  req.on("end", () => {
    if (size > maxBodyBytes) return answer(res, 413, "body too large")
    void handle(req, res, Buffer.concat(chunks).toString("utf8"))
  })
})

server.listen(port, host, () => {
  const address = server.address()
  console.log(`baseline listening on ${typeof address === "object" && address !== null ? address.port : port}`)
})

const stop = () => {
  server.close()
  server.closeAllConnections()
  void nc.drain().finally(() => process.exit(0))
}
process.on("SIGTERM", stop)
process.on("SIGINT", stop)
