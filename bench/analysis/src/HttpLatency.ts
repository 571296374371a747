import { Worker } from "node:worker_threads"

/**
 * A client on a thread of its own that asks `url` every `intervalMs` and keeps each answer's
 * latency: its event loop is not the server's, so a server that holds its loop shows as slow
 * answers, not as requests that were never sent. Each request is timed from when it was due (not
 * from when it went out), so that a late one counts its wait too.
 */
const clientSource = `
const { parentPort, workerData } = require("node:worker_threads")
const { url, intervalMs } = workerData
const latencies = []
let stopped = false
parentPort.on("message", () => { stopped = true })
const run = async () => {
  let due = performance.now()
  while (!stopped) {
    const response = await fetch(url)
    await response.arrayBuffer()
    latencies.push(performance.now() - due)
    due += intervalMs
    const wait = due - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  }
  parentPort.postMessage(latencies)
}
run().catch((error) => { throw error })
`

export interface Sampler {
  /** Stops asking and answers every latency measured, in milliseconds. */
  readonly stop: () => Promise<ReadonlyArray<number>>
}

export const sample = (url: string, intervalMs: number): Sampler => {
  const client = new Worker(clientSource, { eval: true, workerData: { url, intervalMs } })
  const result = new Promise<ReadonlyArray<number>>((resolve, reject) => {
    client.once("message", (latencies: ReadonlyArray<number>) => resolve(latencies))
    client.once("error", reject)
  })
  return {
    stop: async () => {
      client.postMessage("stop")
      const latencies = await result
      await client.terminate()
      return latencies
    }
  }
}
