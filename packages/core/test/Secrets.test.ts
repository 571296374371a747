import { describe, expect, it } from "@effect/vitest"
import { Secrets } from "@tidemark/core"
import { Effect } from "effect"

describe("Secrets", () => {
  it.effect("SHA-256 and HMAC-SHA-256 in hex, as published test vectors give them", () =>
    Effect.gen(function*() {
      expect(yield* Secrets.sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
      // RFC 4231, test case 2.
      const data = new TextEncoder().encode("what do ya want for nothing?")
      expect(yield* Secrets.hmacSha256Hex("Jefe", data)).toBe("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
      // Bytes that view shared memory are signed all the same.
      const shared = new Uint8Array(new SharedArrayBuffer(data.length))
      shared.set(data)
      expect(yield* Secrets.hmacSha256Hex("Jefe", shared)).toBe("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }))

  it("compares equal texts as equal and any difference, of content or length, as different", () => {
    expect(Secrets.constantTimeEqual("s3cr3t", "s3cr3t")).toBe(true)
    expect(Secrets.constantTimeEqual("s3cr3t", "s3cr3T")).toBe(false)
    expect(Secrets.constantTimeEqual("s3cr3t", "s3cr3t!")).toBe(false)
    expect(Secrets.constantTimeEqual("", "")).toBe(true)
    expect(Secrets.constantTimeEqual("é", "e")).toBe(false)
  })

  it("reads an issued secret's id and secret; anything else is the admin token, whole", () => {
    expect(Secrets.parseSecret("tmt.abc123.s3cr3t")).toStrictEqual({ id: "abc123", secret: "s3cr3t" })
    expect(Secrets.parseSecret("tmk.k1.x")).toStrictEqual({ id: "k1", secret: "x" })
    expect(Secrets.parseSecret("tmr.r1.y")).toStrictEqual({ id: "r1", secret: "y" })
    for (const other of ["my-admin-token", "xyz.abc.def", "tmt..secret", "tmt.id.", "tmt.a.b.c"]) {
      expect(Secrets.parseSecret(other)).toStrictEqual({ id: "admin", secret: other })
    }
  })
})
