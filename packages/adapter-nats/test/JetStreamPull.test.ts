import { describe, expect, it } from "@effect/vitest"
import { deliveryInfo } from "../src/JetStreamPull.js"

describe("JetStreamPull.deliveryInfo", () => {
  it("reads the delivery count and the stream sequence from the ack subject", () => {
    expect(deliveryInfo("$JS.ACK.TIDEMARK_INGESTION.tidemark-worker.3.42.57.1795374023443911620.0")).toEqual({
      deliveryCount: 3,
      streamSequence: 42
    })
  })

  it("reads the newer form, with domain and account hash", () => {
    expect(deliveryInfo("$JS.ACK.hub.ACCHASH.STREAM.worker.2.9.11.1795374023443911620.4.token")).toEqual({
      deliveryCount: 2,
      streamSequence: 9
    })
  })

  it("rejects subjects that are no ack subjects", () => {
    expect(deliveryInfo(undefined)).toBeUndefined()
    expect(deliveryInfo("_INBOX.abc")).toBeUndefined()
    expect(deliveryInfo("$JS.ACK.S.c.x.1.1.1.0")).toBeUndefined()
    expect(deliveryInfo("$JS.ACK.S.c.1.2")).toBeUndefined()
  })
})
