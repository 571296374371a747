import { describe, expect, it } from "@effect/vitest"
import * as DeliveryOwnership from "../src/DeliveryOwnership.js"

const clock = () => {
  let now = 0
  return { now: () => now, advance: (millis: number) => (now += millis) }
}

describe("DeliveryOwnership", () => {
  it("the newest delivery of a message is in charge; older ones are stale", () => {
    const owners = DeliveryOwnership.make(60_000)
    const first = owners.claim(7)
    expect(owners.isStale(7, first)).toBe(false)
    const second = owners.claim(7)
    expect(owners.isStale(7, first)).toBe(true)
    expect(owners.isStale(7, second)).toBe(false)
  })

  it("once settled for good, every delivery so far is stale, and a later one takes over", () => {
    const owners = DeliveryOwnership.make(60_000)
    const first = owners.claim(7)
    const second = owners.claim(7)
    owners.finish(7, second)
    expect([owners.isStale(7, first), owners.isStale(7, second)]).toEqual([true, true])
    const third = owners.claim(7)
    expect(owners.isStale(7, third)).toBe(false)
  })

  it("messages are told apart by their sequence", () => {
    const owners = DeliveryOwnership.make(60_000)
    const a = owners.claim(1)
    owners.claim(2)
    expect(owners.isStale(1, a)).toBe(false)
  })

  it("claims older than the horizon are forgotten: their deliveries are no longer stale", () => {
    const time = clock()
    const owners = DeliveryOwnership.make(1_000, time.now)
    const old = owners.claim(1)
    owners.claim(1)
    time.advance(500)
    const young = owners.claim(2)
    owners.claim(2)
    time.advance(600)
    owners.claim(3)
    expect(owners.isStale(1, old)).toBe(false)
    expect(owners.isStale(2, young)).toBe(true)
  })
})
